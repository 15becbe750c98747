#!/usr/bin/env python3
"""Lists the public symbols of every module `import Flipbook` re-exports, of the FlipbookCLI
and FlipbookTesting products and of the UIKit and MJRefresh modules (FlipbookUIKit, FlipbookMJRefresh), with the toolchain's swift-symbolgraph-extract, and fails on:
- a change against the reviewed baseline, Tests/api/public-api.txt (one line a symbol: module,
  kind, path, declaration): an added or removed public symbol is a decision, so it is listed
  and the check fails until the baseline is recorded again (`make api-baseline`) and committed;
- what the public API must not have: Cairo handles and raw pointers (OpaquePointer,
  Unsafe*Pointer), mutable global state (a public static or global `var` with a setter), and an
  extension member that shadows one the standard library already has on that type (a public
  `Double.distance(to:)` would change what `(3.0).distance(to: 1.0)` means in every client).
Reads the modules of the build in BUILD_DIR.

Usage: check_public_api.py BUILD_DIR [--update]   (run by `make test`; prints "N passed, M failed")
"""
import glob, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks
import swift_modules

args = [a for a in sys.argv[1:] if a != "--update"]
UPDATE = "--update" in sys.argv[1:]
BUILD = args[0] if args else os.path.join(ROOT, ".build/debug")
BASELINE = os.path.join(ROOT, "Tests", "api", "public-api.txt")
check = Checks("public API")
MODULES = ["FlipbookCore", "FlipbookJSON", "FlipbookLayout", "FlipbookAnimation", "FlipbookSimulation", "FlipbookEffects",
           "FlipbookGraphics", "FlipbookSceneFile", "FlipbookRender", "FlipbookDiff", "Flipbook", "FlipbookCLI", "FlipbookTesting", "UIKit",
           "MJRefresh"]
includes = swift_modules.import_flags(BUILD)
with tempfile.TemporaryDirectory() as out:
    count = 0
    lines = set()
    # What the standard library itself declares, to find extensions that shadow it.
    os.makedirs(os.path.join(out, "stdlib"))
    subprocess.run(["swift-symbolgraph-extract", "-module-name", "Swift", "-target", "x86_64-unknown-linux-gnu",
                    "-minimum-access-level", "public", "-output-dir", os.path.join(out, "stdlib")], capture_output=True, check=True)
    stdlib = set()
    for path in glob.glob(os.path.join(out, "stdlib", "*.symbols.json")):
        stdlib |= {tuple(s["pathComponents"]) for s in json.load(open(path))["symbols"]}
    for m in MODULES:
        r = subprocess.run(["swift-symbolgraph-extract", "-module-name", m, "-target", "x86_64-unknown-linux-gnu", *includes,
                            "-minimum-access-level", "public", "-output-dir", out], capture_output=True, text=True)
        check(r.returncode == 0, f"{m}: symbols extracted ({r.stderr.strip()[:300]})")
    for path in sorted(glob.glob(os.path.join(out, "*.symbols.json"))):
        graph = json.load(open(path))
        for s in graph["symbols"]:
            if s["accessLevel"] not in ("public", "open"):
                continue
            count += 1
            text = "".join(f["spelling"] for f in s.get("declarationFragments", []))
            name = ".".join(s["pathComponents"])
            module = os.path.basename(path).split(".symbols.json")[0]
            lines.add(f"{module} {s['kind']['identifier']} {name}: {' '.join(text.split())}")
            if module.endswith("@Swift"):
                check(tuple(s["pathComponents"]) not in stdlib,
                      f"{module}: {name} shadows the standard library's {name}: {text}")
            check(not re.search(r"\bOpaquePointer\b|\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b", text),
                  f"{os.path.basename(path)}: {name} has no pointer in its declaration: {text}")
            kind = s["kind"]["identifier"]
            if kind in ("swift.type.property", "swift.var") and text.startswith(("static var", "var", "nonisolated(unsafe) static var")):
                # A stored static or global var that anyone may set is state shared by every render.
                settable = "set" in text or kind == "swift.var" and "{ get }" not in text
                check(not (kind == "swift.type.property" and settable and "static" in text),
                      f"{os.path.basename(path)}: {name} is not a settable static var: {text}")
    print(f"note: {count} public symbols in {len(MODULES)} modules")
current = sorted(lines)
if UPDATE:
    open(BASELINE, "w", encoding="utf-8").write("".join(l + "\n" for l in current))
    print(f"note: recorded {len(current)} symbols in {os.path.relpath(BASELINE, ROOT)}")
else:
    baseline = open(BASELINE, encoding="utf-8").read().splitlines() if os.path.exists(BASELINE) else []
    added, removed = sorted(set(current) - set(baseline)), sorted(set(baseline) - set(current))
    for l in added[:30]:
        print("  + " + l)
    for l in removed[:30]:
        print("  - " + l)
    check(not added and not removed,
          f"the public API differs from {os.path.relpath(BASELINE, ROOT)}: {len(added)} added, {len(removed)} removed (listed above,"
          " 30 of each at most); review them, then `make api-baseline` records the new API for the commit")
check.finish()
