#!/usr/bin/env bash
# Renders every scene in examples/ into output/<scene>/ (PNG frames, SVG frames and
# keyframes.json). Usage: scripts/demo.sh PATH_TO_FLIPBOOK
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
shopt -s nullglob
scenes=(examples/*.json)
if [ ${#scenes[@]} -eq 0 ]; then echo "demo: no scenes in examples/" >&2; exit 1; fi
for scene in "${scenes[@]}"; do
  name=$(basename "$scene" .json)
  # Fingers are drawn as translucent circles, as in a screen recording.
  "$flipbook" render "$scene" -o "output/$name" --format png,svg,json --show-touches
done
echo "demo: rendered ${#scenes[@]} scene(s) into output/"
