"""How swiftc and its tools import Flipbook's modules from a build folder, as SwiftPM's own
build does: the Swift modules in BUILD/Modules, the system libraries' module maps in Sources/
with pkg-config's header paths, and the C targets' module maps SwiftPM writes into BUILD.
Used by the public-API check (swift-symbolgraph-extract) and by the library client's PR-tier
build (scripts/library-client.py), so both read the products exactly as built."""
import glob, os, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SYSTEM_LIBRARIES = ("CCairo", "CZlib", "CWebP", "CDeflate")
C_TARGETS = ("CVideo", "CFrameDeflate", "CJPEG", "UIKitSubmodules")
# The libraries Package.swift's linkerSettings name (the system modules link theirs themselves).
LINKED = ("openh264", "vpx", "jpeg", "m")


def import_flags(build):
    """-I and -Xcc flags that let swiftc import every Flipbook module of `build`."""
    build = os.path.realpath(build)
    cflags = subprocess.run(["pkg-config", "--cflags", "pangocairo", "zlib", "libwebpmux", "libdeflate"], capture_output=True,
                            text=True, check=True).stdout.split()
    flags = ["-I", os.path.join(build, "Modules")]
    flags += [f for flag in cflags if flag.startswith("-I") for f in ("-Xcc", flag)]
    for c in SYSTEM_LIBRARIES:
        flags += ["-I", os.path.join(ROOT, "Sources", c)]
    for c in C_TARGETS:
        include = os.path.join(ROOT, "Sources", c, "include")
        # A target's own module map (UIKitSubmodules') or the one SwiftPM writes for it.
        own = os.path.join(include, "module.modulemap")
        modulemap = own if os.path.exists(own) else os.path.join(build, c + ".build", "module.modulemap")
        flags += ["-Xcc", "-fmodule-map-file=" + modulemap, "-I", include]
    return flags


def objects(build, modules):
    """The object files of `modules` (Swift and C targets) in `build`, to link a client with."""
    build = os.path.realpath(build)
    found = []
    for m in modules:
        files = sorted(glob.glob(os.path.join(build, m + ".build", "*.o")))
        if not files:
            raise SystemExit(f"swift_modules: no object files for {m} in {build}")
        found += files
    return found
