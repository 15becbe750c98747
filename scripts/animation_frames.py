"""Reading animated files back as a browser shows them (Pillow), for the preview checks in
Tests/previews and for the benchmark's PSNR figures (scripts/preview-psnr.py)."""
import math
from PIL import ImageChops, ImageStat


def frames_of(im, mode="RGB"):
    """(start ms, duration ms, image in `mode`) of every frame of an opened Pillow image."""
    out, t, i = [], 0.0, 0
    while True:
        try:
            im.seek(i)
        except EOFError:
            break
        frame = im.convert(mode)  # loads the frame: Pillow's WebP reader sets "duration" then
        d = im.info.get("duration", 0)
        out.append((t, d, frame))
        t += d
        i += 1
    return out


def shown_at(frames, ms):
    """The image on screen at `ms` (frames from frames_of)."""
    k = 0
    while k + 1 < len(frames) and frames[k + 1][0] <= ms + 1e-6:
        k += 1
    return frames[k][2]


def mse(a, b):
    """Mean squared error per channel of two RGB images of one size."""
    st = ImageStat.Stat(ImageChops.difference(a, b))
    return sum(st.sum2) / (a.size[0] * a.size[1] * 3)


def db(error):
    """A mean squared error as PSNR in dB; 99 when it is 0."""
    return 99.0 if error == 0 else 10 * math.log10(255 ** 2 / error)


def psnr(a, b):
    """PSNR in dB of two RGB images of one size; 99 when they are equal."""
    return db(mse(a, b))



def video_size(path):
    """(width, height) of a video's first stream, as ffprobe reads it."""
    import json, subprocess
    probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                       "-of", "json", path], check=True, capture_output=True).stdout)
    return probe["streams"][0]["width"], probe["streams"][0]["height"]


def raw_frames(args, width, height, pix_fmt):
    """Frames that ffmpeg (with input `args`) writes as raw `pix_fmt` ("rgb24" or "yuv420p"):
    a generator of RGB images, or of (Y, Cb, Cr) greyscale planes, in order, without retiming.
    ffmpeg's own conversions are used (BT.709 at limited range for YCbCr output)."""
    import subprocess
    from PIL import Image
    convert = [] if pix_fmt == "rgb24" else ["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"]
    cw, ch = (width + 1) // 2, (height + 1) // 2
    size = width * height * 3 if pix_fmt == "rgb24" else width * height + 2 * cw * ch
    p = subprocess.Popen(["ffmpeg", "-v", "error", *args, *convert, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", pix_fmt, "-"],
                         stdout=subprocess.PIPE)
    try:
        while True:
            data = p.stdout.read(size)
            if len(data) < size:
                break
            if pix_fmt == "rgb24":
                yield Image.frombytes("RGB", (width, height), data)
            else:
                yield (Image.frombytes("L", (width, height), data[:width * height]),
                       Image.frombytes("L", (cw, ch), data[width * height:width * height + cw * ch]),
                       Image.frombytes("L", (cw, ch), data[width * height + cw * ch:]))
    finally:
        p.stdout.close()
        p.wait()


def video_frames(path, pix_fmt="rgb24"):
    """Every frame of a video as ffmpeg decodes it (see raw_frames)."""
    w, h = video_size(path)
    return raw_frames(["-i", path], w, h, pix_fmt)


def png_frames_as_yuv(frames_dir, fps):
    """A folder's PNG frames (frame-NNNNN.png, in order) in BT.709 4:2:0 as ffmpeg converts them."""
    import glob, os
    from PIL import Image
    names = sorted(f for f in os.listdir(frames_dir) if f.startswith("frame-") and f.endswith(".png"))
    w, h = Image.open(os.path.join(frames_dir, names[0])).size
    # A glob, not a numbered pattern: with --step the numbers have gaps.
    return raw_frames(["-framerate", str(fps), "-pattern_type", "glob", "-i", os.path.join(glob.escape(frames_dir), "frame-*.png")],
                      w, h, "yuv420p")


def yuv_psnr(a, b):
    """PSNR in dB over all samples of two (Y, Cb, Cr) frames, `a` cropped to `b`'s size (a
    video coded with even sides); 99 when equal."""
    total, count = 0.0, 0
    for pa, pb in zip(a, b):
        if pa.size != pb.size:
            pa = pa.crop((0, 0) + pb.size)
        st = ImageStat.Stat(ImageChops.difference(pa, pb))
        total += st.sum2[0]
        count += pb.size[0] * pb.size[1]
    mse = total / count
    return 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse)


def video_psnr(path, frames_dir, fps):
    """Per-frame PSNR of a video against the PNG frames it was made from: (Y'CbCr 4:2:0 against
    ffmpeg's BT.709 conversion of each PNG, RGB after ffmpeg's default conversion back), each a
    list with one figure a decoded frame."""
    import os
    from PIL import Image
    names = sorted(f for f in os.listdir(frames_dir) if f.startswith("frame-") and f.endswith(".png"))
    yuv = [yuv_psnr(a, b) for a, b in zip(video_frames(path, "yuv420p"), png_frames_as_yuv(frames_dir, fps))]
    rgb = []
    for frame, name in zip(video_frames(path), names):
        png = Image.open(os.path.join(frames_dir, name)).convert("RGB")
        rgb.append(psnr(frame.crop((0, 0) + png.size), png))
    return yuv, rgb
