# `make test` works on a fresh machine: it creates (or reuses) .venv, installs the
# package with its test dependencies, and runs the test suite on both cores.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test demo bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch first, pinned: the local CPU build (an unpinned torch pulls CUDA packages)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -n 2 -q --doctest-modules tests florentine_envs

demo: $(STAMP)
	$(VENV)/bin/florentine demo

bench: $(STAMP)
	$(VENV)/bin/florentine bench

clean:
	rm -rf $(VENV) runs .pytest_cache
