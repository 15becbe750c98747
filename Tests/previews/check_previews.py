#!/usr/bin/env python3
"""Decodes Flipbook's animated previews with an independent reader (Pillow) and checks them
against the PNG frames of the same render: frame counts, total durations, GIF's centisecond
rules, lossless APNG and WebP pixels, loop counts, identical bytes at any thread count.

Usage: check_previews.py FLIPBOOK_BINARY   (run by `make test`; prints "N passed, M failed")
"""
import json, os, subprocess, sys, tempfile
from PIL import Image, ImageChops

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "scripts"), os.path.join(ROOT, "Tests", "support")]
from animation_frames import psnr, shown_at
from animation_frames import frames_of as frames_of_image
from checks import Checks

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
check = Checks("previews")


def render(scene, out, *args):
    cmd = [FLIPBOOK, "render", os.path.join(ROOT, "examples", scene + ".json"), "-o", out, "--scale", "1", *args]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def frames_of(path):
    """The opened image and (start ms, duration ms, RGB image) of every frame."""
    im = Image.open(path)
    return im, frames_of_image(im)


def same(a, b):
    return ImageChops.difference(a, b).getbbox() is None


def distinct_count(pngs):
    n = 1
    for a, b in zip(pngs, pngs[1:]):
        if not same(a, b):
            n += 1
    return n


