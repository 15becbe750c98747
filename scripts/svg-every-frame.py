#!/usr/bin/env python3
"""Every frame of an example's animated SVG played in headless Chromium against Flipbook's PNG
of that frame (scale 2): the figure behind docs/performance.md's animated-SVG goal. Where
Tests/animated-svg samples 20 frames an example, this shows all of them, 20 to a page, each
copy of the SVG paused at its frame's time through `getAnimations()` and `currentTime`.
Prints each example's lowest PSNR with its frame, the mean, and every frame under the goal.
Asserts nothing (make bench reads the figures) unless given --check: then every frame must be
at least 30 dB, Tests/animated-svg's bound, and the last line counts the frames that are
(`make test-all`, the nightly job, runs it so on every example). About a second a frame on two cores.
Usage: scripts/svg-every-frame.py [--check] FLIPBOOK [EXAMPLE…|all]   (default: the examples that move most)"""
import glob, json, math, os, subprocess, sys, tempfile
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
import chromium
from animation_frames import psnr

GOAL = 32.0
BOUND = 30.0  # Tests/animated-svg/check_animated_svg.py's bound on the frames it samples
PER_PAGE, COLUMNS = 20, 5
DEFAULT = ["expand-collapse", "expand-collapse-short", "pull-for-more", "scroll-physics", "wallet-scroll"]


def page_values(tmp, svg, frames, pngs, w, h, fps):
    """PSNR of each frame in `frames` (at most PER_PAGE), shown on one page; a page with a tile
    under the goal is shown again (chromium.until): headless Chromium now and then leaves part
    of a page undrawn, never the same way twice."""
    rows = math.ceil(len(frames) / COLUMNS)
    page = os.path.join(tmp, "page.html")
    tiles = "".join(f'<div class="t" data-time="{k / fps}">{svg}</div>' for k in frames)
    open(page, "w", encoding="utf-8").write(
        "<!doctype html><html><head><style>body{margin:0;display:grid;"
        f"grid-template-columns:repeat({COLUMNS},{w}px);grid-auto-rows:{h}px}}"
        ".t{width:%dpx;height:%dpx;overflow:hidden}.t svg{display:block}</style></head><body>" % (w, h) + tiles +
        "<script>for (const t of document.querySelectorAll('.t')) for (const a of t.getAnimations({subtree: true}))"
        " { a.pause(); a.currentTime = parseFloat(t.dataset.time) * 1000; }</script></body></html>")
    shot = os.path.join(tmp, "shot.png")

    def take():
        if not chromium.screenshot("file://" + page, shot, COLUMNS * w + 100, rows * h + 200, scale=2, budget_ms=8000):
            return [0.0] * len(frames)
        screen = Image.open(shot).convert("RGB")
        return [psnr(screen.crop(((i % COLUMNS) * w * 2, (i // COLUMNS) * h * 2, (i % COLUMNS + 1) * w * 2, (i // COLUMNS + 1) * h * 2)),
                     Image.open(pngs[k]).convert("RGB")) for i, k in enumerate(frames)]
    return chromium.until(take, lambda v: min(v) >= GOAL, lambda v: f"lowest {min(v):.1f} dB")


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
            values = []
            for start in range(0, len(pngs), PER_PAGE):
                values += page_values(tmp, svg, list(range(start, min(start + PER_PAGE, len(pngs)))), pngs, w, h, fps)
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
