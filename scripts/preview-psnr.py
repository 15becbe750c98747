#!/usr/bin/env python3
"""Mean PSNR (dB) of an animated file against the PNG frames it was made from, frame by
frame at each frame's time (as a browser shows it). Used by `make bench`.
Usage: preview-psnr.py ANIMATION FRAMES_DIR FPS   → prints the mean PSNR."""
import os, sys
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from animation_frames import frames_of, psnr, shown_at

path, frames_dir, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
shown = frames_of(Image.open(path))
names = sorted(f for f in os.listdir(frames_dir) if f.startswith("frame-") and f.endswith(".png"))
total = sum(psnr(Image.open(os.path.join(frames_dir, name)).convert("RGB"), shown_at(shown, n * 1000.0 / fps + 0.5))
            for n, name in enumerate(names))
print(f"{total / len(names):.2f}")
