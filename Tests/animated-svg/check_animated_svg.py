#!/usr/bin/env python3
"""Plays every example's animated SVG (`--format animated-svg`) in headless Chromium and
compares it with Flipbook's own PNG frames. For each example, 20 frames f_j evenly spaced over
the scene are shown on one page: 20 copies of the SVG in rows of five, a script pausing every
CSS animation of copy j at the time of frame f_j through `getAnimations()` and
`currentTime`; a screenshot at device scale 2 is cut into the tiles, and each tile must match
Flipbook's PNG of frame f_j at scale 2 at PSNR >= 30 dB — Skia and Cairo anti-alias text and
blur a little differently, geometry must not. A page that misses is shot up to twice more (and
says so): headless Chromium without GPU now and then leaves part of a page undrawn.
Also: the SVG is smaller than the example's GIF (scale 1), wallet-scroll's under 150 KB, and
two renders are byte-identical. And the per-frame SVG (`--format svg`) of each example's middle
frame, an image in the same page's last row, matches the PNG of that frame at PSNR >= 30 dB.
Two examples are checked at a time. Prints a table of PSNR and sizes (docs/animated-svg.md).
`make test` checks the covering examples of Tests/support/examples.py, `make test-all` all.
Usage: check_animated_svg.py FLIPBOOK_BINARY [EXAMPLE…]   (run by `make test`)"""
import concurrent.futures, json, math, os, shutil, subprocess, sys, tempfile
from PIL import Image, ImageChops, ImageStat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks
import chromium, examples, renders

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
TILES, COLUMNS = 20, 5
# The examples whose animated SVG is rendered a second time to compare bytes in `make test`
# (text, images, shadows, fingers, two views); `make test-all` does it for every example.
TWICE = {"wallet-move", "drag-between-views", "labels-and-shadows", "mail-swipe"}
check = Checks("animated-svg")


def psnr(a, b):
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mse = sum(v * v for v in ImageStat.Stat(diff).rms) / 3
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def show_page(tmp, name, svg, times, frame_svg, w, h, fps):
    """One page: copies of `svg` in rows of COLUMNS, copy i paused at frame times[i], then the
    per-frame SVG `frame_svg` as an image in a row of its own; shot at device scale 2. One page
    an example rather than one a row: each Chromium start costs about as much as five tiles.
    Returns (the screenshot's path, its image), or (None, None) when Chromium wrote none."""
    tiles = "".join(f'<div class="t" data-time="{k / fps}">{svg}</div>' for k in times)
    rows = math.ceil(len(times) / COLUMNS)
    page = os.path.join(tmp, name + ".html")
    open(page, "w", encoding="utf-8").write(
        "<!doctype html><html><head><style>body{margin:0;display:grid;"
        f"grid-template-columns:repeat({COLUMNS},{w}px);grid-auto-rows:{h}px}}"
        ".t{width:%dpx;height:%dpx;overflow:hidden}.t svg,.t img{display:block}</style></head><body>" % (w, h) + tiles +
        f'<div class="t" style="grid-row:{rows + 1};grid-column:1"><img src="{os.path.basename(frame_svg)}" width="{w}" height="{h}"></div>'
        "<script>for (const t of document.querySelectorAll('.t')) for (const a of t.getAnimations({subtree: true}))"
        " { a.pause(); a.currentTime = parseFloat(t.dataset.time) * 1000; }</script></body></html>")
    shot = os.path.join(tmp, name + "-shot.png")
    # The window is a little larger than the tiles: headless Chromium's viewport can be
    # shorter than the window it is given.
    # A page of 20 copies of a large SVG (wallet-expand's 600 KB at scale 2: 13 MB of markup)
    # takes Chromium longer than the usual 20 s on a busy machine: 20 s plus 8 s a megabyte.
    timeout = 20 + 8 * os.path.getsize(page) / 1e6
    if not chromium.screenshot("file://" + page, shot, COLUMNS * w + 100, (rows + 1) * h + 200, scale=2, budget_ms=8000, timeout=timeout):
        return None, None
    return shot, Image.open(shot).convert("RGB")


def render(scene, out, *args, scale="1"):
    subprocess.run([FLIPBOOK, "render", scene, "-o", out, "--scale", scale, *args], check=True, stdout=subprocess.DEVNULL)


