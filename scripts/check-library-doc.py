#!/usr/bin/env python3
"""Checks that every ```swift block in docs/library.md is, line for line, a region of the
client package in examples/swift, its sources or its tests (between `// MARK: <name>` and
`// MARK: end`), which `make test` compiles and runs. So the doc shows only code that builds."""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
doc = (root / "docs/library.md").read_text()
blocks = re.findall(r"```swift\n(.*?)```", doc, flags=re.S)
regions = {}
for f in sorted(list((root / "examples/swift/Sources").rglob("*.swift")) + list((root / "examples/swift/Tests").rglob("*.swift"))):
    for name, body in re.findall(r"^// MARK: (\w+)\n(.*?)^// MARK: end\n", f.read_text(), flags=re.S | re.M):
        regions[body] = f"{f.relative_to(root)} ({name})"
if not blocks:
    sys.exit("check-library-doc: docs/library.md has no ```swift blocks")
bad = [b.splitlines()[0] if b.strip() else "(empty)" for b in blocks if b not in regions]
if bad:
    for first in bad:
        print(f"check-library-doc: docs/library.md block starting {first!r} is not a MARK region of examples/swift", file=sys.stderr)
    sys.exit(1)
print(f"check-library-doc: {len(blocks)} Swift blocks in docs/library.md match examples/swift")
