# Flipbook in the image its goldens are made in: Debian 12 (bookworm), its Cairo, Pango,
# pixman, the video encoders and the fonts, and the Swift toolchain. Goldens recorded here match CI's (see
# docs/ci.md, "Goldens"); on a Mac, record through it (docs/install.md):
#   docker build -t flipbook .
#   docker run --rm -v "$PWD:/src" -w /src flipbook check scenes/*.json --golden goldens --record
# The packages are scripts/setup.sh's lists (--print build, --print runtime), the ones `make
# test` installs; Tests/ci/check_ci.py builds what this file copies, in a folder holding only that.
FROM swift:6.1-bookworm AS build
WORKDIR /flipbook
COPY scripts/setup.sh scripts/setup.sh
RUN apt-get update -q \
 && apt-get install -y -q --no-install-recommends $(scripts/setup.sh --print build) \
 && rm -rf /var/lib/apt/lists/*
# Package.swift declares the test targets too: their folders must be there for it to resolve.
COPY Package.swift ./
COPY Sources ./Sources
COPY Plugins ./Plugins
COPY Tests ./Tests
COPY examples/uikit ./examples/uikit
COPY examples/uikit-scenes ./examples/uikit-scenes
RUN swift build -c release --product flipbook

FROM swift:6.1-bookworm
COPY scripts/setup.sh /usr/local/share/flipbook/setup.sh
RUN apt-get update -q \
 && apt-get install -y -q --no-install-recommends $(/usr/local/share/flipbook/setup.sh --print runtime) \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /flipbook/.build/release/flipbook /usr/local/bin/flipbook
ENTRYPOINT ["flipbook"]
