"""Reading animated files back as a browser shows them (Pillow), for the preview checks in
Tests/previews and for the benchmark's PSNR figures (scripts/preview-psnr.py)."""
import math
from PIL import ImageChops, ImageStat


def frames_of(im):
    """(start ms, duration ms, RGB image) of every frame of an opened Pillow image."""
    out, t, i = [], 0.0, 0
    while True:
        try:
            im.seek(i)
        except EOFError:
            break
        rgb = im.convert("RGB")  # loads the frame: Pillow's WebP reader sets "duration" then
        d = im.info.get("duration", 0)
        out.append((t, d, rgb))
        t += d
        i += 1
    return out


def shown_at(frames, ms):
    """The image on screen at `ms` (frames from frames_of)."""
    k = 0
    while k + 1 < len(frames) and frames[k + 1][0] <= ms + 1e-6:
        k += 1
    return frames[k][2]


def psnr(a, b):
    """PSNR in dB of two RGB images of one size; 99 when they are equal."""
    st = ImageStat.Stat(ImageChops.difference(a, b))
    mse = sum(st.sum2) / (a.size[0] * a.size[1] * 3)
    return 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse)
