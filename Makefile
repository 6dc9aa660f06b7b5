# croupier: two commands do everything on a fresh machine.
#   make demo   create .venv, install, run the demo
#   make test   create .venv, install with test tools, run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean chromium fonts models

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/croupier demo

# The browser tests drive Debian's Chromium (never `playwright install`); CI runs as root with apt.
chromium:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	  || echo "warning: could not install chromium: the browser tests will be skipped"

# The synthetic cards and printed matter are drawn in Debian's DejaVu and Liberation fonts, and the
# recognition tests' frames are those drawings: without Liberation they draw other faces (Chromium
# pulls the fonts in, which hid this need until a machine had no Chromium yet).
fonts:
	@test -d /usr/share/fonts/truetype/liberation || (apt-get update -qq && apt-get install -y -qq fonts-liberation >/dev/null) \
	  || echo "warning: could not install fonts-liberation: some synthetic-frame tests will fail"

test: $(VENV)/.installed-dev chromium fonts
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/evaluator.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache

# Card recogniser: regenerate the synthetic data and retrain both stages (about 1.5 h on 2 CPU
# cores; fetches the npm card artwork). The committed models/ make this unnecessary for `test`.
models: $(VENV)/.installed-dev fonts
	$(BIN)/python -m pip install --quiet torch==2.14.1 torchvision==0.29.1
	$(BIN)/python -m pip install --quiet -e ".[dev,train]"
	$(BIN)/croupier synth build/vision/data
	$(BIN)/croupier train classifier --threads 1 --epochs 8
	$(BIN)/croupier train detector --hours 1.0 --epochs 40
