"""A pass/fail counter for the Python checks `make test` runs; the last line it prints is the
"N passed, M failed" line CI reads."""
import sys


class Checks:
    def __init__(self, name):
        self.name, self.passed, self.failed = name, 0, 0

    def __call__(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)

    def finish(self):
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
