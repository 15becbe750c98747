#!/usr/bin/env bash
# Renders the images the README and docs/ show: one animated preview per effect
# (docs/images/<effect>.gif, scale 1, 25 fps, fingers drawn) and the stills
# (docs/images/<name>.png, scale 1, fingers drawn, the frame named below).
# Usage: scripts/readme-previews.sh PATH_TO_FLIPBOOK
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for scene in wallet-move jiggle-reorder tag-reorder expand-collapse pull-for-more app-store-feed photos-grid onboarding-pager mail-swipe photos-pinch drag-between-views; do
  "$flipbook" render "examples/$scene.json" -o "$tmp/$scene" --format gif --scale 1 --fps 25 --show-touches
  cp "$tmp/$scene/$scene.gif" "docs/images/$scene.gif"
done
# Scenes made from UIKit code written for iOS (examples/uikit), through the command that
# registers them by name.
swift build -c release --product uikit-examples >/dev/null
for scene in mail-inbox today-feed; do
  .build/release/uikit-examples render "$scene" -o "$tmp/$scene" --format gif --scale 1 --fps 25 --show-touches
  cp "$tmp/$scene/$scene.gif" "docs/images/$scene.gif"
done
# One effect as an animated SVG as well (CSS keyframes; the README shows it with <img>).
"$flipbook" render examples/wallet-move.json -o "$tmp/wallet-move-svg" --format animated-svg --scale 1
cp "$tmp/wallet-move-svg/wallet-move.svg" docs/images/wallet-move.svg
# image name, scene, frame
stills="
animation-gallery animation-gallery 50
jiggle-reorder jiggle-reorder 170
tag-reorder tag-reorder 226
expand-collapse expand-collapse 96
scroll-physics-pull scroll-physics 330
wallet-move-sticky-swap wallet-move 335
wallet-expanded wallet-expand 50
pull-for-more-swap pull-for-more 144
pull-for-more-vc-refresh pull-for-more-vc 300
wallet-scroll-pulled wallet-scroll 246
wallet-scroll-sticky wallet-scroll 102
labels-and-shadows labels-and-shadows 0
app-store-feed-pinned app-store-feed 330
settings-list settings-list 0
"
while read -r name scene frame; do
  [ -n "$name" ] || continue
  "$flipbook" render "examples/$scene.json" -o "$tmp/still-$name" --format png --scale 1 --frames "$frame" --show-touches
  cp "$tmp/still-$name/frame-$(printf %05d "$frame").png" "docs/images/$name.png"
done <<< "$stills"
ls -l docs/images/
