#!/usr/bin/env python3
"""The library client's PR-tier check: examples/swift built against the products of this
checkout's one release build (BUILD, `.build/release`), as a client package is — its code
imports only the products' modules — without SwiftPM building Flipbook a second time (a
package path dependency always gets a build of its own, 170 CPU-seconds in debug).

- AppLayouts (an app's UIKit layout code) is compiled into a module against FlipbookUIKit;
- CoverFlowDemo is compiled and linked against the products' object files and run: it renders
  its code-built scene, and its own `flipbook` command renders a scene file that names its
  layout and lists that layout in `help`;
- both test targets are type-checked against the products (FlipbookTesting, XCTest).

scripts/library-client.sh (the nightly tier, `make test-all`) builds the package with SwiftPM,
runs it the same way and runs its tests.

Usage: library-client.py BUILD   (prints "N passed, M failed")"""
import glob, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks
import swift_modules

BUILD = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release"))
CLIENT = os.path.join(ROOT, "examples", "swift")
SWIFTC = os.environ.get("SWIFTC", "swiftc")
# What CoverFlowDemo links: the Flipbook and FlipbookCLI products' targets (Package.swift).
LINKED_MODULES = ["FlipbookCore", "FlipbookJSON", "FlipbookLayout", "FlipbookAnimation", "FlipbookSimulation", "FlipbookEffects",
                  "FlipbookGraphics", "FlipbookSceneFile", "FlipbookRender", "FlipbookDiff", "Flipbook", "FlipbookCLI",
                  "CFrameDeflate", "CVideo", "CJPEG"]
check = Checks("library client")


def sources(*parts):
    return sorted(glob.glob(os.path.join(CLIENT, *parts, "**", "*.swift"), recursive=True))


def swiftc(args, what):
    r = subprocess.run([SWIFTC, "-swift-version", "6", *swift_modules.import_flags(BUILD), *args], capture_output=True, text=True)
    check(r.returncode == 0, f"{what} ({(r.stderr or r.stdout).strip()[:2000]})")
    return r.returncode == 0


def run(args, what, cwd=ROOT):
    r = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    check(r.returncode == 0, f"{what} (exit {r.returncode}: {(r.stderr or r.stdout).strip()[:500]})")
    return r


with tempfile.TemporaryDirectory(prefix="flipbook-client-") as out:
    swiftc(["-parse-as-library", "-module-name", "AppLayouts", "-emit-module", "-emit-module-path", os.path.join(out, "AppLayouts.swiftmodule"),
            *sources("Sources", "AppLayouts")], "AppLayouts compiles against FlipbookUIKit")
    swiftc(["-typecheck", "-I", out, "-module-name", "AppLayoutsTests", *sources("Tests", "AppLayoutsTests")],
           "AppLayoutsTests type-checks against AppLayouts, Flipbook and FlipbookUIKit")
    swiftc(["-typecheck", "-module-name", "CoverFlowDemoTests", *sources("Tests", "CoverFlowDemoTests")],
           "CoverFlowDemoTests type-checks against Flipbook and FlipbookTesting")
    demo = os.path.join(out, "CoverFlowDemo")
    if swiftc(["-module-name", "CoverFlowDemo", "-o", demo, *sources("Sources", "CoverFlowDemo"),
               *swift_modules.objects(BUILD, LINKED_MODULES), *[f"-l{l}" for l in swift_modules.LINKED]],
              "CoverFlowDemo compiles and links against the Flipbook and FlipbookCLI products"):
        run([demo, os.path.join(out, "cover-flow")], "CoverFlowDemo renders its scene made in code")
        check(len(glob.glob(os.path.join(out, "cover-flow", "*.png"))) > 0, "the code-built scene's frames are written")
        run([demo, "flipbook", "render", "examples/swift/carousel.json", "-o", os.path.join(out, "carousel"), "--format", "png,json"],
            "its own flipbook command renders a scene file naming its layout")
        frames = os.path.join(out, "carousel", "frame-00044.png")
        keyframes = os.path.join(out, "carousel", "keyframes.json")
        check(os.path.exists(frames) and '"scene":"carousel"' in open(keyframes).read() if os.path.exists(keyframes) else False,
              "the carousel's frame 44 and keyframes.json are written")
        h = run([demo, "flipbook", "help"], "its flipbook help runs")
        check("Layouts: wallet, flow, absolute, compositional, list, coverFlow" in h.stdout + h.stderr, "help lists the client's layout")
check.finish()
