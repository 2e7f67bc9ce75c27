"""The reference's examples, one a section: each is a file of the fixture game (tests/fixture, the
game `mini`), and tests/test_reference.py builds the fixture with each in its place, so an
example that does not build fails the tests. Section -> (the file it replaces, its text)."""

from __future__ import annotations

EXAMPLES = {
    "face": (
        "layouts/mini/card-front.yaml",
        """\
# A poker card's front: a band of the colour a deck may choose, the title, the text.
size: poker            # a card name from sizes.yaml, or 63.5mm x 88.9mm
bleed: 3mm
safe: 3mm              # every frame stays 3 mm inside the trim
min_size: 6            # text may shrink to 6 pt to fit, no further
params: {band: accent} # a deck may say front: {layout: card-front, with: {band: ink}}
shapes:
  - {id: paper, at: bleed, fill: paper}
  - {id: band, at: [-3, -3, 69.5, 20], fill: "{{ params.band }}"}
frames:
  - {id: title, at: [4, 4, 55.5, 12], valign: middle, markup: '<p style="card-title">{{ card.title }}</p>'}
  - {id: text, at: [4, 22, 55.5, 60], markup: "<p>{{ card.text }}</p>"}
""",
    ),
    "shape": (
        "layouts/mini/chip.yaml",
        """\
# A round chip, cut on its circle; the cards butted on the sheet.
size: 20mm x 20mm
cut: circle
gutter: 0
shapes:
  - {id: disc, shape: ellipse, at: trim, fill: faint, stroke: ink, width: 0.5pt}
  - {id: rule, line: [4, 14, 16, 14], stroke: muted, width: 0.4pt, dash: [1pt, 1pt]}
  - {id: dot, shape: ellipse, at: [9, 2, 2, 2], fill: accent, when: "card.value > 2"}
frames:
  - {id: value, at: [2, 2, 16, 12], valign: middle, markup: '<p style="chip">{{ card.value }}</p>'}
""",
    ),
    "frame": (
        "layouts/mini/card-back.yaml",
        """\
# A card back: the game's title in a rounded box, upside down.
size: poker
bleed: 3mm
shapes:
  - {id: paper, at: bleed, fill: accent}
frames:
  - id: name
    at: [6, 30, 51.5, 28.9]
    valign: middle
    pad: 2
    fill: paper
    stroke: ink
    width: 1pt
    radius: 3
    rotate: 180
    markup: <p align="center"><b>{{ game.title }}</b></p>
""",
    ),
    "track": (
        "layouts/mini/board.yaml",
        """\
# A board: a loop of spaces round its edge, each space the layout `space`, from the bottom
# right corner clockwise. Its corners are 50 mm squares; every space is turned to read from its
# own edge of the table, so `space` is drawn upright, as on the bottom row.
size: 300mm x 200mm
shapes:
  - {id: paper, at: trim, fill: paper}
tracks:
  - id: track
    spaces: spaces
    path: loop
    cols: 3
    rows: 3
    at: [10, 10, 280, 180]
    gap: 2mm
    corner: 50mm
    start: bottom-right
    facing: edge
    face: space
frames:
  - {id: title, at: [110, 80, 80, 40], valign: middle, markup: '<h1 align="center">{{ game.title }}</h1>'}
""",
    ),
    "net": (
        "layouts/mini/die.yaml",
        """\
# A page with a six-sided die to cut, fold and glue: faces 1 to 6, each the layout `die-face`.
size: paper
nets:
  - {id: d6, type: d6, at: [40, 40], edge: 25mm, faces: "range(1, 7)", face: die-face}
""",
    ),
    "document": (
        "layouts/mini/rules.yaml",
        """\
# The rules: the common document (its header and footer) in two columns, at most 4 pages.
extends: document
margins: 14mm 16mm
columns: 2
gap: 8mm
pages: 4
body: |
  {% for r in rules %}
  <h2>{{ r.title }}</h2>
  <p>{{ r.text }}</p>
  {% endfor %}
""",
    ),
    "style": (
        "layouts/mini/styles.yaml",
        """\
# Named styles and colours: on top of layouts/common/styles.yaml, property by property.
styles:
  card-title: {size: 12, leading: 14, bold: true, color: paper, hyphenate: false}
  chip: {size: 14, leading: 16, bold: true, align: center}
  aside: {extends: small, italic: true, space_before: 2, tracking: 0.2}
colors:
  accent: "#7a2e8c"
""",
    ),
    "sizes": (
        "layouts/mini/sizes.yaml",
        """\
# Names this game adds to the papers and card trims of layouts/common/sizes.yaml.
papers:
  tabloid: 11in x 17in
cards:
  classroom: 72mm x 124mm
""",
    ),
    "markup": (
        "layouts/mini/rules.yaml",
        """\
extends: document
body: |
  <toc/>
  <h1>Rules</h1>
  {% for r in rules %}
  <h2>{{ r.title }}</h2>
  <p>{{ r.text }}<index item="{{ r.title }}"/></p>
  {% endfor %}
  <table widths="30mm *" lines="rows" head_style="small">
    <tr><th>Chip</th><th>Value</th></tr>
    {% for c in chips %}<tr><td>{{ c.id }}</td><td align="right">{{ c.value }}</td></tr>{% endfor %}
  </table>
  <box pad="2mm" fill="faint" radius="1mm"><p>A <b>box</b>, <i>inline</i> <span color="accent">colour</span>.</p></box>
  <rule width="0.5pt" before="2mm" after="2mm"/>
  <cols gap="6mm"><col><p>Left.</p></col><col><p>Right.</p></col></cols>
  <face layout="space" item="spaces.river"/>
  <h2>Index</h2>
  <index_list/>
""",
    ),
    "variables": (
        "layouts/mini/card-back.yaml",
        """\
# A back sees the deck (its name and count), the component, the kit, and the game's collections.
size: poker
bleed: 3mm
shapes:
  - {id: paper, at: bleed, fill: accent}
frames:
  - id: name
    at: [4, 30, 55.5, 28.9]
    valign: middle
    markup: |
      <p style="card-title" align="center">{{ game.title }}: {{ component.title }}</p>
      <p style="small" align="center">{{ deck.name }}, {{ deck.count }} cards, {{ kit.paper }}</p>
""",
    ),
    "filters": (
        "layouts/mini/rules.yaml",
        """\
extends: document
body: |
  <p>{{ {'one': '{n} rule', 'other': '{n} rules'} | plural(rules | length) }};
  {{ 1234567 | thousands }} coins; a bonus of {{ 2 | signed }}; {{ 2.50 | number }} each.</p>
  <p>{{ 'Worth {v} points' | fill(v=chips | sum(attribute='value')) }}.</p>
  <p>Kinds of chip: {{ tally(chips, "value") | length }}; shares: {{ share_coins(10, [3, 2, 1]) | join(', ') }};
  total: {{ dot({'a': 2, 'b': 3}, {'a': 1, 'b': 2}) }}.</p>
  {% for r in rules %}<p>{{ r.text | indexed(['board', 'die', 'mill']) }}</p>{% endfor %}
  <index_list/>
""",
    ),
}
