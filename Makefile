# `make test` works on a fresh machine: it creates (or reuses) .venv, installs the
# package with its test dependencies (the ``test`` extra, which brings the ``ray`` extra: the
# balance tests start a local Ray instance with 2 CPUs, and the ``docs`` extra), builds the
# documentation strictly and runs the test suite on both cores.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test test-floor docs demo bench test-rllib clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch first, pinned: the local CPU build (an unpinned torch pulls CUDA packages)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP) test-floor docs
	$(PY) -m pytest -n 2 -q --doctest-modules tests florentine_envs

# The floors of the core dependencies, tested: a venv of its own (no torch) with every core
# dependency at the lowest version pyproject.toml admits (its ">=" read as "=="), the package
# installed without dependencies, and the environment contract played on every game
# (PettingZoo AEC and parallel, Gymnasium, make_vec in both autoreset modes).
FLOOR_VENV := .venv-floor
FLOOR_STAMP := $(FLOOR_VENV)/.installed

$(FLOOR_STAMP): pyproject.toml
	test -x $(FLOOR_VENV)/bin/python || python3 -m venv $(FLOOR_VENV)
	$(FLOOR_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(FLOOR_VENV)/bin/python -m pip install --quiet "pytest>=8" $$(python3 -c "import re; \
		text = open('pyproject.toml').read().split('dependencies = [', 1)[1].split(']', 1)[0]; \
		print(' '.join(d.replace('>=', '==') for d in re.findall(r'\"([^\"]+)\"', text)))")
	$(FLOOR_VENV)/bin/python -m pip install --quiet --no-deps -e .
	touch $(FLOOR_STAMP)

test-floor: $(FLOOR_STAMP)
	$(FLOOR_VENV)/bin/python -m pip list 2>/dev/null | grep -iE "^(numpy|numba|gymnasium|pettingzoo) "
	# the floor's numba compiles the kernels into a cache of its own (numba drops another version's cache)
	NUMBA_CACHE_DIR=$(FLOOR_VENV)/numba-cache $(FLOOR_VENV)/bin/python -m pytest -q -p no:cacheprovider tests/test_env_contract.py

# The documentation site (mkdocs.yml) into site/, strictly: a warning (a broken link, a docstring
# that does not render) fails the build. Offline: no fonts or CDN fetched. The game pages, their
# pictures and the changelog are generated from the games by docs/gen_pages.py. The two variables
# silence a banner that mkdocs-material and its plugins print about the future of MkDocs.
docs: $(STAMP)
	DISABLE_MKDOCS_2_WARNING=true NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

demo: $(STAMP)
	$(VENV)/bin/florentine demo

# The peers (PettingZoo classic, OpenSpiel) come from the optional ``bench`` extra; ``make test``
# does not need them (their rows are skipped when absent).
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e ".[bench]"
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(VENV)/bin/florentine bench

# RLlib pins its own gymnasium (1.2.2 for ray 2.60; the main venv may hold a newer one), so its
# recipe (florentine_envs/training/rllib.py) is tested in a venv of its own from the ``rllib`` extra.
RLLIB_VENV ?= .venv-rllib
RLLIB_PY := $(RLLIB_VENV)/bin/python
RLLIB_STAMP := $(RLLIB_VENV)/.installed

$(RLLIB_STAMP): pyproject.toml
	test -x $(RLLIB_PY) || python3 -m venv $(RLLIB_VENV)
	$(RLLIB_PY) -m pip install --quiet --upgrade pip
	$(RLLIB_PY) -m pip install --quiet torch==2.13.0
	$(RLLIB_PY) -m pip install --quiet -e ".[rllib]" pytest
	touch $(RLLIB_STAMP)

test-rllib: $(RLLIB_STAMP)
	$(RLLIB_PY) -m pytest -q -p no:cacheprovider tests/test_rllib.py

clean:
	rm -rf $(VENV) $(FLOOR_VENV) $(RLLIB_VENV) runs site .pytest_cache
