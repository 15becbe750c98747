#!/usr/bin/env python3
"""Opens the report of a real `flipbook check` run in headless Chromium: the page runs its
script without errors, lists each differing item with its frame range, and renders visibly.
The renders differ in known ways: wallet-scroll's pull starts 3 frames late, a tag-reorder
colour changes. Usage: check_report.py FLIPBOOK_BINARY   (run by `make test`)"""
import os, re, subprocess, sys, tempfile
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks, local_environment
import chromium

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
check = Checks("report")


with tempfile.TemporaryDirectory() as tmp:
    env = local_environment()
    golden, report = os.path.join(tmp, "golden"), os.path.join(tmp, "report")
    scenes = [os.path.join(ROOT, "examples", n + ".json") for n in ("wallet-scroll", "tag-reorder")]
    subprocess.run([FLIPBOOK, "check", *scenes, "--golden", golden, "--record", "-o", os.path.join(tmp, "rec")], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    changed = os.path.join(tmp, "changed")
    os.makedirs(changed)
    text = open(scenes[0], encoding="utf-8").read()
    open(os.path.join(changed, "wallet-scroll.json"), "w", encoding="utf-8").write(text.replace('"at": 3.5,', '"at": 3.55,'))
    text = open(scenes[1], encoding="utf-8").read()
    first_color = re.search(r'"color": "(#[0-9A-Fa-f]{6})"', text).group(1)
    open(os.path.join(changed, "tag-reorder.json"), "w", encoding="utf-8").write(text.replace(first_color, "#00FF00"))
    run = subprocess.run([FLIPBOOK, "check", os.path.join(changed, "wallet-scroll.json"), os.path.join(changed, "tag-reorder.json"),
                          "--golden", golden, "-o", report], capture_output=True, text=True, env=env)
    check(run.returncode == 1, f"check exits 1 when scenes differ (got {run.returncode}: {run.stderr})")
    check(run.stdout.startswith("tag-reorder: differ\n"), f"stdout starts with the first differing scene: {run.stdout[:200]}")
    check('"collectionView": scroll late by 3 frames (50 ms); frames 211-' in run.stdout, f"the delay is named on the scroll view: {run.stdout[:600]}")
    check(re.search(r': background #[0-9A-F]{6} → #00FF00 at frames ', run.stdout) is not None, f"the colour change is named with both values: {run.stdout[:900]}")

    page = "file://" + os.path.join(report, "report.html")
    dom = chromium.until(lambda: chromium.run(page, "--enable-logging=stderr", "--v=0", "--dump-dom", "--virtual-time-budget=2000"),
                         lambda d: d is not None, lambda d: "Chromium did not finish showing the report")
    check(dom is not None, "Chromium showed the report")
    html, stderr = dom or ("", "")
    check('data-scene="wallet-scroll" data-verdict="differ"' in html, "wallet-scroll is listed as differing")
    check('data-scene="tag-reorder" data-verdict="differ"' in html, "tag-reorder is listed as differing")
    items = re.findall(r'<li class="item-diff" data-item="([^"]+)" data-kind="([^"]+)" data-ranges="([^"]+)">', html)
    check(("bocom", "shifted") in [(i, k) for i, k, _ in items], f"bocom listed as shifted: {items[:3]}")
    check(any(i == "bocom" and r.startswith("211-") for i, _, r in items), "bocom's frame range starts at 211")
    check("late by 3 frames (50 ms)" in html, "the summary says late by 3 frames")
    check("→ #00FF00" in html, "the colour change is in the report's summary")
    check(len(re.findall(r'class="(semantic|both)( has-images)?"', html)) >= 30, "the strip marks the differing frames")
    check("clip-path: inset(0px 0px 0px 50%)" in html, "the page's script ran (the wipe slider is applied)")
    errors = [l for l in stderr.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    check(not errors, f"no console messages: {errors[:3]}")

    shot = os.path.join(tmp, "report.png")

    def take():
        shown = chromium.screenshot(page, shot, 1200, 1600, budget_ms=2000)
        img = Image.open(shot).convert("RGB") if shown else Image.new("RGB", (1, 1))
        colours = img.getcolors(1 << 20) or []
        # The wallet's red card appears in the screenshot: the inline images decoded.
        red = any(c[1][0] > 200 and c[1][1] < 80 and c[1][2] < 80 and c[0] > 500 for c in colours)
        return shown, img, colours, red
    shown, img, colours, red = chromium.until(take, lambda r: len(r[2]) > 200 and r[3],
                                              lambda r: f"the report's screenshot: {chromium.describe(r[1])}")
    check(shown, "Chromium took the report's screenshot")
    check(len(colours) > 200, f"the screenshot is not blank ({len(colours)} colours)")
    check(red, "frame images are drawn")

check.finish()
