#!/usr/bin/env python3
"""Mean PSNR (dB) of a video against the PNG frames it was made from, frame by frame (ffmpeg
decodes; scripts/animation_frames.py says how each figure is taken). Used by `make bench`.
Usage: video-psnr.py VIDEO FRAMES_DIR FPS   → prints "YCBCR_MEAN RGB_MEAN FRAMES"."""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from animation_frames import video_psnr

yuv, rgb = video_psnr(sys.argv[1], sys.argv[2], int(sys.argv[3]))
print(f"{sum(yuv) / len(yuv):.2f} {sum(rgb) / len(rgb):.2f} {len(yuv)}")
