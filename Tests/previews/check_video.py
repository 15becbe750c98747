#!/usr/bin/env python3
"""Decodes Flipbook's MP4 and WebM with independent readers (ffprobe and ffmpeg, test tools,
never Flipbook's dependencies) and checks them against the PNG frames of the same render:
codec, profile and BT.709 tags; every frame there at a constant rate; the duration exact; the
mean PSNR of every example at least 40 dB; the same bytes with one and two threads and run
after run; --step, odd sides and bad --video-quality.

PSNR is measured as video codecs are compared: the decoded frame in its own Y'CbCr 4:2:0
against the PNG frame converted to BT.709 4:2:0 by ffmpeg (an independent conversion, so a
wrong matrix or range in Flipbook's shows here as a low figure). The RGB PSNR after ffmpeg's
default conversion back is printed beside it: 4:2:0 keeps one colour a 2x2 block, which caps
it on coloured edges whatever the bit rate (docs/previews.md, "Video").

Each file is decoded once, and the PNG frames converted once for both codecs: the frame count is that decode's (ffprobe only reads the headers),
and the RGB figure, which nothing asserts, is decoded and printed by `make test-all` alone.
`make test` checks the covering examples of Tests/support/examples.py, `make test-all` all.

Usage: check_video.py FLIPBOOK_BINARY   (run by `make test`; prints "N passed, M failed")
"""
import json, os, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "scripts"), os.path.join(ROOT, "Tests", "support")]
from animation_frames import png_frames_as_yuv, psnr, video_frames, yuv_psnr
from checks import Checks
import examples, renders

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook")
check = Checks("video")
# The tier's examples, at scale 1 (what a README embeds; odd sides, so H.264's padding is exercised).
SCENES = examples.examples()


def render(scene, out, *args):
    cmd = [FLIPBOOK, "render", os.path.join(ROOT, "examples", scene + ".json"), "-o", out, *args]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def probe(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path],
                       check=True, capture_output=True, text=True)
    info = json.loads(r.stdout)
    return info["streams"][0], info["format"]


def frame_names(out):
    return sorted(f for f in os.listdir(out) if f.startswith("frame-") and f.endswith(".png"))


def check_file(path, out, fps, step, label, codec, profile, pngs):
    """`pngs`: the PNG frames in BT.709 4:2:0 (png_frames_as_yuv), converted once for both codecs."""
    names = frame_names(out)
    stream, fmt = probe(path)
    w, h = Image.open(os.path.join(out, names[0])).size
    coded = (w + w % 2, h + h % 2) if codec == "h264" else (w, h)
    check(stream["codec_name"] == codec and stream.get("profile") == profile, f"{label}: {stream['codec_name']} {stream.get('profile')}")
    check((stream["width"], stream["height"]) == coded, f"{label}: {stream['width']}x{stream['height']}, expected {coded}")
    check(stream.get("pix_fmt") == "yuv420p", f"{label}: pixel format {stream.get('pix_fmt')}")
    tags = [stream.get(k) for k in ("color_space", "color_transfer", "color_primaries", "color_range")]
    check(tags == ["bt709", "bt709", "bt709", "tv"], f"{label}: colour tags {tags}")
    num, den = map(int, stream["r_frame_rate"].split("/"))
    check(num * step == fps * den, f"{label}: frame rate {stream['r_frame_rate']}, expected {fps}/{step}")
    expected = len(names) * step / fps
    check(abs(float(fmt["duration"]) - expected) < 0.0015, f"{label}: lasts {fmt['duration']} s, expected {expected:.4f}")
    # One decode: every frame counted and compared with ffmpeg's BT.709 4:2:0 of its PNG.
    decoded, yuv = 0, []
    pngs = iter(pngs)
    for frame in video_frames(path, "yuv420p"):
        decoded += 1
        png = next(pngs, None)
        if png is not None:
            yuv.append(yuv_psnr(frame, png))
    check(decoded == len(names), f"{label}: {decoded} frames decoded, expected {len(names)}")
    check(len(yuv) == len(names), f"{label}: {len(yuv)} frames compared of {len(names)}")
    mean = sum(yuv) / max(1, len(yuv))
    check(mean >= 40, f"{label}: mean PSNR {mean:.1f} dB (Y'CbCr 4:2:0), expected ≥ 40")
    rgb = None
    if examples.tier() == "all":
        rgb = [psnr(frame.crop((0, 0) + png.size), png)
               for frame, png in zip(video_frames(path), (Image.open(os.path.join(out, n)).convert("RGB") for n in names))]
    return mean, min(yuv, default=0), (sum(rgb) / len(rgb) if rgb else None), os.path.getsize(path)


