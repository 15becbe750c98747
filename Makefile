# Two commands set everything up on a fresh Debian machine:
#   make demo   renders every scene in examples/ into output/
#   make test   runs every test (what CI runs)
# Each first installs the missing system packages (scripts/setup.sh says what it does).
# For the inner loop, `make check` builds the test bundle (and what it imports) once and runs the
# XCTest suites, the public-API and module-header checks and the doc check: no Chromium, no release
# build, no benchmark, fuzzer or example binaries (about 50 s once built, measured in docs/testing.md).

SWIFT ?= swift
FLIPBOOK := .build/release/flipbook
# The one release build: testable imports, so the XCTest suites run on the binaries' own build.
TESTABLE := -c release -Xswiftc -enable-testing

.PHONY: all setup build demo check test test-all api-baseline bench fuzz clean

# How long `make fuzz` runs (seconds); `make test` fuzzes for 20 s, `make test-all` for 600.
FUZZ_SECONDS ?= 900

all: build

setup:
	@./scripts/setup.sh

# The same flags as `make test`'s build, so `make demo` after `make test` builds nothing again.
build: setup
	$(SWIFT) build $(TESTABLE) --product flipbook

demo: build
	@./scripts/demo.sh $(FLIPBOOK)

check: setup
	$(SWIFT) build --product FlipbookPackageTests
	$(SWIFT) test --skip-build --disable-swift-testing
	/usr/bin/python3 Tests/api/check_public_api.py .build/debug
	python3 Tests/api/check_module_headers.py
	python3 scripts/check-library-doc.py
	python3 scripts/check-doc-figures.py

# `make test` (what CI runs; 6 min 2 s and 672 CPU-seconds on 2 cores from a fresh clone, measured
# in docs/testing.md): one release build
# with testable imports serves the XCTest suites and every binary (scripts/run-tests.py runs it,
# with the stages that need no build beside it); then the stages run two at a time and the
# last line is "N passed, M failed". Per-example stages (the PNG
# round trip, video, animated SVG) run on the covering subset of Tests/support/examples.py;
# `make test-all` (the nightly job, docs/ci.md) runs them on every example, shows every frame of
# every animated SVG in Chromium and fuzzes for 600 s. docs/testing.md lists each stage
# and its tier (`scripts/run-tests.py --list`).
test:
	@./scripts/setup.sh --test
	@/usr/bin/python3 scripts/run-tests.py --tier test --build "$(SWIFT) build $(TESTABLE) --build-tests"

test-all:
	@./scripts/setup.sh --test
	@/usr/bin/python3 scripts/run-tests.py --tier all --build "$(SWIFT) build $(TESTABLE) --build-tests"

# Records the reviewed public API (Tests/api/public-api.txt) after a deliberate change to it.
api-baseline: setup
	$(SWIFT) build $(TESTABLE)
	/usr/bin/python3 Tests/api/check_public_api.py .build/release --update

bench:
	@./scripts/setup.sh --bench
	$(SWIFT) build -c release --product flipbook-bench
	$(SWIFT) build -c release --product flipbook
	.build/release/flipbook-bench

# A deterministic mutation fuzzer over the example scenes (Sources/flipbook-fuzz): every
# rejected scene must get one short line, every accepted one must render frames 0-2 in all
# formats. A crash leaves its input in .build/fuzz/run-PID/current.json.
fuzz: setup
	$(SWIFT) build -c release --product flipbook-fuzz
	.build/release/flipbook-fuzz --seconds $(FUZZ_SECONDS) --seed $${SEED:-1}

clean:
	rm -rf .build examples/swift/.build output/*/
