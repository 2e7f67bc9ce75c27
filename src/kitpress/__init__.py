"""kitpress: YAML content to print-ready table kits for classroom board games."""

from kitpress import keptpatterns, lazyimports, quickclasses

keptpatterns.install()  # before the patterns of what follows are compiled
quickclasses.install()  # before any dataclass is made
lazyimports.install()  # before reportlab imports Pillow

from kitpress import collector  # noqa: E402

with collector.importing():  # objects that live as long as the process: never walked by the cycle collector
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping

# reportlab's modules copy their default font name when first imported; name ours (and how its
# bold and italic faces are called) before they do, so nothing - a table of contents, an index -
# ever falls back to a non-embedded Helvetica. The faces themselves are registered by fonts.py.
for _bold, _italic, _face in ((0, 0, "Sans"), (1, 0, "Sans-Bold"), (0, 1, "Sans-Italic"), (1, 1, "Sans-BoldItalic")):
    addMapping("Sans", _bold, _italic, _face)
rl_config.canvas_basefontname = "Sans"

__version__ = "0.1.0"
# Compressed streams stay binary: ASCII85 only made every file a quarter larger and slower to write.
rl_config.useA85 = 0

from kitpress import quickpatterns  # noqa: E402 - after reportlab's settings

quickpatterns.install()