def check_scene(scene, fps, frames_arg, tmp):
    out = os.path.join(tmp, f"{scene}-{fps}")
    extra = ["--fps", str(fps)] + (["--frames", frames_arg] if frames_arg else [])
    render(scene, out, "--format", "png,gif,apng,webp", *extra)
    names = sorted(f for f in os.listdir(out) if f.startswith("frame-"))
    pngs = [Image.open(os.path.join(out, f)).convert("RGB") for f in names]
    first = int(names[0][6:11])
    total_ms = len(pngs) * 1000.0 / fps
    distinct = distinct_count(pngs)
    label = f"{scene} at {fps} fps"

    # APNG: lossless, exact timing, one frame per distinct frame.
    im, apng = frames_of(os.path.join(out, scene + ".png"))
    check(im.format == "PNG" and getattr(im, "is_animated", False), f"{label}: APNG is animated")
    check(len(apng) == distinct, f"{label}: APNG has {len(apng)} frames, expected {distinct} (identical neighbours merged)")
    check(abs(sum(d for _, d, _ in apng) - total_ms) < 0.01, f"{label}: APNG lasts {sum(d for _, d, _ in apng)} ms, expected {total_ms}")
    bad = [i for i, p in enumerate(pngs) if not same(shown_at(apng, i * 1000.0 / fps), p)]
    check(not bad, f"{label}: APNG pixels differ from PNG frames {bad[:5]}")
    check(im.info.get("loop") == 0, f"{label}: APNG loops forever")

    # WebP: lossless by default, durations to the millisecond.
    im, webp = frames_of(os.path.join(out, scene + ".webp"))
    check(im.format == "WEBP" and getattr(im, "is_animated", False), f"{label}: WebP is animated")
    check(abs(sum(d for _, d, _ in webp) - total_ms) <= 1, f"{label}: WebP lasts {sum(d for _, d, _ in webp)} ms, expected {total_ms}")
    # WebP times are whole milliseconds: frame i starts at round(i·1000/fps).
    bad = [i for i, p in enumerate(pngs) if not same(shown_at(webp, round(i * 1000.0 / fps)), p)]
    check(not bad, f"{label}: WebP pixels differ from PNG frames {bad[:5]}")

    # GIF: no delay under 2 cs, every frame starts within 1 cs of a frame's true time, total
    # to the centisecond, and close to the PNG frames (256 colours a frame).
    im, gif = frames_of(os.path.join(out, scene + ".gif"))
    check(im.format == "GIF" and im.info.get("loop") == 0, f"{label}: GIF loops forever")
    delays = [d for _, d, _ in gif]
    check(min(delays) >= 20, f"{label}: shortest GIF delay {min(delays)} ms")
    check(abs(sum(delays) - total_ms) <= 10, f"{label}: GIF lasts {sum(delays)} ms, expected {total_ms}")
    late = [s for s, _, _ in gif if abs(s - round(s * fps / 1000) * 1000 / fps) > 10]
    check(not late, f"{label}: GIF frames start more than 1 cs from a frame's time: {late[:5]}")
    if fps <= 50:
        check(len(gif) == distinct, f"{label}: GIF has {len(gif)} frames, expected {distinct}")
    else:
        check(len(gif) <= distinct and len(gif) >= min(distinct, int(total_ms / 20) // 2),
              f"{label}: GIF has {len(gif)} frames for {distinct} distinct")
    # Quality of the colour reduction: each GIF frame against the PNG frame it stands for.
    quality = [psnr(image, pngs[min(len(pngs) - 1, round(start * fps / 1000))]) for start, _, image in gif]
    check(sum(quality) / len(quality) >= 48, f"{label}: GIF mean PSNR {sum(quality) / len(quality):.1f} dB")
    print(f"{label}: {len(pngs)} frames from {first}, {distinct} distinct; GIF {len(gif)} frames, "
          f"mean PSNR {sum(quality) / len(quality):.1f} dB; APNG and WebP lossless")


def check_loops_and_determinism(tmp):
    a, b = os.path.join(tmp, "loop-a"), os.path.join(tmp, "loop-b")
    render("wallet-expand", a, "--format", "gif,apng,webp,sheet", "--frames", "30-90", "--loop", "3", "--jobs", "1")
    render("wallet-expand", b, "--format", "gif,apng,webp,sheet", "--frames", "30-90", "--loop", "3", "--jobs", "2")
    for f in ["wallet-expand.gif", "wallet-expand.png", "wallet-expand.webp", "wallet-expand-sheet.png"]:
        check(open(os.path.join(a, f), "rb").read() == open(os.path.join(b, f), "rb").read(), f"{f}: same bytes with 1 and 2 threads")
    # --loop 3 plays three times: APNG num_plays 3, WebP loop 3, GIF repeats twice after the first play.
    check(Image.open(os.path.join(a, "wallet-expand.png")).info.get("loop") == 3, "APNG --loop 3")
    check(Image.open(os.path.join(a, "wallet-expand.webp")).info.get("loop") == 3, "WebP --loop 3")
    check(Image.open(os.path.join(a, "wallet-expand.gif")).info.get("loop") == 2, "GIF --loop 3 (NETSCAPE count 2)")
    sheet = Image.open(os.path.join(a, "wallet-expand-sheet.png"))
    # 12 of the 61 frames in rows of 4 at half size: 16 + 4 × (187.5 + 16) = 830 points wide,
    # 28 + 16 + 3 × (333.5 + 22 + 16) = 1158.5 tall (rounded up to whole pixels at scale 1).
    check(sheet.size == (830, 1159), f"sheet size {sheet.size}")


def clear_transparent(rgba):
    """The image with every pixel of alpha 0 made (0, 0, 0, 0): its colour is not shown."""
    alpha = rgba.getchannel("A").point(lambda a: 255 if a else 0)
    return Image.composite(rgba, Image.new("RGBA", rgba.size), alpha)


def check_translucent(tmp):
    """A 25 % opaque canvas under a clear collection view, so tags move over translucent
    pixels: APNG (RGBA) and WebP (straight alpha; each later frame replaces its rectangle,
    which blending would not) keep every pixel's colour and alpha."""
    with open(os.path.join(ROOT, "examples", "tag-reorder.json")) as f:
        scene = json.load(f)
    scene["canvas"]["background"] = "#F2F2F740"
    scene["collectionView"]["backgroundColor"] = "#FFFFFF00"
    path = os.path.join(tmp, "translucent.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = os.path.join(tmp, "translucent")
    subprocess.run([FLIPBOOK, "render", path, "-o", out, "--scale", "1", "--format", "png,apng,webp", "--frames", "0-120"],
                   check=True, stdout=subprocess.DEVNULL)
    names = sorted(f for f in os.listdir(out) if f.startswith("frame-"))
    pngs = [clear_transparent(Image.open(os.path.join(out, f)).convert("RGBA")) for f in names]
    check(pngs[0].getpixel((0, 0))[3] == 64, f"translucent: the PNG background's alpha is {pngs[0].getpixel((0, 0))[3]}, expected 64")
    def rgba_frames(name):
        return [(t, d, clear_transparent(f)) for t, d, f in frames_of_image(Image.open(os.path.join(out, name)), "RGBA")]
    apng, webp = rgba_frames("translucent.png"), rgba_frames("translucent.webp")
    for label, frames, time in [("APNG", apng, lambda i: i * 1000.0 / 60), ("WebP", webp, lambda i: round(i * 1000.0 / 60))]:
        bad = [i for i, p in enumerate(pngs) if not same(shown_at(frames, time(i)), p)]
        check(not bad, f"translucent {label}: RGBA differs from PNG frames {bad[:5]}")


with tempfile.TemporaryDirectory() as tmp:
    check_scene("wallet-scroll", 50, "0-149", tmp)      # ≤ 50 fps: every distinct frame, whole centiseconds
    check_scene("scroll-physics", 60, "60-239", tmp)    # > 50 fps: even centiseconds, frames that last no time dropped
    check_scene("tag-reorder", 30, None, tmp)
    check_loops_and_determinism(tmp)
    check_translucent(tmp)

check.finish()
