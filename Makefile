# satpipe: build, test, examples, documentation and benchmarks.
#
#   make example      build and run a real pipeline end to end
#   make test         lint and run the whole test suite (what CI runs)
#   make solvers      fetch Kissat and Glucose binaries into .solvers/bin
#   make docs         man pages and shell completions into target/docs
#   make install      release commands, man pages, completions under PREFIX
#   make install-strip  the same, the programs stripped
#   make uninstall    remove exactly what make install put there
#   make deb          a Debian package of the release commands
#   make bench-parse  DIMACS parse/write throughput against cadical
#   make bench-rules  solv-o-matic's puzzles against its recorded times
#   make bench-crossword  crossword pipelines against the issue's targets
#   make bench-best-fill  crossword --best-fill beside the default fill, 15x15 patterns
#   make bench-sanalouhos Sanalouhos: all solutions and the optimum, by strategy
#   make bench-numberlink Numberlink pipelines against Ahle's solver (a peer)
#   make bench-nonogram   nonograms (black and white, colour) against nonogrid
#   make bench-floor      where a published puzzle's time goes (the pipeline's floor)
#   make bench-gen    cnf-gen formulas with known answers, by solver
#   make bench-count  model counting (solve --count) against enumeration
#   make bench-generate  generate-numberlink beside Ahle's generator, by size
#   make bench-loops  Slitherlink and Masyu instances beside Tatham's Loopy and Pearl solvers
#   make bench        instances x encodings x solvers into CSV, plots (below)
#   make fuzz         every parser under cargo-fuzz, FUZZ_SECONDS (60) each

CARGO      ?= cargo
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
BIN        := $(TARGET_DIR)/debug
RELEASE    := $(TARGET_DIR)/release
SOLVER_DIR := $(CURDIR)/.solvers
PREFIX     ?= /usr/local
DESTDIR    ?=
export CARGO_TARGET_DIR := $(abspath $(TARGET_DIR))
export PATH := $(abspath $(BIN)):$(SOLVER_DIR)/bin:$(PATH)

.PHONY: all deps solvers build example test lint unit docs install install-strip uninstall deb bench-parse bench-rules release clean bench-crossword bench-sanalouhos bench-numberlink bench-nonogram bench-gen bench-generate bench-count bench-loops bench-best-fill bench-floor fuzz

all: build

deps:
	@scripts/install-deps.sh

solvers: deps
	@scripts/fetch-solvers.sh $(SOLVER_DIR)

# `solve` (CaDiCaL, MiniSat, Glucose embedded) and its companion
# `solve-kissat` (embedded Kissat, which cannot link beside CaDiCaL).
build: deps
	$(CARGO) build --bins
	$(CARGO) build -p satpipe-kissat

release: deps
	$(CARGO) build --release --bins
	$(CARGO) build --release -p satpipe-kissat

example: build
	@echo '$$ encode-numberlink instances/numberlink/seed/input-7by7.in | solve --max 2 | decode-numberlink'
	@encode-numberlink instances/numberlink/seed/input-7by7.in | solve --max 2 | decode-numberlink
	@echo '$$ encode-nonogram instances/nonogram/griddler/converted-non/inputDog.non | solve --max 2 | decode-nonogram --format O'
	@encode-nonogram instances/nonogram/griddler/converted-non/inputDog.non | solve --max 2 | decode-nonogram --format O
	@echo '$$ (cd instances/rules/solvomatic && encode-rules puzzles/magic-square.txt | solve --max 2 | decode-rules)'
	@cd instances/rules/solvomatic && encode-rules puzzles/magic-square.txt | solve --max 2 | decode-rules
	@echo '$$ encode-crossword --pattern instances/crossword/grids/stazi-example2-10x10.txt --words instances/crossword/stazi-words.json | solve | decode-crossword'
	@encode-crossword --pattern instances/crossword/grids/stazi-example2-10x10.txt --words instances/crossword/stazi-words.json | solve | decode-crossword
	@echo '$$ encode-sanalouhos --mode least-words PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET | solve | decode-sanalouhos'
	@encode-sanalouhos --mode least-words PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET | solve | decode-sanalouhos
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

