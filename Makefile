# Nepali Language Service. The two commands: `make run` and `make test`.
# Every target is idempotent: a second run does only what changed.

SHELL := /bin/bash
.DEFAULT_GOAL := help
NODE ?= node
DATA_DIR ?= native-data
export DATA_DIR

TS_SOURCES := $(shell find src test bench -name '*.ts' 2>/dev/null)
# The folders too: deleting a source changes only its folder's time. (Absolute: `test` and `bench`
# are also targets.)
TS_DIRS := $(addprefix $(CURDIR)/,$(shell find src test bench -type d 2>/dev/null))
# What the data build depends on: the pipeline, the store, engine/lang and engine/spell (the
# confusion-key index, the morphology's forms and the stored spellcheck verdicts, which a thread
# ignores when its lang and spell code differ: src/engine/spell/fingerprint.ts) and engine/roman
# (the roman aliases and their keys) and engine/lookup (the entries' JSON, the English meanings'
# index, the headwords of forms). Only these and the npm packages (lmdb writes the store) rebuild
# the data: an edit to a test, the HTTP layer or a bench compiles and runs at once.
DATA_SOURCES := $(shell find src/build src/store src/engine/lang src/engine/spell src/engine/roman -name '*.ts' 2>/dev/null) data/tesseract-langdata-nep/nep.wordlist
DATA_SOURCES += $(shell find src/engine/lookup data/foss-np-glossary data/pavlick-ne-en-dictionary -type f 2>/dev/null) data/google-language-resources-ne/prompts.tsv data/google-language-resources-ne/lexicon.tsv
DATA_STAMP := $(DATA_DIR)/current/SOURCES.json
DEPS_STAMP := node_modules/.installed
BUILD_STAMP := dist/.built
CACHE_SRC := $(DATA_DIR)/cache/src

.PHONY: help setup deps data build run start test test-unit test-stress bench bench-quality clean check-node check format docs cluster cluster-stop data-archive data-from-archive

help:
	@echo "make run    install, build the data, start the service (foreground)"
	@echo "make test   install, build the data, run every test (one file: make test TESTS=dist/test/http/live.test.js)"
	@echo "make test-unit   only the tests that need no data (no make data first)"
	@echo "make test-stress   the suite twice on one core with the other busy (flushes out timing-dependent tests)"
	@echo "make docs   regenerate docs/configuration.md and docs/api-reference.md"
	@echo "make check  types (tsc --noEmit), format (prettier --check) and lint (eslint, no import cycles); make format rewrites the format"
	@echo "make setup | deps | data | build | bench | clean"
	@echo "make cluster | cluster-stop   N replicas behind nginx on loopback (deploy/cluster.sh; REPLICAS=2 PORT=8080)"
	@echo "make data-archive | data-from-archive ARCHIVE=file   the built data as one checksummed archive"

check-node:
	@$(NODE) -e 'const v=+process.versions.node.split(".")[0]; if (v<20) { console.error("Node.js 20 or newer is required, found " + process.version); process.exit(1) }'

$(DEPS_STAMP): package.json package-lock.json | check-node
	npm ci --no-audit --no-fund
	@touch $@

deps: $(DEPS_STAMP)

# The service, tests and benches; then the playground's browser scripts (src/playground -> dist/playground),
# type-checked first with the schemas' wire types they import (tsconfig.playground-check.json).
# Incremental (tsc -b, its .tsbuildinfo files in dist/): a one-file edit compiles that file and
# what depends on it. Then every output whose source is gone is pruned: a module left behind by a
# moved or deleted source would still be run by the tests and counted in the engine code
# fingerprints (src/engine/spell/fingerprint.ts), which must cover exactly today's engine.
$(BUILD_STAMP): $(DEPS_STAMP) $(TS_SOURCES) $(TS_DIRS) tsconfig.json tsconfig.playground.json tsconfig.playground-check.json
	npx tsc -b tsconfig.json tsconfig.playground-check.json tsconfig.playground.json
	@$(PRUNE_OUTPUTS)
	@touch $@

