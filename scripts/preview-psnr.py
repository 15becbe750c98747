#!/usr/bin/env python3
"""PSNR (dB) of an animated file against the PNG frames it was made from, frame by frame at
each frame's time (as a browser shows it). Used by `make bench`.
Usage: preview-psnr.py ANIMATION FRAMES_DIR FPS   → prints "MEAN POOLED".

MEAN is the mean of the frames' PSNRs, an exact frame counting 99 dB. POOLED is the PSNR of
the mean squared error over all frames, which an exact frame cannot inflate: a GIF that makes
its still frames exact (the viewer then sees the PNG) lifts MEAN by many dB while the moving
frames, where the bytes go, may be worse (docs/performance.md, "the GIF's PSNR, two ways")."""
import os, sys
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from animation_frames import db, frames_of, mse, shown_at

path, frames_dir, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
shown = frames_of(Image.open(path))
names = sorted(f for f in os.listdir(frames_dir) if f.startswith("frame-") and f.endswith(".png"))
errors = [mse(Image.open(os.path.join(frames_dir, name)).convert("RGB"), shown_at(shown, n * 1000.0 / fps + 0.5))
          for n, name in enumerate(names)]
print(f"{sum(db(e) for e in errors) / len(errors):.2f} {db(sum(errors) / len(errors)):.2f}")
