#!/usr/bin/env bash
# Renders every scene in examples/ into output/<scene>/: every frame as PNG, keyframes.json,
# every 30th frame as SVG (an SVG of every frame would add ~70 KB a frame for nothing a
# reader needs), the animation as <scene>.gif and as one animated <scene>.svg at scale 1 (the
# size a README embeds) and a contact sheet. Usage: scripts/demo.sh PATH_TO_FLIPBOOK
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
shopt -s nullglob
scenes=(examples/*.json)
if [ ${#scenes[@]} -eq 0 ]; then echo "demo: no scenes in examples/" >&2; exit 1; fi
for scene in "${scenes[@]}"; do
  # Fingers are drawn as translucent circles, as in a screen recording. No -o: the default
  # output/<scene> is one in which no part may be a symbolic link (a checkout cannot plant
  # one that sends the frames elsewhere; docs/reliability.md, "Threat model").
  "$flipbook" render "$scene" --format png,json --show-touches
  "$flipbook" render "$scene" --format svg --step 30 --show-touches
  "$flipbook" render "$scene" --format gif,sheet,animated-svg --scale 1 --show-touches
done
echo "demo: rendered ${#scenes[@]} scene(s) into output/"
