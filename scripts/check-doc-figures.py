#!/usr/bin/env python3
"""Checks the figures README.md and docs/ quote against what they describe, so a number in the
docs is either measured from the repository here or written once and quoted the same everywhere:

- the animated SVG and GIF sizes README.md compares, against the files in docs/images;
- "N font files", against the font list in Sources/FlipbookGraphics/Fonts.swift;
- `make test`'s and `make check`'s measured times, as README.md, the Makefile and docs/testing.md
  quote them (docs/testing.md is where they are measured; the others must agree with it);
- the XCTest count docs/testing.md quotes, against the `func test` methods in Tests/.

Usage: check-doc-figures.py   (run by `make check` and `make test`; prints "N passed, M failed")"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks

check = Checks("doc figures")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def one(pattern, text, what):
    """The groups of the one match of `pattern` (whitespace in the text may be a line break and
    a comment marker), or None after a failed check."""
    flexible = pattern.replace(" ", r"(?:\s|#)+")
    found = re.findall(flexible, text)
    check(len(found) == 1, f"{what}: expected one match of {pattern!r}, found {len(found)}")
    return found[0] if len(found) == 1 else None


readme, testing, makefile, architecture = read("README.md"), read("docs/testing.md"), read("Makefile"), read("docs/architecture.md")

# The README's size comparison: "165 KB against the GIF's 1.6 MB".
sizes = one(r"(\d+) KB against the GIF's ([\d.]+) MB", readme, "README.md")
if sizes:
    svg = os.path.getsize(os.path.join(ROOT, "docs/images/wallet-move.svg"))
    gif = os.path.getsize(os.path.join(ROOT, "docs/images/wallet-move.gif"))
    check(round(svg / 1024) == int(sizes[0]), f"README.md says the animated SVG is {sizes[0]} KB; docs/images/wallet-move.svg is {round(svg / 1024)} KB")
    check(f"{gif / (1 << 20):.1f}" == sizes[1], f"README.md says the GIF is {sizes[1]} MB; docs/images/wallet-move.gif is {gif / (1 << 20):.1f} MB")

# The font files: the list FontLibrary loads.
fonts = read("Sources/FlipbookGraphics/Fonts.swift")
count = len(set(re.findall(r'"(/usr/share/fonts/[^"]+\.(?:otf|ttf|ttc))"', fonts)))
words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
for name, text in [("README.md", readme), ("docs/architecture.md", architecture)]:
    quoted = re.findall(r"\b(\d+|" + "|".join(words) + r") font files\b", text, flags=re.I)
    check(bool(quoted), f"{name} quotes how many font files Flipbook loads")
    for q in quoted:
        n = words.get(q.lower(), int(q) if q.isdigit() else None)
        check(n == count, f"{name} says {q} font files; Fonts.swift lists {count}")

# `make test`: measured in docs/testing.md, quoted in README.md.
measured = one(r"\| `make test` \| [^|]*\| (\d+) min (\d+) s and (\d+) CPU-seconds", testing, "docs/testing.md")
if measured:
    for name, text, pattern in [("README.md", readme, r"\((\d+) min (\d+) s and (\d+) CPU-seconds on 2 cores"),
                                ("Makefile", makefile, r"`make test` \(what CI runs; (\d+) min (\d+) s and (\d+) CPU-seconds"),
                                ("docs/ci.md", read("docs/ci.md"), r"runs `make test` \((\d+) min (\d+) s() on 2 cores")]:
        q = one(pattern, text, name)
        if q:
            check(q[:2] == measured[:2] and q[2] in ("", measured[2]),
                  f"{name} quotes make test as {q[0]} min {q[1]} s {q[2]}; docs/testing.md measured {measured[0]} min {measured[1]} s, {measured[2]} CPU-s")
    check(int(measured[0]) * 60 + int(measured[1]) <= 450 and int(measured[2]) <= 900,
          f"docs/testing.md's make test ({measured[0]} min {measured[1]} s, {measured[2]} CPU-s) is within its budget (450 s, 900 CPU-s)")

# `make check`: measured in docs/testing.md, quoted in README.md and the Makefile.
measured = one(r"\| `make check` \| [^|]*\| (\d+) s and (\d+) CPU-seconds once built", testing, "docs/testing.md")
if measured:
    for name, text, pattern in [("README.md", readme, r"\((\d+) s once built\)"), ("Makefile", makefile, r"\(about (\d+) s once built, measured in docs/testing.md\)")]:
        q = one(pattern, text, name)
        if q:
            check(abs(int(q) - int(measured[0])) <= 5, f"{name} quotes make check as {q} s once built; docs/testing.md measured {measured[0]} s")
    check(int(measured[0]) < 60, f"docs/testing.md's make check ({measured[0]} s once built) is under a minute")

# The number of XCTest methods docs/testing.md quotes, if it quotes one.
tests = 0
for folder, _, files in os.walk(os.path.join(ROOT, "Tests")):
    for f in files:
        if f.endswith(".swift"):
            with open(os.path.join(folder, f), encoding="utf-8") as src:
                tests += len(re.findall(r"^\s*(?:override )?func test\w*\(\)", src.read(), flags=re.M))
for q in re.findall(r"\b(\d[\d,]*) XCTest (?:tests|methods)\b", testing):
    check(int(q.replace(",", "")) == tests, f"docs/testing.md says {q} XCTest tests; Tests/ has {tests} test methods")

check.finish()
