# Two commands set everything up on a fresh Debian machine:
#   make demo   renders every scene in examples/ into output/
#   make test   runs every test (what CI runs)
# Each first installs the missing system packages (scripts/setup.sh says what it does).
# For the inner loop, `make check` builds once and runs the XCTest suites, the public-API and
# module-header checks and the doc check: no Chromium, no release build, under a minute once built.

SWIFT ?= swift
FLIPBOOK := .build/release/flipbook

.PHONY: all setup build demo check test bench fuzz clean

# How long `make fuzz` runs (seconds); `make test` runs the fuzzer for FUZZ_TEST_SECONDS.
FUZZ_SECONDS ?= 900
FUZZ_TEST_SECONDS ?= 30

all: build

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product flipbook

demo: build
	@./scripts/demo.sh $(FLIPBOOK)

check: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	/usr/bin/python3 Tests/api/check_public_api.py .build/debug
	python3 Tests/api/check_module_headers.py
	python3 scripts/check-library-doc.py

# `make check`, then one release build of every product, then: every example's PNG frames at
# scale 1 and 2 decoded by libpng and compared with the drawn pixels, the animated previews decoded
# by an independent reader (Pillow, Debian's python3), every example's MP4 and WebM decoded by
# ffprobe and ffmpeg and compared with its PNG frames, a check report opened in headless
# Chromium, `flipbook preview`'s player driven in headless Chromium over the DevTools protocol, the attack cases of docs/reliability.md's threat model run against the binary
# (Tests/security), docs/ci.md's workflow as an app team runs it (Tests/ci: goldens in a git
# repository, known changes, junit, actionlint), every example's animated SVG (and one frame
# of it as a per-frame SVG) played in Chromium and compared with the PNG frames, the fuzzer,
# and the library client in examples/swift (docs/library.md is made of its code) built, run
# and tested against this checkout.
test:
	@./scripts/setup.sh --test
	@$(MAKE) --no-print-directory check
	$(SWIFT) build -c release
	.build/release/flipbook-roundtrip
	/usr/bin/python3 Tests/previews/check_previews.py $(FLIPBOOK)
	/usr/bin/python3 Tests/previews/check_video.py $(FLIPBOOK)
	/usr/bin/python3 Tests/report/check_report.py $(FLIPBOOK)
	/usr/bin/python3 Tests/preview/check_preview.py $(FLIPBOOK)
	/usr/bin/python3 Tests/security/check_security.py $(FLIPBOOK)
	/usr/bin/python3 Tests/ci/check_ci.py $(FLIPBOOK)
	/usr/bin/python3 Tests/animated-svg/check_animated_svg.py $(FLIPBOOK)
	.build/release/flipbook-fuzz --seconds $(FUZZ_TEST_SECONDS)
	@./scripts/library-client.sh

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