# Installing for daily use (docs/install.md): every command (solve-kissat
# too) into PREFIX/bin, man pages and bash, zsh and fish completions under
# PREFIX/share; DESTDIR stages the tree elsewhere. The scripts do the work.
install: release
	DESTDIR="$(DESTDIR)" scripts/install.sh install $(abspath $(RELEASE)) $(PREFIX)

install-strip: release
	DESTDIR="$(DESTDIR)" INSTALL_STRIP=1 scripts/install.sh install $(abspath $(RELEASE)) $(PREFIX)

uninstall:
	DESTDIR="$(DESTDIR)" scripts/install.sh uninstall $(PREFIX)

deb: release
	scripts/make-deb.sh $(abspath $(RELEASE)) $(TARGET_DIR)/deb

# Throughput of our DIMACS reader and writer on a generated 3-CNF of about
# 150 MB, against CaDiCaL reading the same file in the same run (a script:
# it measures a library example and cadical's own parse time, not
# pipelines).
BENCH_DIR ?= $(TARGET_DIR)/bench
bench-parse: release deps
	scripts/bench-parse.sh $(RELEASE) $(BENCH_DIR) $(BENCH_DOC)

# The per-family benchmarks: bench-run with the family's
# instances/<family>/bench.conf (instances, variants, known answers,
# targets, baseline) on release binaries into $(BENCH_CSV), then
# bench-report's pivot view of the family (a line per instance, a column
# per solver and variant, ratios against the baseline) into its section
# of $(BENCH_DOC) and plots into $(BENCH_OUT)/<family>. Runs already in
# the CSV are not repeated (an interrupted target resumes); FRESH=1
# measures again. SOLVERS and LIMIT (seconds) override each target's.
BENCH_DOC ?= docs/benchmarks.md
# bench_family FAMILY,SOLVERS,LIMIT,RUN-ARGS,REPORT-ARGS: run and report
# one family.
define bench_family
	$(RELEASE)/bench-run --csv $(BENCH_CSV) --family $(1) --solvers '$(or $(SOLVERS),$(2))' \
	    --time-limit $(or $(LIMIT),$(3)) $(4) $(if $(FRESH),--rerun)
	$(RELEASE)/bench-report $(BENCH_CSV) --family $(1) --solvers '$(or $(SOLVERS),$(2))' $(5) \
	    --view pivot --out $(BENCH_OUT)/$(1) --markdown $(BENCH_DOC)
endef

# solv-o-matic's puzzles (instances/rules): encode-rules | solve --all |
# decode-rules, median of 3 runs, against the times recorded for
# solv-o-matic (not published as a crate), with the speed-up.
bench-rules: release
	$(call bench_family,rules,cadical,60,--encoding default --filter solvomatic/ --repeat 3,--encoding default)
# Counting against enumeration: every rule puzzle (solv-o-matic's, and the
# latin squares and empty sudoku grid of instances/rules/counting) through
# `solve --count` (Ganak) and `solve --all`, in the same run, into its own
# CSV; the ratio is enumeration's seconds over counting's.
COUNT_CSV ?= $(BENCH_OUT)/count.csv
bench-count: release
	$(RELEASE)/bench-run --csv $(COUNT_CSV) --family rules --encoding default --encoding count \
	    --solvers '$(or $(SOLVERS),cadical)' --time-limit $(or $(LIMIT),60) $(if $(FRESH),--rerun)
	$(RELEASE)/bench-report $(COUNT_CSV) --family rules --encoding default,count --baseline default \
	    --view pivot --out $(BENCH_OUT)/count --markdown $(BENCH_DOC) --section count
