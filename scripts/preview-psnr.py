#!/usr/bin/env python3
"""Mean PSNR (dB) of an animated file against the PNG frames it was made from, frame by
frame at each frame's time (as a browser shows it). Used by `make bench`.
Usage: preview-psnr.py ANIMATION FRAMES_DIR FPS   → prints the mean PSNR."""
import math, os, sys
from PIL import Image, ImageChops, ImageStat

path, frames_dir, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
im = Image.open(path)
shown, t, i = [], 0.0, 0
while True:
    try:
        im.seek(i)
    except EOFError:
        break
    rgb = im.convert("RGB")
    shown.append((t, rgb))
    t += im.info.get("duration", 0)
    i += 1
names = sorted(f for f in os.listdir(frames_dir) if f.startswith("frame-") and f.endswith(".png"))
total, k = 0.0, 0
for n, name in enumerate(names):
    ms = n * 1000.0 / fps
    while k + 1 < len(shown) and shown[k + 1][0] <= ms + 0.5:
        k += 1
    ref = Image.open(os.path.join(frames_dir, name)).convert("RGB")
    st = ImageStat.Stat(ImageChops.difference(ref, shown[k][1]))
    mse = sum(st.sum2) / (ref.size[0] * ref.size[1] * 3)
    total += 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse)
print(f"{total / len(names):.2f}")
