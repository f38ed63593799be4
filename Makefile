# satpipe: build, test, examples, documentation and benchmarks.
#
#   make example      build and run a real pipeline end to end
#   make test         lint and run the whole test suite (what CI runs)
#   make solvers      fetch Kissat and Glucose binaries into .solvers/bin
#   make docs         man pages and shell completions into target/docs
#   make bench-parse  DIMACS parse/write throughput against cadical

CARGO      ?= cargo
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
BIN        := $(TARGET_DIR)/debug
RELEASE    := $(TARGET_DIR)/release
SOLVERS    := $(CURDIR)/.solvers
export CARGO_TARGET_DIR := $(abspath $(TARGET_DIR))
export PATH := $(abspath $(BIN)):$(SOLVERS)/bin:$(PATH)

.PHONY: all deps solvers build example test lint unit docs bench-parse release clean

all: build

deps:
	@scripts/install-deps.sh

solvers: deps
	@scripts/fetch-solvers.sh $(SOLVERS)

# `solve` (CaDiCaL, MiniSat, Glucose embedded) and its companion
# `solve-kissat` (embedded Kissat, which cannot link beside CaDiCaL).
build: deps
	$(CARGO) build --bins
	$(CARGO) build -p satpipe-kissat

release: deps
	$(CARGO) build --release --bins
	$(CARGO) build --release -p satpipe-kissat

example: build
	@echo '$$ cnf-gen queens 8 | solve --all | model-names | head -3'
	@cnf-gen queens 8 | solve --all | model-names | head -n 3
	@echo '$$ cnf-gen queens 8 | solve --all --stats > /dev/null'
	@cnf-gen queens 8 | solve --all --stats > /dev/null; test $$? -eq 10
	@echo '$$ cnf-gen php 6 5 | solve --external minisat | grep "^s"'
	@cnf-gen php 6 5 | solve --external minisat | grep '^s'
	@echo '$$ cnf-gen cycle-cover 9 --weights 3 | solve | grep -E "^(o|s)"'
	@cnf-gen cycle-cover 9 --weights 3 | solve | grep -E '^(o|s)'

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy -p satpipe-kissat --all-targets -- -D warnings

unit: build solvers
	$(CARGO) test

test: build solvers lint unit

docs: build
	satpipe-docs --out $(TARGET_DIR)/docs

# Throughput of our DIMACS reader and writer on a generated 3-CNF of about
# 150 MB, against CaDiCaL reading the same file in the same run.
BENCH_DIR ?= $(TARGET_DIR)/bench
bench-parse: release deps
	scripts/bench-parse.sh $(RELEASE) $(BENCH_DIR)

clean:
	$(CARGO) clean
	rm -rf $(SOLVERS)
