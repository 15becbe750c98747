# Flipbook in the image its goldens are made in: Debian 12 (bookworm), its Cairo, Pango,
# pixman, the video encoders and the fonts, and the Swift toolchain. Goldens recorded here match CI's (see
# docs/ci.md, "Goldens"); on a Mac, record through it:
#   docker build -t flipbook .
#   docker run --rm -v "$PWD:/src" -w /src flipbook check scenes/*.json --golden goldens --record
FROM swift:6.1-bookworm AS build
RUN apt-get update -q \
 && apt-get install -y -q --no-install-recommends libcairo2-dev libpango1.0-dev zlib1g-dev \
      libwebp-dev libdeflate-dev libopenh264-dev libvpx-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /flipbook
COPY Package.swift ./
COPY Sources ./Sources
RUN swift build -c release --product flipbook

FROM swift:6.1-bookworm
RUN apt-get update -q \
 && apt-get install -y -q --no-install-recommends libcairo2 libpango-1.0-0 libpangocairo-1.0-0 \
      libpangoft2-1.0-0 libwebp7 libwebpmux3 libdeflate0 libopenh264-7 libvpx7 fonts-inter fonts-noto-cjk \
      fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /flipbook/.build/release/flipbook /usr/local/bin/flipbook
ENTRYPOINT ["flipbook"]
