#!/usr/bin/env python3
"""Plays every example's animated SVG (`--format animated-svg`) in headless Chromium and
compares it with Flipbook's own PNG frames. For each example, 20 frames f_j evenly spaced over
the scene are shown five at a time: five copies of the SVG laid out on one page, a script
pausing every CSS animation of copy j at the time of frame f_j through `getAnimations()` and
`currentTime`; a screenshot at device scale 2 is cut into the tiles, and each tile must match
Flipbook's PNG of frame f_j at scale 2 at PSNR >= 30 dB — Skia and Cairo anti-alias text and
blur a little differently, geometry must not. A row that misses is shot up to twice more (and
says so): headless Chromium without GPU now and then leaves part of a page undrawn.
Also: the SVG is smaller than the example's GIF (scale 1), wallet-scroll's under 150 KB, and
two renders are byte-identical. And the per-frame SVG (`--format svg`) of each example's middle
frame, shown in Chromium at device scale 2, matches the PNG of that frame at PSNR >= 30 dB. Prints a table of PSNR and sizes (docs/animated-svg.md).
Usage: check_animated_svg.py FLIPBOOK_BINARY [EXAMPLE…]   (run by `make test`)"""
import glob, json, math, os, shutil, subprocess, sys, tempfile
from PIL import Image, ImageChops, ImageStat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks
import chromium

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
TILES, COLUMNS = 20, 5
check = Checks("animated-svg")


def psnr(a, b):
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mse = sum(v * v for v in ImageStat.Stat(diff).rms) / 3
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def show_row(tmp, name, svg, times, w, h, fps):
    """One row of copies of `svg`, copy i paused at frame times[i], shot at device scale 2:
    (the screenshot's path, its image), or (None, None) when Chromium wrote none."""
    tiles = "".join(f'<div class="t" data-time="{k / fps}">{svg}</div>' for k in times)
    page = os.path.join(tmp, name + ".html")
    open(page, "w", encoding="utf-8").write(
        "<!doctype html><html><head><style>body{margin:0;display:grid;"
        f"grid-template-columns:repeat({len(times)},{w}px);grid-auto-rows:{h}px}}"
        ".t{width:%dpx;height:%dpx;overflow:hidden}.t svg{display:block}</style></head><body>" % (w, h) + tiles +
        "<script>for (const t of document.querySelectorAll('.t')) for (const a of t.getAnimations({subtree: true}))"
        " { a.pause(); a.currentTime = parseFloat(t.dataset.time) * 1000; }</script></body></html>")
    shot = os.path.join(tmp, name + "-shot.png")
    # The window is a little larger than the tiles: headless Chromium's viewport can be
    # shorter than the window it is given.
    if not chromium.screenshot("file://" + page, shot, len(times) * w + 100, h + 200, scale=2, budget_ms=3000):
        return None, None
    return shot, Image.open(shot).convert("RGB")


def render(scene, out, *args, scale="1"):
    subprocess.run([FLIPBOOK, "render", scene, "-o", out, "--scale", scale, *args], check=True, stdout=subprocess.DEVNULL)