def check_example(scene, tmp):
    """Every check of one example; returns its table row."""
    name = os.path.splitext(os.path.basename(scene))[0]
    tmp = os.path.join(tmp, name)
    os.makedirs(tmp)
    # The SVG and PNG frames at scale 2 (hairlines one device pixel there), the GIF at scale 1 as
    # the README has it: the example's renders shared with the other checks.
    out = renders.directory(name, 2, FLIPBOOK)
    gif_path = os.path.join(renders.directory(name, 1, FLIPBOOK), name + ".gif")
    svg_path = os.path.join(out, name + ".svg")
    svg = open(svg_path, encoding="utf-8").read()
    if examples.tier() == "all" or name in TWICE:
        render(scene, os.path.join(tmp, "again"), "--format", "animated-svg", scale="2")
        check(open(os.path.join(tmp, "again", name + ".svg"), encoding="utf-8").read() == svg, f"{name}: same bytes twice")
    check("<script" not in svg and "http://" not in svg.replace("http://www.w3.org/2000/svg", ""),
          f"{name}: self-contained (no scripts, no external references)")
    spec = json.load(open(scene, encoding="utf-8"))
    fps = spec.get("fps", 60)
    count = math.ceil(round(spec["duration"] * fps, 6))
    picks = [round(j * (count - 1) / (TILES - 1)) for j in range(TILES)]
    frames = [os.path.join(out, f"frame-{k:05d}.png") for k in picks]
    # The middle frame as a per-frame SVG (1 px a point), against its PNG at scale 2.
    middle = count // 2
    render(scene, tmp, "--format", "svg", "--frames", str(middle), scale="2")
    frame_svg = os.path.join(tmp, f"frame-{middle:05d}.svg")
    frame_png = os.path.join(out, f"frame-{middle:05d}.png")
    w, h = spec["canvas"]["width"], spec["canvas"]["height"]
    rows = math.ceil(TILES / COLUMNS)

    def tile(screen, i):
        return screen.crop(((i % COLUMNS) * w * 2, (i // COLUMNS) * h * 2, (i % COLUMNS + 1) * w * 2, (i // COLUMNS + 1) * h * 2))

    # Shown again if a tile misses (chromium.until): a miss that repeats is a real one.
    def take():
        shot, screen = show_page(tmp, name, svg, picks, frame_svg, w, h, fps)
        if not screen:
            return shot, screen, [0.0] * TILES, 0.0
        return (shot, screen, [psnr(tile(screen, i), Image.open(frames[i])) for i in range(TILES)],
                psnr(tile(screen, rows * COLUMNS), Image.open(frame_png)))

    def seen(shot, screen, values, frame_value):
        return (f"{name}: {chromium.describe(screen) if screen else 'no screenshot'}, lowest PSNR {min(values):.1f} dB,"
                f" per-frame SVG {frame_value:.1f} dB")
    shot, screen, values, frame_value = chromium.until(take, lambda r: min(r[2]) >= 30 and r[3] >= 30, lambda r: seen(*r))
    if (min(values) < 30 or frame_value < 30) and shot:
        kept = os.path.join(ROOT, ".build", "check-failures", f"{name}.png")
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        shutil.copy(shot, kept)
        print(f"      {seen(shot, screen, values, frame_value)}; the screenshot is kept as {kept}")
    check(screen is not None, f"{name}: Chromium took the screenshot")
    for k, value in zip(picks, values):
        check(value >= 30, f"{name} frame {k}: PSNR {value:.1f} dB against the PNG (at least 30)")
    check(frame_value >= 30, f"{name} frame {middle} as SVG: PSNR {frame_value:.1f} dB against the PNG (at least 30)")
    gif = os.path.getsize(gif_path)
    size = len(svg.encode("utf-8"))
    check(size < gif, f"{name}: animated SVG {size} bytes, smaller than the GIF's {gif}")
    if name == "wallet-scroll":
        check(size < 150_000, f"wallet-scroll: animated SVG {size} bytes, under 150 KB")
    return (name, min(values), sum(values) / len(values), size, gif)


only = sys.argv[2:] or examples.examples()
scenes = [os.path.join(ROOT, "examples", n + ".json") for n in only]
with tempfile.TemporaryDirectory() as tmp:
    # Two examples at a time: a Chromium run leaves a core idle much of the time.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(lambda s: check_example(s, tmp), scenes))

print(f"{'example':22} {'min PSNR':>9} {'mean PSNR':>10} {'SVG bytes':>10} {'GIF bytes':>10}")
for name, low, mean, size, gif in rows:
    print(f"{name:22} {low:8.1f}  {mean:9.1f}  {size:10} {gif:10}")
check.finish()
