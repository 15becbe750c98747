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

test: setup
	$(SWIFT) test

bench: setup
	$(SWIFT) build -c release --product flipbook-bench
	.build/release/flipbook-bench

clean:
	rm -rf .build output/*/
