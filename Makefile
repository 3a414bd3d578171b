# Rill: set-up, build, demo and tests on a Debian machine.
# `make demo` and `make test` install what they need first (see `deps`).

SWIFT ?= swift
DEMO_DOC ?= Corpus/answer-rust-ownership.md
DEMO_RATE ?= 40
APT_PACKAGES = pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libutf8proc-dev \
	libsource-highlight-dev libsource-highlight-common libboost-regex-dev tmux time binutils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Where `make install` puts rill (bin/) and its manual page (share/man/man1/); DESTDIR is
# prepended to both, for staging and packaging.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
# The release build links the Swift runtime statically: the binary does not depend on the
# toolchain it was built with (no RUNPATH into it), so it can be installed and copied. The
# demo and the install share this one build.
RELEASE_FLAGS = -c release --product rill --static-swift-stdlib

.PHONY: deps build release demo test bench clean fuzz-build fuzz fuzz-short asan tsan install uninstall install-check

# Installs the Debian packages Rill builds and tests with, if any is missing.
deps:
	@dpkg -s $(APT_PACKAGES) >/dev/null 2>&1 || { \
	  echo "Installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The main job: a bundled answer replayed at about a model's speed.
demo: release
	.build/release/rill --replay $(DEMO_DOC) --rate $(DEMO_RATE)

# The benchmarks (Benchmarks/README.md). `make bench` runs the main table; BENCH_ARGS picks
# another (`make bench BENCH_ARGS=--hostile`). cmark-gfm's command line, the yardstick of the
# hostile table's one-shot column, is installed with them.
BENCH_ARGS ?=
bench: deps
	@dpkg -s cmark-gfm >/dev/null 2>&1 || { \
	  echo "Installing cmark-gfm"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq cmark-gfm; }
	$(SWIFT) run -c release rill-bench $(BENCH_ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) fuzz-short
	$(MAKE) install-check

install: release
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 .build/release/rill $(DESTDIR)$(BINDIR)/rill
	install -m 644 Documentation/rill.1 $(DESTDIR)$(MANDIR)/rill.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rill $(DESTDIR)$(MANDIR)/rill.1

# Installs into a staging directory and checks that the installed rill runs without the Swift
# toolchain: from another directory, with the toolchain hidden (Tests/install-check.sh).
INSTALL_CHECK_DIR = $(CURDIR)/.build/install-check
install-check: release
	rm -rf $(INSTALL_CHECK_DIR)
	$(MAKE) --no-print-directory install DESTDIR=$(INSTALL_CHECK_DIR) PREFIX=/usr/local
	SWIFT=$(SWIFT) Tests/install-check.sh $(INSTALL_CHECK_DIR)/usr/local

# Fuzzing (Tests/RillFuzz): libFuzzer drives random bytes, in random chunks, through the engine,
# the batch layout and the live view (see FuzzCheck). Built apart, in .build-fuzz; linked with
# lld. New inputs go to .build-fuzz/corpus, a failing one to .build-fuzz/crash-*, with a report.
FUZZ_SECONDS ?= 1800
FUZZ_SHORT_SECONDS ?= 120
# A fixed seed, number of runs and hashing, so that the short run in `make test` explores the same
# inputs every time (FUZZ_SHORT_SECONDS only bounds it on a slow machine): Swift seeds its hash
# tables per process, which changes the coverage libFuzzer sees, and so the inputs it keeps.
FUZZ_SHORT_SEED ?= 1
FUZZ_SHORT_RUNS ?= 1500
FUZZ_JOBS ?= 1
FUZZ_SCRATCH = .build-fuzz
# Swift's own crash handler would keep libFuzzer's from saving the failing input.
FUZZ_BIN = SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/release/rill-fuzz
FUZZ_OPTIONS = -dict=Tests/RillFuzz/markdown.dict -max_len=2048 -timeout=60 -print_final_stats=1 \
	-artifact_prefix=$(FUZZ_SCRATCH)/
FUZZ_CORPORA = $(FUZZ_SCRATCH)/corpus Corpus Tests/RillFuzz/Regressions

fuzz-build: deps
	$(SWIFT) build -c release --product rill-fuzz --scratch-path $(FUZZ_SCRATCH) \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -DRILL_LIBFUZZER --toolset Tests/RillFuzz/lld-toolset.json

# The long run: FUZZ_SECONDS (default 30 min) on FUZZ_JOBS cores.
fuzz: fuzz-build
	mkdir -p $(FUZZ_SCRATCH)/corpus
	$(FUZZ_BIN) $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) \
	  $(if $(filter-out 1,$(FUZZ_JOBS)),-fork=$(FUZZ_JOBS)) $(FUZZ_CORPORA)

# The short run `make test` ends with: the seeds and regressions, then new inputs up to FUZZ_SHORT_RUNS runs.
fuzz-short: fuzz-build
	mkdir -p $(FUZZ_SCRATCH)/corpus
	SWIFT_DETERMINISTIC_HASHING=1 $(FUZZ_BIN) $(FUZZ_OPTIONS) -seed=$(FUZZ_SHORT_SEED) -runs=$(FUZZ_SHORT_RUNS) \
	  -max_total_time=$(FUZZ_SHORT_SECONDS) $(FUZZ_CORPORA)

# The test suite under AddressSanitizer and ThreadSanitizer, each in its own build directory
# (no XCTest pass: there are no XCTest tests, and its empty run leaks 144 bytes in XCTest itself).
asan: deps
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	$(SWIFT) test --skip-build --disable-xctest --scratch-path .build-asan --sanitize=address

tsan: deps
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	$(SWIFT) test --skip-build --disable-xctest --scratch-path .build-tsan --sanitize=thread

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan
