#!/usr/bin/env python3
"""Every frame of an example's animated SVG played in headless Chromium against Flipbook's PNG
of that frame (scale 2): the figure behind docs/performance.md's animated-SVG goal. Where
Tests/animated-svg samples 20 frames an example, this shows all of them in one running
Chromium, the SVG paused at each frame's time through `getAnimations()` and `currentTime`.
Prints each example's lowest PSNR with its frame, the mean, and every frame under the goal.
Asserts nothing (make bench reads the figures) unless given --check: then every frame must be
at least 30 dB, Tests/animated-svg's bound, and the last line counts the frames that are
(`make test-all`, the nightly job, runs it so on every example). 
Usage: scripts/svg-every-frame.py [--check] FLIPBOOK [EXAMPLE…|all]   (default: the examples that move most)"""
import glob, json, math, os, subprocess, sys, tempfile
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
import chromium
from devtools import Page
from animation_frames import psnr

GOAL = 32.0
BOUND = 30.0  # Tests/animated-svg/check_animated_svg.py's bound on the frames it samples
DEFAULT = ["expand-collapse", "expand-collapse-short", "pull-for-more", "scroll-physics", "wallet-scroll"]


def frame_values(tmp, svg, pngs, w, h, fps):
    """PSNR of every frame: one Chromium (Tests/support/devtools.py) shows the SVG once, and
    for each frame pauses its animations at the frame's time through `getAnimations()` and
    `currentTime`, waits two animation frames and captures the page. A frame under the goal is
    captured again (ATTEMPTS in all): headless Chromium now and then shows part of a frame
    undrawn, never the same way twice."""
    page_path = os.path.join(tmp, "page.html")
    open(page_path, "w", encoding="utf-8").write(
        "<!doctype html><html><head><style>body{margin:0}.t{width:%dpx;height:%dpx;overflow:hidden}.t svg{display:block}</style>"
        "</head><body><div class=\"t\">%s</div><script>window.seek = (t) => { for (const a of document.getAnimations())"
        " { a.pause(); a.currentTime = t * 1000; } return new Promise((done) => requestAnimationFrame(() =>"
        " requestAnimationFrame(() => done(true)))); };</script></body></html>" % (w, h, svg))
    page = Page("file://" + page_path, width=w, height=h, scale=2)
    page.viewport(w, h, 2)
    shot = os.path.join(tmp, "shot.png")
    values = []
    try:
        if not page.until("document.readyState === 'complete' && typeof window.seek === 'function'", seconds=30):
            raise RuntimeError("the page with the animated SVG did not load")
        for k, png in enumerate(pngs):
            expected = Image.open(png).convert("RGB")

            def take():
                page.js(f"seek({k / fps})")
                page.screenshot(shot, w, h)
                return psnr(Image.open(shot).convert("RGB"), expected)
            values.append(chromium.until(take, lambda v: v >= GOAL, lambda v: f"frame {k}: {v:.1f} dB"))
    finally:
        page.close()
    return values


def main():
    args = sys.argv[1:]
    checking = "--check" in args
    args = [a for a in args if a != "--check"]
    flipbook = args[0] if args else os.path.join(ROOT, ".build/release/flipbook")
    names = args[1:] or DEFAULT
    if names == ["all"]:
        names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "examples", "*.json")))
    passed = failed = 0
    for name in names:
        scene = os.path.join(ROOT, "examples", name + ".json")
        spec = json.load(open(scene, encoding="utf-8"))
        fps, w, h = spec.get("fps", 60), spec["canvas"]["width"], spec["canvas"]["height"]
        with tempfile.TemporaryDirectory() as tmp:
            for fmt in ("animated-svg", "png"):
                subprocess.run([flipbook, "render", scene, "-o", tmp, "--scale", "2", "--format", fmt], check=True,
                               stdout=subprocess.DEVNULL)
            svg = open(os.path.join(tmp, name + ".svg"), encoding="utf-8").read()
            pngs = sorted(glob.glob(os.path.join(tmp, "frame-*.png")))
            values = frame_values(tmp, svg, pngs, w, h, fps)
        low = min(range(len(values)), key=lambda k: values[k])
        under = [f"{k} ({values[k]:.1f})" for k in range(len(values)) if values[k] < GOAL]
        print(f"{name}: {len(values)} frames, lowest {values[low]:.1f} dB at frame {low}, mean {sum(values) / len(values):.1f} dB,"
              f" {len(svg.encode('utf-8'))} bytes; under {GOAL:.0f} dB: {', '.join(under) or 'none'}", flush=True)
        for k, value in enumerate(values):
            if value >= BOUND:
                passed += 1
            else:
                failed += 1
                print(f"FAIL: {name} frame {k}: {value:.1f} dB against the PNG (at least {BOUND:.0f})")
    if checking:
        print(f"svg-every-frame: {passed} passed, {failed} failed")
        sys.exit(1 if failed else 0)


main()
