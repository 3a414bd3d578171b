# Rill: set-up, build, demo and tests on a Debian machine.
# `make demo` and `make test` install what they need first (see `deps`).

SWIFT ?= swift
DEMO_DOC ?= Corpus/answer-rust-ownership.md
DEMO_RATE ?= 40
APT_PACKAGES = pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libutf8proc-dev tmux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release demo test bench clean

# Installs the Debian packages Rill builds and tests with, if any is missing.
deps:
	@dpkg -s $(APT_PACKAGES) >/dev/null 2>&1 || { \
	  echo "Installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product rill

# The main job: a bundled answer replayed at about a model's speed.
demo: release
	.build/release/rill --replay $(DEMO_DOC) --rate $(DEMO_RATE)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
