#!/bin/sh
# Builds, runs and tests the library client in examples/swift against this checkout.
# SwiftPM caches a path dependency's list of files in the scratch directory, so a scratch
# directory made before a file was added or removed in Sources/ misses it: the scratch
# directory is kept (a warm build takes seconds, a fresh one half a minute) only while the
# list of source files is the one it was made with.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build/library-client
files=$(find Sources Package.swift examples/swift/Package.swift examples/swift/Sources examples/swift/Tests -type f | LC_ALL=C sort | cksum)
if [ "$(cat "$scratch/.source-files" 2>/dev/null || true)" != "$files" ]; then
    rm -rf "$scratch"
    mkdir -p "$scratch"
fi
$SWIFT build --package-path examples/swift --scratch-path "$scratch"
"$scratch/debug/CoverFlowDemo" "$scratch/cover-flow"
# The package's own flipbook command renders a scene file that names its layout.
rm -rf "$scratch/carousel"
"$scratch/debug/CoverFlowDemo" flipbook render examples/swift/carousel.json -o "$scratch/carousel" --format png,json
test -f "$scratch/carousel/frame-00044.png" && grep -q '"scene":"carousel"' "$scratch/carousel/keyframes.json"
"$scratch/debug/CoverFlowDemo" flipbook help | grep -q "Layouts: wallet, flow, absolute, compositional, list, coverFlow"
$SWIFT test --package-path examples/swift --scratch-path "$scratch" --disable-swift-testing
printf '%s\n' "$files" > "$scratch/.source-files"
