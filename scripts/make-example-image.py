#!/usr/bin/env python3
"""Writes examples/images/avatar.png, the picture examples/labels-and-shadows.json shows: a
120 x 120 RGBA PNG (a blue-to-purple gradient with a white ring), made with zlib only so
anyone can make it again byte for byte."""
import math, struct, zlib, sys

W = H = 120
rows = []
for y in range(H):
    row = bytearray([0])  # filter type None
    for x in range(W):
        t = (x + y) / (W + H - 2)
        r, g, b = int(0x5A + (0xAF - 0x5A) * t), int(0xC8 + (0x52 - 0xC8) * t), int(0xFA + (0xDE - 0xFA) * t)
        d = math.hypot(x - 59.5, y - 59.5)
        if 30 <= d <= 36:
            r = g = b = 255
        row += bytes([r, g, b, 255])
    rows.append(bytes(row))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
out = sys.argv[1] if len(sys.argv) > 1 else "examples/images/avatar.png"
open(out, "wb").write(png)