rows = []
with tempfile.TemporaryDirectory() as tmp:
    only = sys.argv[2:]  # optional: just these examples
    for scene in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        name = os.path.splitext(os.path.basename(scene))[0]
        if only and name not in only:
            continue
        out = os.path.join(tmp, name)
        # The SVG for scale 2 (hairlines one device pixel there), the GIF at scale 1 as the README has it.
        render(scene, out, "--format", "animated-svg", scale="2")
        render(scene, out, "--format", "gif")
        svg_path = os.path.join(out, name + ".svg")
        svg = open(svg_path, encoding="utf-8").read()
        render(scene, os.path.join(tmp, name + "-again"), "--format", "animated-svg", scale="2")
        check(open(os.path.join(tmp, name + "-again", name + ".svg"), encoding="utf-8").read() == svg, f"{name}: same bytes twice")
        check("<script" not in svg and "http://" not in svg.replace("http://www.w3.org/2000/svg", ""),
              f"{name}: self-contained (no scripts, no external references)")
        spec = json.load(open(scene, encoding="utf-8"))
        fps = spec.get("fps", 60)
        count = math.ceil(round(spec["duration"] * fps, 6))
        picks = [round(j * (count - 1) / (TILES - 1)) for j in range(TILES)]
        stills = os.path.join(tmp, name + "-stills")
        # Stills at exactly the frames' times, at scale 2 (`--time` writes <scene>-<t>s.png).
        render(scene, stills, "--format", "png", "--time", ",".join(repr(k / fps) for k in picks), scale="2")
        by_time = {}
        for f in glob.glob(os.path.join(stills, "*.png")):
            by_time[float(os.path.basename(f)[len(name) + 1:-5])] = f
        frames = [by_time[min(by_time, key=lambda t: abs(t - k / fps))] for k in picks]
        w, h = spec["canvas"]["width"], spec["canvas"]["height"]
        values = []
        # One screenshot per row of tiles, taken again if a tile misses (chromium.until): a
        # smaller page is less work for software raster, and a miss that repeats is a real one.
        for first in range(0, TILES, COLUMNS):
            row = list(enumerate(picks))[first:first + COLUMNS]
            frames_shown = f"{name} frames {row[0][1]}-{row[-1][1]}"

            def take():
                shot, screen = show_row(tmp, name, svg, [k for _, k in row], w, h, fps)
                return shot, screen, [psnr(screen.crop((i * w * 2, 0, (i + 1) * w * 2, h * 2)), Image.open(frames[j]))
                                      for i, (j, _) in enumerate(row)] if screen else [0.0] * len(row)

            def seen(shot, screen, row_values):
                return f"{frames_shown}: {chromium.describe(screen) if screen else 'no screenshot'}, lowest PSNR {min(row_values):.1f} dB"
            shot, screen, row_values = chromium.until(take, lambda r: min(r[2]) >= 30, lambda r: seen(*r))
            if min(row_values) < 30 and shot:
                kept = os.path.join(ROOT, ".build", "check-failures", f"{name}-frames-{row[0][1]}.png")
                os.makedirs(os.path.dirname(kept), exist_ok=True)
                shutil.copy(shot, kept)
                print(f"      {seen(shot, screen, row_values)}; the screenshot is kept as {kept}")
            check(screen is not None, f"{name}: Chromium took the screenshot of frames {row[0][1]}-{row[-1][1]}")
            for (j, k), value in zip(row, row_values):
                values.append(value)
                check(value >= 30, f"{name} frame {k}: PSNR {value:.1f} dB against the PNG (at least 30)")
        gif = os.path.getsize(os.path.join(out, name + ".gif"))
        size = len(svg.encode("utf-8"))
        check(size < gif, f"{name}: animated SVG {size} bytes, smaller than the GIF's {gif}")
        if name == "wallet-scroll":
            check(size < 150_000, f"wallet-scroll: animated SVG {size} bytes, under 150 KB")
        rows.append((name, min(values), sum(values) / len(values), size, gif))

        # One frame as a per-frame SVG (1 px a point) against the PNG of that frame at scale 2.
        middle = count // 2
        single = os.path.join(tmp, name + "-frame")
        render(scene, single, "--format", "svg,png", "--frames", str(middle), scale="2")
        frame_svg = os.path.join(single, f"frame-{middle:05d}.svg")
        frame_shot = os.path.join(tmp, name + "-frame-shot.png")

        def take_frame():
            shown = chromium.screenshot("file://" + frame_svg, frame_shot, w + 100, h + 200, scale=2)
            return shown, psnr(Image.open(frame_shot).convert("RGB").crop((0, 0, w * 2, h * 2)),
                               Image.open(os.path.join(single, f"frame-{middle:05d}.png"))) if shown else 0.0
        shown, value = chromium.until(take_frame, lambda r: r[1] >= 30, lambda r: f"{name} frame {middle} as SVG: PSNR {r[1]:.1f} dB")
        check(shown, f"{name}: Chromium showed the per-frame SVG")
        check(value >= 30, f"{name} frame {middle} as SVG: PSNR {value:.1f} dB against the PNG (at least 30)")

print(f"{'example':22} {'min PSNR':>9} {'mean PSNR':>10} {'SVG bytes':>10} {'GIF bytes':>10}")
for name, low, mean, size, gif in rows:
    print(f"{name:22} {low:8.1f}  {mean:9.1f}  {size:10} {gif:10}")
check.finish()
