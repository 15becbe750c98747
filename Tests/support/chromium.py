"""Headless Chromium for the checks that show Flipbook's output in a real browser (`make test`).

Every call gets a profile directory of its own, so no run hands its page to another Chromium
still shutting down, and runs in a process group of its own: a run that has not finished in
`timeout` seconds (20 by default; a page normally takes 1-10) is killed whole and reported like a missing
screenshot, for the caller to take again (`until`). One `make test` run saw a screenshot hang
for over 180 s; that run had --run-all-compositor-stages-before-draw, tried against half-drawn pages,
which did not prevent them and is not used (helios#4978 reports that flag deadlocking
screenshots). `describe` summarises a screenshot in one line, for a log that explains a failure."""
import os, shutil, signal, subprocess, tempfile
from PIL import Image

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# How often a check shows a page before a miss counts: headless Chromium without GPU now and
# then leaves part of a page undrawn or hangs (docs/animated-svg.md), never the same way twice.
ATTEMPTS = 3


def run(url, *args, timeout=20):
    """Runs headless Chromium on `url` with `args`: (stdout, stderr) as text, or None when it
    did not finish within `timeout` seconds (it is killed, with every process it started)."""
    profile = tempfile.mkdtemp(prefix="flipbook-chromium-")
    try:
        process = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                    f"--user-data-dir={profile}", *args, url],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            return process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            # Not read to the end: a process that left the group could hold the pipes open.
            process.stdout.close()
            process.stderr.close()
            process.wait()
            return None
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def screenshot(url, path, width, height, scale=1, budget_ms=None, timeout=20):
    """Writes a screenshot of `url` in a `width` x `height` window to `path`; True if it did.
    The image is `scale` times the window's size in pixels; `timeout` seconds at most."""
    extra = [f"--virtual-time-budget={budget_ms}"] if budget_ms is not None else []
    if os.path.exists(path):
        os.remove(path)
    run(url, f"--force-device-scale-factor={scale}", f"--window-size={width},{height}", *extra,
        f"--screenshot={path}", timeout=timeout)
    try:
        Image.open(path).verify()
        return True
    except (OSError, SyntaxError):
        return False


def until(take, good, miss):
    """Calls `take()` until `good(result)`, at most ATTEMPTS times, and returns the last result;
    a retake prints a note line naming what missed (`miss(result)`)."""
    for attempt in range(1, ATTEMPTS + 1):
        result = take()
        if good(result) or attempt == ATTEMPTS:
            return result
        print(f"note: {miss(result)}; shown again (attempt {attempt} of {ATTEMPTS} missed)")


def describe(image):
    """'W x H, N colours, P% white': enough to tell a blank or half-drawn screenshot in a log."""
    rgb = image.convert("RGB")
    colours = rgb.getcolors(1 << 24) or []
    white = next((n for n, c in colours if c == (255, 255, 255)), 0)
    return f"{rgb.width} x {rgb.height}, {len(colours)} colours, {100 * white / (rgb.width * rgb.height):.0f}% white"