def check_scene(scene, tmp):
    out = renders.directory(scene, 1, FLIPBOOK)  # png, mp4 and webm at scale 1 (and a GIF)
    fps = json.load(open(os.path.join(ROOT, "examples", scene + ".json"))).get("fps", 60)
    lines = []
    pngs = list(png_frames_as_yuv(out, fps))
    for ext, codec, profile in (("mp4", "h264", "Main"), ("webm", "vp9", "Profile 0")):
        mean, low, rgb, size = check_file(os.path.join(out, f"{scene}.{ext}"), out, fps, 1, f"{scene}.{ext}", codec, profile, pngs)
        lines.append(f"{ext} {size // 1024} KB, PSNR mean {mean:.1f} dB (worst frame {low:.1f})" + (f", RGB {rgb:.1f} dB" if rgb else ""))
    print(f"{scene}: {len(frame_names(out))} frames; " + "; ".join(lines), flush=True)


def check_step_and_determinism(tmp):
    # --step 3 from frame 30: every third frame, each lasting 3/60 s.
    a, b = os.path.join(tmp, "step-a"), os.path.join(tmp, "step-b")
    render("wallet-move", a, "--format", "png,mp4,webm", "--frames", "30-150", "--step", "3", "--jobs", "1")
    render("wallet-move", b, "--format", "mp4,webm", "--frames", "30-150", "--step", "3", "--jobs", "2")
    pngs = list(png_frames_as_yuv(a, 60))
    for ext, codec, profile in (("mp4", "h264", "Main"), ("webm", "vp9", "Profile 0")):
        check_file(os.path.join(a, "wallet-move." + ext), a, 60, 3, f"wallet-move.{ext} at scale 2, --step 3", codec, profile, pngs)
        same = open(os.path.join(a, "wallet-move." + ext), "rb").read() == open(os.path.join(b, "wallet-move." + ext), "rb").read()
        check(same, f"wallet-move.{ext}: same bytes with 1 and 2 threads")
    c = os.path.join(tmp, "step-c")
    render("wallet-move", c, "--format", "mp4,webm", "--frames", "30-150", "--step", "3", "--jobs", "2")
    for ext in ("mp4", "webm"):
        same = open(os.path.join(b, "wallet-move." + ext), "rb").read() == open(os.path.join(c, "wallet-move." + ext), "rb").read()
        check(same, f"wallet-move.{ext}: same bytes run after run")
    # Quality: lower is smaller; out of range is a usage error naming the option.
    d = os.path.join(tmp, "low")
    render("wallet-move", d, "--format", "mp4,webm", "--frames", "30-150", "--step", "3", "--video-quality", "20")
    for ext in ("mp4", "webm"):
        check(os.path.getsize(os.path.join(d, "wallet-move." + ext)) < os.path.getsize(os.path.join(b, "wallet-move." + ext)),
              f"wallet-move.{ext}: --video-quality 20 is smaller than the default")
    r = subprocess.run([FLIPBOOK, "render", os.path.join(ROOT, "examples", "wallet-move.json"), "-o", os.path.join(tmp, "bad"),
                        "--format", "mp4", "--video-quality", "101"], capture_output=True, text=True)
    check(r.returncode == 2 and "--video-quality" in r.stderr and len(r.stderr.strip().splitlines()) == 1,
          f"--video-quality 101: exit {r.returncode}, {r.stderr.strip()!r}")
    check(not os.path.exists(os.path.join(tmp, "bad")), "--video-quality 101 writes nothing")


with tempfile.TemporaryDirectory() as tmp:
    check_step_and_determinism(tmp)
    # Two scenes at a time: each render uses both cores only part of the time.
    with ThreadPoolExecutor(2) as pool:
        for f in [pool.submit(check_scene, s, tmp) for s in SCENES]:
            f.result()

check.finish()
