# Two commands: `make demo` and `make test`. Both set up .venv first; a second run
# skips the install while requirements.txt and pyproject.toml are unchanged.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The distributed extra (Dask, for `agentcourse grade --scheduler`): tests and benchmarks only.
CLUSTER_STAMP := $(VENV)/.installed-distributed

.PHONY: demo test test-live bench arena mutate lint setup agents site site-serve linkcheck clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit("Python 3.11+ is needed, found " + sys.version.split()[0]) if sys.version_info < (3, 11) else None'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

$(CLUSTER_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[distributed]'
	@touch $(CLUSTER_STAMP)

demo: $(STAMP)
	$(BIN)/agentcourse demo

test: $(STAMP) $(CLUSTER_STAMP)
	$(BIN)/python -m pytest -n 3 --dist worksteal -q --durations=10

# Anthropic's Claude Code CLI (with npm) and Agent SDK, pinned, into a cache folder outside
# the repository; tests/tutor/test_reference_agents.py runs them against the tutor, and
# skips without them. Not part of `make test`: it downloads about 600 MB once.
agents: $(STAMP)
	$(BIN)/python tests/tutor/reference_agents.py install

test-live: $(STAMP)
	$(BIN)/python -m pytest -m live -q

bench: $(STAMP) $(CLUSTER_STAMP)
	$(BIN)/python -m bench

# The arena's baseline: every checkpoint from 03 on (arena/ladder.py's RUNGS) on the practice set (docs/figures/arena/ladder.csv
# and ladder.png, and the table of where a lesson costs more than it saves). Not part of
# `make test`, which runs a two-family slice of it.
arena: $(STAMP)
	$(BIN)/agentcourse arena ladder --out docs/figures/arena

# Mutation testing of the safety code and the tutor's validator (docs/MUTATION.md); not
# part of `make test`: it takes tens of minutes. Installs cosmic-ray from pyproject's extra.
mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	$(BIN)/python -m mutation

# The course as a website, built offline into .site/html (agentcourse/site/build.py).
site: $(STAMP)
	$(BIN)/python -m agentcourse.site.build

# Build, then serve the site on http://127.0.0.1:8000 (search needs a server, not file://).
site-serve: site
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory .site/html 8000

# Every external link of the lectures, the glossary and the API index, fetched: needs the
# network, so it is not part of `make test`.
linkcheck: $(STAMP)
	$(BIN)/python -m agentcourse.site.linkcheck

lint: $(STAMP)
	$(BIN)/ruff check agentcourse tests bench checkpoints mutation

clean:
	rm -rf $(VENV) .grading .site
