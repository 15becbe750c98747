#!/usr/bin/env python3
"""Plays every example's animated SVG (`--format animated-svg`) in headless Chromium and
compares it with Flipbook's own PNG frames. For each example, 20 copies of the SVG are laid
out on one page; a script pauses every CSS animation of copy j at the time of frame f_j (20
frames evenly spaced over the scene) through `getAnimations()` and `currentTime`; one
screenshot at device scale 2 is cut into the 20 tiles, and each tile must match Flipbook's
PNG of frame f_j at scale 2 at PSNR >= 30 dB — Skia and Cairo anti-alias text and blur a
little differently, geometry must not.
Also: the SVG is smaller than the example's GIF (scale 1), wallet-scroll's under 150 KB, and
two renders are byte-identical. And the per-frame SVG (`--format svg`) of each example's middle
frame, shown in Chromium at device scale 2, matches the PNG of that frame at PSNR >= 30 dB. Prints a table of PSNR and sizes (docs/animated-svg.md).
Usage: check_animated_svg.py FLIPBOOK_BINARY [EXAMPLE…]   (run by `make test`)"""
import glob, json, math, os, shutil, subprocess, sys, tempfile
from PIL import Image, ImageChops, ImageStat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
TILES, COLUMNS = 20, 5
check = Checks("animated-svg")


def psnr(a, b):
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mse = sum(v * v for v in ImageStat.Stat(diff).rms) / 3
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


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
        tiles = "".join(f'<div class="t" data-time="{k / fps}">{svg}</div>' for k in picks)
        page = os.path.join(tmp, name + ".html")
        open(page, "w", encoding="utf-8").write(
            "<!doctype html><html><head><style>body{margin:0;display:grid;"
            f"grid-template-columns:repeat({COLUMNS},{w}px);grid-auto-rows:{h}px}}"
            ".t{width:%dpx;height:%dpx;overflow:hidden}.t svg{display:block}</style></head><body>" % (w, h) + tiles +
            "<script>for (const t of document.querySelectorAll('.t')) for (const a of t.getAnimations({subtree: true}))"
            " { a.pause(); a.currentTime = parseFloat(t.dataset.time) * 1000; }</script></body></html>")
        shot = os.path.join(tmp, name + "-shot.png")
        # The window is a little larger than the tiles: headless Chromium's viewport can be
        # shorter than the window it is given.
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
                        f"--window-size={COLUMNS * w + 100},{(TILES // COLUMNS) * h + 200}", "--virtual-time-budget=3000",
                        f"--screenshot={shot}", "file://" + page], capture_output=True, timeout=180)
        check(os.path.exists(shot), f"{name}: Chromium took the screenshot")
        if not os.path.exists(shot):
            continue
        screen = Image.open(shot).convert("RGB")
        values = []
        for j, k in enumerate(picks):
            x, y = (j % COLUMNS) * w * 2, (j // COLUMNS) * h * 2
            tile = screen.crop((x, y, x + w * 2, y + h * 2))
            value = psnr(tile, Image.open(frames[j]))
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
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
                        f"--window-size={w + 100},{h + 200}", f"--screenshot={frame_shot}", "file://" + frame_svg],
                       capture_output=True, timeout=180)
        check(os.path.exists(frame_shot), f"{name}: Chromium showed the per-frame SVG")
        if os.path.exists(frame_shot):
            value = psnr(Image.open(frame_shot).convert("RGB").crop((0, 0, w * 2, h * 2)),
                         Image.open(os.path.join(single, f"frame-{middle:05d}.png")))
            check(value >= 30, f"{name} frame {middle} as SVG: PSNR {value:.1f} dB against the PNG (at least 30)")

print(f"{'example':22} {'min PSNR':>9} {'mean PSNR':>10} {'SVG bytes':>10} {'GIF bytes':>10}")
for name, low, mean, size, gif in rows:
    print(f"{name:22} {low:8.1f}  {mean:9.1f}  {size:10} {gif:10}")
check.finish()
