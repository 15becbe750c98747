# Two commands set everything up on a fresh Debian machine:
#   make demo   renders every scene in examples/ into output/
#   make test   runs every test
# Each first installs the missing system packages (scripts/setup.sh says what it does).

SWIFT ?= swift
FLIPBOOK := .build/release/flipbook

.PHONY: all setup build demo test bench clean

all: build

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product flipbook

demo: build
	@./scripts/demo.sh $(FLIPBOOK)

# Then the library client in examples/swift (docs/library.md is made of its code) is built and
# run against this checkout, and the doc is checked against it.
test: setup
	$(SWIFT) test
	python3 scripts/check-library-doc.py
	$(SWIFT) build --package-path examples/swift
	examples/swift/.build/debug/CoverFlowDemo .build/library-client/cover-flow

bench: setup
	$(SWIFT) build -c release --product flipbook-bench
	.build/release/flipbook-bench

clean:
	rm -rf .build examples/swift/.build output/*/
