# Two commands set everything up on a fresh Debian machine:
#   make demo   renders every scene in examples/ into output/
#   make test   runs every test
# Each first installs the missing system packages (scripts/setup.sh says what it does).

SWIFT ?= swift
FLIPBOOK := .build/release/flipbook

.PHONY: all setup build demo test bench fuzz clean

# How long `make fuzz` runs (seconds); `make test` runs the fuzzer for FUZZ_TEST_SECONDS.
FUZZ_SECONDS ?= 900
FUZZ_TEST_SECONDS ?= 60

all: build

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product flipbook

demo: build
	@./scripts/demo.sh $(FLIPBOOK)

# Then the animated previews are decoded by an independent reader (Pillow, Debian's python3),
# a check report is opened in headless Chromium, the attack cases of docs/reliability.md's
# threat model are run against the binary (Tests/security), and docs/ci.md's workflow as an
# app team runs it (Tests/ci: goldens in a git repository, known changes, junit, actionlint), every example's animated SVG (and one frame of
# it as a per-frame SVG) is played there and compared with the PNG frames,
# and the library client in examples/swift (docs/library.md is made of its code) is built and
# run against this checkout, and the doc is checked against it.
test:
	@./scripts/setup.sh --test
	$(SWIFT) test
	$(SWIFT) build -c release --product flipbook
	/usr/bin/python3 Tests/previews/check_previews.py $(FLIPBOOK)
	/usr/bin/python3 Tests/report/check_report.py $(FLIPBOOK)
	/usr/bin/python3 Tests/security/check_security.py $(FLIPBOOK)
	/usr/bin/python3 Tests/ci/check_ci.py $(FLIPBOOK)
	/usr/bin/python3 Tests/animated-svg/check_animated_svg.py $(FLIPBOOK)
	$(SWIFT) build -c release --product flipbook-fuzz
	.build/release/flipbook-fuzz --seconds $(FUZZ_TEST_SECONDS)
	python3 scripts/check-library-doc.py
	@# A fresh scratch directory: SwiftPM caches a path dependency's file list, so an old one
	@# misses files added to Flipbook since.
	rm -rf .build/library-client
	$(SWIFT) build --package-path examples/swift --scratch-path .build/library-client
	.build/library-client/debug/CoverFlowDemo .build/library-client/cover-flow
	$(SWIFT) test --package-path examples/swift --scratch-path .build/library-client

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