# dist/{src,test,bench}/X.js comes from X.ts; dist/playground/X.js from src/playground/X.ts.
PRUNE_OUTPUTS = find dist/src dist/test dist/bench dist/playground -name '*.js' 2>/dev/null | while read -r out; do \
	  case "$$out" in dist/playground/*) ts="src/playground/$${out\#dist/playground/}";; *) ts="$${out\#dist/}";; esac; \
	  [ -f "$${ts%.js}.ts" ] || { rm -f "$$out" "$$out.map"; echo "pruned $$out (its source is gone)"; }; \
	done

build: $(BUILD_STAMP)

$(DATA_STAMP): $(DATA_SOURCES) $(DEPS_STAMP) | $(BUILD_STAMP)
	$(NODE) dist/src/build/cli.js --data-dir $(DATA_DIR)

data: $(DATA_STAMP)

setup: deps data

# The main thread's young generation bounded (src/main.ts, docs/operations.md "Memory").
NODE_FLAGS ?= --max-semi-space-size=4 --v8-pool-size=1

run: setup build
	$(NODE) $(NODE_FLAGS) dist/src/main.js

start: build
	$(NODE) $(NODE_FLAGS) dist/src/main.js

# Replicas of the service on one data build behind Debian's nginx, without root (docs/operations.md, "Running several replicas").
REPLICAS ?= 2
PORT ?= 8080
cluster: setup build
	deploy/cluster.sh start --replicas $(REPLICAS) --port $(PORT)

cluster-stop:
	deploy/cluster.sh stop

# The current build as one versioned, checksummed archive in $(DATA_DIR)/archives/, and back (src/build/archive.ts).
data-archive: data
	$(NODE) dist/src/build/archive-cli.js pack --data-dir $(DATA_DIR)

data-from-archive: build
	@test -n "$(ARCHIVE)" || { echo "usage: make data-from-archive ARCHIVE=path/to/nls-data-....tar.gz"; exit 2; }
	$(NODE) dist/src/build/archive-cli.js unpack "$(ARCHIVE)" --data-dir $(DATA_DIR)

# Unit tests run on the project's fixtures; integration tests on the real data in $(DATA_DIR).
# TESTS picks files: `make test TESTS=dist/test/http/live.test.js` (default: all of dist/test/).
TESTS ?= dist/test/
RUN_TESTS = HUNSPELL_DIR=$(CACHE_SRC)/hunspell-ne/usr/share/hunspell \
	MYTHES_FILE=$(CACHE_SRC)/mythes-ne/usr/share/mythes/th_ne_NP_v2.dat \
	TESSDATA_FILE=$$(find $(CACHE_SRC)/tesseract-ocr-nep -name nep.traineddata | head -1) \
	$(NODE) --test --test-reporter=spec --test-reporter-destination=stdout $(TESTS)

test: setup build
	$(RUN_TESTS)

# The suite on one core while another process keeps a core busy, STRESS_RUNS times
# in a row: flushes out tests that depend on timing or speed (docs/testing.md).
# STRESS_LOAD_CPU=0 puts the load on the suite's own core (harsher).
STRESS_CPU ?= 0
STRESS_LOAD_CPU ?= 1
STRESS_RUNS ?= 2
test-stress: setup build
	@command -v taskset >/dev/null || { echo "test-stress needs taskset (Debian: util-linux)"; exit 2; }
	@taskset -c $(STRESS_LOAD_CPU) $(NODE) -e 'for (;;) {}' & load=$$!; trap "kill $$load" EXIT; \
	for i in $$(seq $(STRESS_RUNS)); do \
	  echo "== stress run $$i of $(STRESS_RUNS): the suite on cpu $(STRESS_CPU), a busy loop on cpu $(STRESS_LOAD_CPU)"; \
	  taskset -c $(STRESS_CPU) $(MAKE) --no-print-directory test || exit 1; \
	done

# Types, format and lint, without building: what CI runs before the tests (.ci/run).
check: deps
	npx tsc --noEmit -p tsconfig.json --tsBuildInfoFile dist/.tsbuildinfo/check.tsbuildinfo
	npx tsc --noEmit -p tsconfig.playground-check.json --tsBuildInfoFile dist/.tsbuildinfo/check-playground.tsbuildinfo
	npx prettier --check .
	npx eslint --max-warnings 0 src test bench

format: deps
	npx prettier --write .

# The tests that need no data (neither the built store nor the Debian packages' files): seconds,
# and no `make data` first. The integration, browser and real-package tests run in `make test`.
UNIT_TESTS = $$(find dist/test -name '*.test.js' -not -path 'dist/test/integration/*' -not -path 'dist/test/browser/*' -not -name '*-real.test.js' | sort)
# The generated docs, from the configuration schema and the OpenAPI document (tests fail when they are stale).
docs: build
	$(NODE) dist/src/docs/configuration.js > docs/configuration.md
	$(NODE) dist/src/docs/api-reference.js > docs/api-reference.md

test-unit: build
	$(NODE) --test --test-reporter=spec --test-reporter-destination=stdout $(UNIT_TESTS)

bench: setup build
	$(NODE) dist/bench/run.js

bench-quality: setup build
	$(NODE) dist/bench/spelling-quality.js
	$(NODE) dist/bench/romanization-quality.js

clean:
	rm -rf dist $(DATA_DIR)/builds $(DATA_DIR)/current $(DATA_DIR)/.current-*