# Crossword: every pattern of instances/crossword/grids (the issue's
# examples and held-out American-style patterns 7x7 to 21x21) with Debian's
# wamerican and wamerican-large lists, beside ingrid_core 2.0.0 (a peer:
# cargo installs it into the peer cache, scripts/peers/ingrid.sh) on the
# same pattern and list in the same run, and the freeform cases of the
# issue against their targets; 120 s per run, the median of three runs
# (ours and the peer's alike; REPEAT overrides). Two columns of ours:
# `default`, a plain `solve` (the tables solver on a plain fill, which the
# header prefers; CaDiCaL on the freeform cases), and CaDiCaL on the
# word-graph clauses.
CROSSWORD_SOLVERS = default cadical
bench-crossword: release
	scripts/crossword-data.sh "$${SATPIPE_PEER_CACHE:-$$HOME/.cache/satpipe-peers}" || \
	    echo "bench-crossword: no scored lists (above): the scored/ instances will be errors" >&2
	$(RELEASE)/bench-run --csv $(BENCH_CSV) --family crossword --solvers '$(or $(SOLVERS),$(CROSSWORD_SOLVERS))' \
	    --time-limit $(or $(LIMIT),120) --repeat $(or $(REPEAT),3) $(if $(FRESH),--rerun)
	$(RELEASE)/bench-report $(BENCH_CSV) --family crossword --solvers '$(or $(SOLVERS),$(CROSSWORD_SOLVERS)) peer' \
	    --view pivot --out $(BENCH_OUT)/crossword --markdown $(BENCH_DOC)
# Numberlink: the seed instances, the ADC 2015 problems (full cover, and
# --allow-empty) and the 50x50 puzzles of inputs10, default encoding
# against --encoding seed on the same solver in the same run.
bench-numberlink: release
	$(call bench_family,numberlink,cadical minisat,20,--jobs $(BENCH_JOBS) --repeat 3)
# Sanalouhos: all solutions (cube enumeration against blocking clauses,
# same run) and the least-words optimum, median of 5 runs.
bench-sanalouhos: release
	$(call bench_family,sanalouhos,cadical,60,--repeat 5)
# The cnf-gen formulas (n-queens, pigeonhole) through every embedded solver.
# Nonograms: every puzzle of instances/nonogram, black and white and
# colour, through encode | solve --max 2 | decode (solved and proved
# unique), median of 3 runs, against nonogrid 0.7.3 (a peer: cargo installs
# it into the peer cache, scripts/peers/nonogrid.sh) in the same run; the
# report takes the peer's rows (solver `peer`) beside ours.
bench-nonogram: release
	$(RELEASE)/bench-run --csv $(BENCH_CSV) --family nonogram --solvers '$(or $(SOLVERS),cadical)' \
	    --time-limit $(or $(LIMIT),60) --repeat 3 $(if $(FRESH),--rerun)
	$(RELEASE)/bench-report $(BENCH_CSV) --family nonogram --solvers '$(or $(SOLVERS),cadical) peer' \
	    --view pivot --out $(BENCH_OUT)/nonogram --markdown $(BENCH_DOC)
bench-gen: release
	$(call bench_family,gen,cadical minisat glucose kissat,60,--repeat 3)
# generate-numberlink beside Thomas Ahle's generator (scripts/peers/ahle.sh,
# built outside the repository; skipped with a note when it cannot be):
# seconds per puzzle by size, lines, and the share of Ahle's puzzles unique
# under the strict rule by our pipeline; rows into $(BENCH_OUT)/generate.csv,
# the table into $(BENCH_DOC). SIZES ("10 20 30 40 50"), COUNT (5) and
# LIMIT (60 s for each uniqueness check) override.
# The best fill (--best-fill) beside the default fill on the 15x15
# patterns with the scored lists (a script: it reads what was proved from
# the decoder's JSON).
bench-best-fill: release
	scripts/bench-best-fill.sh $(RELEASE) $(BENCH_OUT) $(BENCH_DOC)
