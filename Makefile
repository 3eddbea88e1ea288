# One command for each job on a fresh machine; each sets itself up first.
#   make demo   build a dataset from the built-in corpus into ./semforge-out
#   make test   run the test suite
#   make bench  run the benchmarks (ratios against baselines measured in the same run)

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
OUT    ?= semforge-out

.PHONY: setup demo test bench clean

# setuptools adds a note to every editable install of a package laid out with package-dir, as
# this one is ("folders ... with the same name as your package may take precedence"): known and
# harmless here, so the installs leave it out (PYTHONWARNINGS matches the note's first words).
QUIET_EDITABLE = PYTHONWARNINGS="ignore:Editable installation:UserWarning"

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e ".[test,crosshair]"
	touch $@

# The tests also run a real vLLM engine on the CPU: its CPU build (several GB) is installed once.
# It drags in torchvision/torchaudio/torchcodec, unused, and PyPI's torchvision does not import
# beside the CPU torch it pins: they are removed.
$(VENV)/.installed-llm: $(VENV)/.installed
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e ".[test,crosshair,llm-cpu]"
	$(BIN)/python -m pip uninstall --quiet -y torchvision torchaudio torchcodec
	touch $@

demo: setup
	$(BIN)/semforge run --out $(OUT)

test: setup $(VENV)/.installed-llm
	$(BIN)/python -m pytest -q -ra

bench: setup
	$(BIN)/python benchmarks/demo_throughput.py
	$(BIN)/python benchmarks/verify_throughput.py
	$(BIN)/python benchmarks/rule_throughput.py
	$(BIN)/python benchmarks/mutants.py

clean:
	rm -rf $(OUT) .pytest_cache .hypothesis build *.egg-info
