# Two commands on a fresh machine: `make kit` builds every kit (every game, language and paper),
# `make test` runs the tests.
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
BENCH_STAMP = $(VENV)/.installed-bench
PAPERS ?= a4 letter a3
comma  := ,
empty  :=
space  := $(empty) $(empty)

.PHONY: test-fast kit test check bench clean fonts-cjk

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m compileall -q src/kitpress  # an editable install is not compiled; PYTHONDONTWRITEBYTECODE may be set
	touch $(STAMP)

# make bench also needs the peers it measures kitpress against (Typst)
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

# every paper in one process: the papers of a game share its parsed content and composed faces
kit: $(STAMP)
	$(PY) -m compileall -q src/kitpress  # what changed since: 80 ms, where every process would compile it again
	$(VENV)/bin/kitpress build --all --lang all --paper $(subst $(space),$(comma),$(strip $(PAPERS)))

check: $(STAMP)
	$(VENV)/bin/kitpress check --all

test: $(STAMP)
	$(PY) -m pytest

test-fast: $(STAMP)  # the quick loop, on two cores: what `slow` leaves out runs in `make test`
	$(PY) -m pytest -m "not slow" -n 2

clean:
	rm -rf build

# Chinese, Japanese and Korean kits print in Debian's Noto Sans CJK (too large to bundle)
fonts-cjk:
	test -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc || \
	  (apt-get update -qq && apt-get install -y -qq fonts-noto-cjk) || \
	  echo "install Debian's fonts-noto-cjk as root: apt-get install fonts-noto-cjk"

bench: $(BENCH_STAMP)
	$(PY) -m compileall -q src/kitpress  # a module edited since the install is not compiled again for each run
	$(PY) tools/bench.py