# Where a published puzzle's time goes: the pipeline, the encoder alone,
# the pipeline on the stored stream (the floor of three processes and a
# text stream) and the programs' start, per set of the published tables
# (hyperfine; RUNS, 5 unless set).
bench-floor: release
	scripts/bench-floor.sh $(RELEASE) $(BENCH_DOC)
bench-generate: release
	scripts/bench-generate.sh $(RELEASE) $(BENCH_OUT) $(BENCH_DOC)
# The loop genres: every instance of instances/slitherlink and
# instances/masyu through encode | solve --max 2 | decode, answers checked
# (known counts, .answer files), beside Simon Tatham's Loopy and Pearl
# solvers (scripts/peers/tatham.sh builds them from Debian's source of
# sgt-puzzles into the peer cache) on the same game IDs in the same run;
# rows into $(BENCH_OUT)/loops.csv, per-puzzle and per-set tables with the
# ratio ours / peer into $(BENCH_DOC). REPEAT (3 runs, the median), LIMIT
# (60 s a run) and SETS ("masyu/tatham slitherlink/loopy": only these
# folders) override.
bench-loops: release
	scripts/bench-loops.sh $(RELEASE) $(BENCH_OUT) $(BENCH_DOC)
# Coverage-guided fuzzing of every parser (fuzz/, docs/reliability.md); not
# part of `make test`. FUZZ_TARGETS="dimacs family" picks targets.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

clean:
	$(CARGO) clean
	rm -rf $(SOLVER_DIR)

# ---------------------------------------------------------------------------
# Batch experiments (docs/batch-experiments.md): the instances of every family (the
# folders of instances/ with encode-/decode- programs, plus cnf-gen
# formulas) through every encoding variant and solver, one CSV row per
# run, then a Markdown summary and cactus/scatter plots. The logic is in
# bench-run and bench-report; these targets only pass the knobs on.
#
#   make bench                 PER_DIR=2 instances per folder, 10 s limit,
#                              every embedded and installed external solver
#   make bench FAMILY=numberlink SOLVERS="cadical kissat ext:minisat" TIMEOUT=60
#   make -j2 bench             two runs at a time (or JOBS=2)
#   make bench PER_DIR=all     every instance (hours, not minutes)
#   make bench-report          summary and plots again from the CSV
#   make bench-jobs            the matrix as a job list (GNU parallel, Slurm)
#
# Re-running `make bench` skips the runs already answered in the CSV: an
# interrupted run resumes (ERROR rows and time-outs under a smaller limit
# are run again); FRESH=1 measures afresh. The CSV is the one of the
# per-family targets above and the default of bench-run and bench-report.

BENCH_OUT    ?= bench-results
BENCH_CSV    ?= $(BENCH_OUT)/results.csv
TIMEOUT      ?= 10
PER_DIR      ?= 2
FAMILY       ?=
BENCH_JOBS    = $(or $(JOBS),$(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),1)
BENCH_SELECT  = $(if $(FAMILY),--family $(subst $(eval) ,$(comma),$(strip $(FAMILY)))) \
                $(if $(SOLVERS),--solvers '$(SOLVERS)') \
                $(if $(filter all,$(PER_DIR)),,--per-dir $(PER_DIR)) \
                --time-limit $(TIMEOUT) $(if $(FRESH),--rerun)
comma := ,

.PHONY: bench bench-report bench-jobs

bench: build
	bench-run --csv $(BENCH_CSV) $(BENCH_SELECT) --jobs $(BENCH_JOBS)
	bench-report $(BENCH_CSV) --out $(BENCH_OUT)/report

bench-report:
	bench-report $(BENCH_CSV) --out $(BENCH_OUT)/report

bench-jobs: build
	@mkdir -p $(BENCH_OUT)
	bench-run $(BENCH_SELECT) --emit-jobs $(BENCH_OUT)/fragments > $(BENCH_OUT)/jobs.txt
	@echo "$(BENCH_OUT)/jobs.txt: $$(wc -l < $(BENCH_OUT)/jobs.txt) jobs (scripts/bench-parallel.sh, scripts/bench-slurm.sh)"
