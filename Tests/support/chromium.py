"""Headless Chromium for the checks that show Flipbook's output in a real browser (`make test`).

Every call gets a profile directory of its own, so no run hands its page to another Chromium
still shutting down, and waits for every compositor stage (raster included) before the
screenshot is drawn: without GPU, at device scale 2, a large page with blur filters can
otherwise come out with areas missing (GoogleChrome/rendertron#121 describes the same).
`describe` summarises a screenshot in one line, for a failure message a CI log can explain."""
import shutil, subprocess, tempfile
from PIL import Image

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def run(url, *args, timeout=180):
    """Runs headless Chromium on `url` with `args`; returns the CompletedProcess (text output)."""
    profile = tempfile.mkdtemp(prefix="flipbook-chromium-")
    try:
        return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                               "--run-all-compositor-stages-before-draw", f"--user-data-dir={profile}", *args, url],
                              capture_output=True, text=True, timeout=timeout)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def screenshot(url, path, width, height, scale=1, budget_ms=None):
    """Writes a screenshot of `url` in a `width` x `height` window to `path`; True if it did.
    The image is `scale` times the window's size in pixels."""
    extra = [f"--virtual-time-budget={budget_ms}"] if budget_ms is not None else []
    run(url, f"--force-device-scale-factor={scale}", f"--window-size={width},{height}", *extra,
        f"--screenshot={path}")
    try:
        Image.open(path).verify()
        return True
    except (OSError, SyntaxError):
        return False


def describe(image):
    """'W x H, N colours, P% white': enough to tell a blank or half-drawn screenshot in a log."""
    rgb = image.convert("RGB")
    colours = rgb.getcolors(1 << 24) or []
    white = next((n for n, c in colours if c == (255, 255, 255)), 0)
    return f"{rgb.width} x {rgb.height}, {len(colours)} colours, {100 * white / (rgb.width * rgb.height):.0f}% white"
