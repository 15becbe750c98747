#!/usr/bin/env python3
"""Each library module says what it holds in one place: Sources/<Module>/Module.swift, whose
first line is "// <Module>: …". No other file of the module starts a header of its own, so
what a module is for is found, and kept true, in one file (docs/architecture.md has the table).

And the sources stay portable: no file imports Glibc (Linux's C library) unless guarded by
`#if canImport(Glibc)` with Darwin beside it, so a Mac can build what Linux builds
(docs/install.md; FlipbookCore's LibC.swift calls the functions a method would shadow).

Usage: check_module_headers.py   (run by `make check`; prints "N passed, M failed")"""
import glob, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks

check = Checks("module headers")
for folder in sorted(glob.glob(os.path.join(ROOT, "Sources", "Flipbook*"))) + [os.path.join(ROOT, "Sources", m) for m in ("UIKit", "MJRefresh")]:
    module = os.path.basename(folder)
    header = os.path.join(folder, "Module.swift")
    first = open(header, encoding="utf-8").readline() if os.path.exists(header) else ""
    check(first.startswith(f"// {module}: "), f"{module}: Module.swift starts with '// {module}: '")
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True)):
        if path == header:
            continue
        text = open(path, encoding="utf-8").read()
        check(f"\n// {module}: " not in "\n" + text, f"{os.path.relpath(path, ROOT)}: no second header for {module} (it is in Module.swift)")

# Portable imports: `import Glibc` only inside `#if canImport(Glibc)` … `#elseif canImport(Darwin)`.
unguarded = []
for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)
                   + glob.glob(os.path.join(ROOT, "examples", "swift", "**", "*.swift"), recursive=True)):
    lines = open(path, encoding="utf-8").read().split("\n")
    for k, line in enumerate(lines):
        if line.strip() == "import Glibc":
            guarded = k > 0 and lines[k - 1].strip() == "#if canImport(Glibc)" and k + 1 < len(lines) \
                and lines[k + 1].strip() == "#elseif canImport(Darwin)"
            if not guarded:
                unguarded.append(f"{os.path.relpath(path, ROOT)}:{k + 1}")
check(not unguarded, f"every import of Glibc is guarded, with Darwin beside it: {', '.join(unguarded) or 'all are'}")
check.finish()
