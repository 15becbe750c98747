#!/usr/bin/env bash
# Renders the animated previews the README shows (docs/images/<effect>.gif): one per effect,
# at scale 1 and 25 fps, fingers drawn. Usage: scripts/readme-previews.sh PATH_TO_FLIPBOOK
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for scene in wallet-move jiggle-reorder tag-reorder expand-collapse pull-for-more; do
  "$flipbook" render "examples/$scene.json" -o "$tmp/$scene" --format gif --scale 1 --fps 25 --show-touches
  cp "$tmp/$scene/$scene.gif" "docs/images/$scene.gif"
done
ls -l docs/images/*.gif
