"""Each example rendered once for every check that reads its output (`make test`).

The per-example checks all need an example's frames: the PNG round trip at scale 1 and 2, the
video check its PNG, MP4 and WebM at scale 1, the animated-SVG check its SVG and PNG frames at
scale 2 and its GIF's size at scale 1. `directory(name, scale)` renders the example once with
every format those checks read, into .build/test-renders/NAME@SCALEx/, and hands the folder to
each: run after run, a folder is rendered again only when the flipbook binary changed.
Concurrent callers (the checks run two at a time) wait for one render under a lock.

Run as a script it renders the tier's examples (Tests/support/examples.py) two at a time:
`scripts/run-tests.py` does that first, while both cores are free.
Usage: renders.py FLIPBOOK_BINARY"""
import fcntl, os, shutil, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, ".build", "test-renders")
FORMATS = {1: "png,gif,mp4,webm", 2: "png,animated-svg"}


def stamp(flipbook):
    s = os.stat(flipbook)
    return f"{os.path.realpath(flipbook)} {s.st_size} {s.st_mtime_ns}\n"


def directory(name, scale, flipbook=None, folder=FOLDER):
    """The folder holding example `name` rendered at `scale` (1 or 2) in FORMATS[scale]."""
    flipbook = flipbook or os.path.join(ROOT, ".build", "release", "flipbook")
    out = os.path.join(folder, f"{name}@{scale}x")
    done = os.path.join(out, ".rendered-by")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f".{name}@{scale}x.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.islink(out) and os.path.exists(done) and open(done).read() == stamp(flipbook):
            return out
        # A link in its place is removed, never followed: what it points at is not ours.
        if os.path.islink(out):
            os.unlink(out)
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([flipbook, "render", os.path.join(ROOT, "examples", name + ".json"), "-o", out, "--scale", str(scale),
                        "--format", FORMATS[scale]], check=True, stdout=subprocess.DEVNULL)
        open(done, "w").write(stamp(flipbook))
    return out


def planted_link(flipbook):
    """A link planted where a render goes is replaced by a folder; the folder it pointed at keeps its file."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        victim, folder = os.path.join(tmp, "victim"), os.path.join(tmp, "renders")
        os.makedirs(victim)
        os.makedirs(folder)
        open(os.path.join(victim, "keep.txt"), "w").write("keep\n")
        os.symlink(victim, os.path.join(folder, "labels-and-shadows@1x"))
        out = directory("labels-and-shadows", 1, flipbook, folder=folder)
        ok = (os.listdir(victim) == ["keep.txt"] and not os.path.islink(out) and os.path.exists(os.path.join(out, "frame-00000.png")))
        print(f"{'' if ok else 'FAIL: '}a link planted at a render's folder is replaced, its target untouched")
        return ok


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import examples
    flipbook = sys.argv[1] if len(sys.argv) > 1 else None
    linked = planted_link(flipbook)
    jobs = [(n, s) for n in examples.examples() for s in (2, 1)]
    with ThreadPoolExecutor(2) as pool:
        for (n, s), d in zip(jobs, pool.map(lambda j: directory(j[0], j[1], flipbook), jobs)):
            print(f"{n} at scale {s}: {len([f for f in os.listdir(d) if f.startswith('frame-')])} frames in {os.path.relpath(d, ROOT)}")
    print(f"renders: {len(jobs) + linked} passed, {0 if linked else 1} failed")
    sys.exit(0 if linked else 1)
