#!/usr/bin/env python3
"""Lists the public symbols of every module `import Flipbook` re-exports, with the toolchain's
swift-symbolgraph-extract, and fails on what the public API must not have: Cairo handles and
raw pointers (OpaquePointer, Unsafe*Pointer) and mutable global state (a public static or
global `var` with a setter). Reads the modules of the build in BUILD_DIR.

Usage: check_public_api.py BUILD_DIR   (run by `make test` after `swift test`; prints "N passed, M failed")
"""
import glob, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks

BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug")
check = Checks("public API")
MODULES = ["FlipbookCore", "FlipbookJSON", "FlipbookLayout", "FlipbookAnimation", "FlipbookSimulation", "FlipbookEffects",
           "FlipbookGraphics", "FlipbookSceneFile", "FlipbookRender", "FlipbookDiff", "Flipbook"]
cflags = subprocess.run(["pkg-config", "--cflags", "pangocairo", "zlib", "libwebpmux", "libdeflate"], capture_output=True, text=True,
                        check=True).stdout.split()
includes = [f for flag in cflags if flag.startswith("-I") for f in ("-Xcc", flag)]
for c in ("CCairo", "CZlib", "CWebP", "CDeflate"):
    includes += ["-I", os.path.join(ROOT, "Sources", c)]
# CVideo and CFrameDeflate are C targets: SwiftPM writes their module maps into the build folder.
for c in ("CVideo", "CFrameDeflate"):
    includes += ["-Xcc", "-fmodule-map-file=" + os.path.join(os.path.realpath(BUILD), c + ".build", "module.modulemap"),
                 "-I", os.path.join(ROOT, "Sources", c, "include")]
modules = os.path.join(os.path.realpath(BUILD), "Modules")
with tempfile.TemporaryDirectory() as out:
    count = 0
    for m in MODULES:
        r = subprocess.run(["swift-symbolgraph-extract", "-module-name", m, "-target", "x86_64-unknown-linux-gnu", "-I", modules, *includes,
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
            check(not re.search(r"\bOpaquePointer\b|\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b", text),
                  f"{os.path.basename(path)}: {name} has no pointer in its declaration: {text}")
            kind = s["kind"]["identifier"]
            if kind in ("swift.type.property", "swift.var") and text.startswith(("static var", "var", "nonisolated(unsafe) static var")):
                # A stored static or global var that anyone may set is state shared by every render.
                settable = "set" in text or kind == "swift.var" and "{ get }" not in text
                check(not (kind == "swift.type.property" and settable and "static" in text),
                      f"{os.path.basename(path)}: {name} is not a settable static var: {text}")
    print(f"note: {count} public symbols in {len(MODULES)} modules")
check.finish()
