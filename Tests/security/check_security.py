#!/usr/bin/env python3
"""The attack cases of docs/reliability.md's threat model, each a small input made here and the
refusal expected of the real binary: links planted where Flipbook writes, reads or deletes
(a victim folder beside the project must keep every file), report.json paths that lead out,
workflow commands smuggled into CI logs (parsed by the runner's own rules), and inputs that
would exhaust the machine, each run under `prlimit --as=4G` with its peak memory measured.

Usage: check_security.py FLIPBOOK_BINARY   (run by `make test`; prints "N passed, M failed")
"""
import json, os, re, shutil, signal, struct, subprocess, sys, tempfile, time, zlib
import xml.dom.minidom

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "Tests", "support"), os.path.dirname(os.path.abspath(__file__))]
from checks import Checks, local_environment
import runner_commands

FLIPBOOK = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook"))
check = Checks("security")
# Memory a budget error may take beyond --max-memory: the process itself, fonts, the parsed scene.
MARGIN_MB = 200
ENV = local_environment()


_peaks = {}


class MeasuredPopen(subprocess.Popen):
    """Popen whose wait keeps the child's own rusage (os.wait4), for its peak memory."""

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return (self.pid, 0)
        if pid == self.pid:
            _peaks[pid] = usage.ru_maxrss // 1024  # KB to MB
        return (pid, status)


def run(args, cwd, env=None, timeout=300):
    """Runs flipbook under a 4 GiB address-space limit (prlimit execs it: the same process);
    returns (exit code, stdout, stderr, peak resident MB, seconds)."""
    start = time.monotonic()
    p = MeasuredPopen(["prlimit", "--as=4294967296", FLIPBOOK] + args, cwd=cwd, env=env or ENV,
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return -1, out.decode(errors="replace"), "timed out", 0, timeout
    return p.returncode, out.decode(errors="replace"), err.decode(errors="replace"), _peaks.get(p.pid, 0), time.monotonic() - start


def png(path, w, h, bits=1):
    """A greyscale PNG of zeros: a few bytes on disk, w·h·4 bytes once decoded."""
    raw = b"".join(b"\x00" + bytes((w * bits + 7) // 8) for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


def scene(name="s", duration=0.5, items=3, extra=None, **kw):
    s = {"name": name, "canvas": {"width": 100, "height": 80, "scale": 1}, "fps": 10, "duration": duration,
         "collectionView": {"layout": {"type": "wallet", "cellHeight": 40, "cellSpace": 20},
                            "items": [{"id": f"i{k}"} for k in range(items)]},
         "script": [{"at": 0.1, "action": "scrollTo", "contentOffset": {"y": 20}}]}
    s.update(kw)
    if extra:
        extra(s)
    return s


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False)


class Sandbox:
    """A project folder and, beside it, a victim folder whose files must survive every case."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="flipbook-security-")
        self.project = os.path.join(self.root, "project")
        self.victim = os.path.join(self.root, "victim")
        os.makedirs(self.project)
        os.makedirs(os.path.join(self.victim, "photos"))
        self.files = {"notes.txt": b"my notes\n", "id_rsa": b"-----BEGIN KEY-----\n", "photos/cat.png": b"\x89PNG not really"}
        for rel, data in self.files.items():
            with open(os.path.join(self.victim, rel), "wb") as f:
                f.write(data)

    def p(self, *parts):
        return os.path.join(self.project, *parts)

    def victim_intact(self):
        found = {}
        for d, _, names in os.walk(self.victim):
            for n in names:
                path = os.path.join(d, n)
                found[os.path.relpath(path, self.victim)] = open(path, "rb").read()
        return found == self.files

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


def one_line(err):
    return err.count("\n") == 1 and err.endswith("\n")


def refused(case, result, *needles, code=2):
    c, out, err, peak, secs = result
    check(c == code, f"{case}: exit {code} (got {c}: {err.strip()[:300]} {out[:200]})")
    check(one_line(err) or code != 2 or not err, f"{case}: one line on stderr: {err!r}")
    for n in needles:
        check(n in err or n in out, f"{case}: the message says {n!r}: {err.strip()[:300]}")


# MARK: - Links where Flipbook writes or deletes

def links_in_outputs():
    sb = Sandbox()
    try:
        write_json(sb.p("s.json"), scene())
        # The case: a planted staging link, which render used to empty.
        os.makedirs(sb.p("out"))
        os.symlink("../../victim", sb.p("out", ".flipbook-staging"))
        refused("staging link", run(["render", "s.json", "-o", "out"], sb.project), ".flipbook-staging: is a symbolic link")
        check(sb.victim_intact() and not os.path.exists(os.path.join(sb.victim, ".lock")), "staging link: the victim keeps every file and gets none")
        check(os.path.islink(sb.p("out", ".flipbook-staging")), "staging link: the link is left for the user")
        # The default output/<scene>: a link at any level is refused (the scene names it).
        os.makedirs(sb.p("output"))
        os.symlink("../../victim", sb.p("output", "s"))
        refused("default output is a link", run(["render", "s.json"], sb.project), "output/s: is a symbolic link")
        os.remove(sb.p("output", "s"))
        os.rmdir(sb.p("output"))
        os.symlink("../victim", sb.p("output"))
        refused("output/ is a link", run(["render", "s.json"], sb.project), "output: is a symbolic link")
        os.remove(sb.p("output"))
        # -o naming a link: refused too (nothing is written through it).
        os.symlink("../victim", sb.p("named"))
        refused("-o is a link", run(["render", "s.json", "-o", "named"], sb.project), "named: is a symbolic link")
        # A real staging folder whose lock, or whose .replaced, is a link; a stranger inside.
        os.remove(sb.p("out", ".flipbook-staging"))
        os.makedirs(sb.p("out", ".flipbook-staging"))
        os.symlink(os.path.join(sb.victim, "notes.txt"), sb.p("out", ".flipbook-staging", ".lock"))
        refused("lock link", run(["render", "s.json", "-o", "out"], sb.project), ".lock: is a symbolic link")
        os.remove(sb.p("out", ".flipbook-staging", ".lock"))
        os.symlink(sb.victim, sb.p("out", ".flipbook-staging", ".replaced"))
        refused(".replaced link", run(["render", "s.json", "-o", "out"], sb.project), ".replaced: was not written by Flipbook")
        os.remove(sb.p("out", ".flipbook-staging", ".replaced"))
        with open(sb.p("out", ".flipbook-staging", "diary.txt"), "w") as f:
            f.write("mine")
        refused("stranger in staging", run(["render", "s.json", "-o", "out"], sb.project), "diary.txt: was not written by Flipbook")
        check(os.path.exists(sb.p("out", ".flipbook-staging", "diary.txt")), "stranger in staging: kept")
        shutil.rmtree(sb.p("out", ".flipbook-staging"))
        # Links in place of frames: replaced as links (rename moves the link), never written through.
        os.symlink(os.path.join(sb.victim, "notes.txt"), sb.p("out", "frame-00000.png"))
        os.symlink(os.path.join(sb.victim, "photos", "cat.png"), sb.p("out", "frame-00099.png"))
        c = run(["render", "s.json", "-o", "out"], sb.project)
        check(c[0] == 0, f"frame links: the render succeeds ({c[2]})")
        check(not os.path.islink(sb.p("out", "frame-00000.png")) and open(sb.p("out", "frame-00000.png"), "rb").read(8) == b"\x89PNG\r\n\x1a\n",
              "frame links: frame 0 is a new PNG file, not written through the link")
        check(not os.path.lexists(sb.p("out", "frame-00099.png")), "frame links: the stale frame link is gone (the link, not its target)")
        check(sb.victim_intact(), "links in outputs: the victim keeps every file")
        check(sorted(os.listdir(sb.victim)) == ["id_rsa", "notes.txt", "photos"], "links in outputs: nothing new in the victim")
    finally:
        sb.close()


def links_in_goldens():
    sb = Sandbox()
    try:
        write_json(sb.p("scenes", "s.json"), scene())
        os.makedirs(sb.p("goldens"))
        os.symlink("../../victim", sb.p("goldens", "s"))
        for args in ([], ["--record"]):
            c = run(["check", "scenes/s.json", "--golden", "goldens", "-o", "report"] + args, sb.project)
            check(c[0] == 2, f"golden link {args}: exit 2 (got {c[0]}: {c[1][:300]} {c[2][:200]})")
            check("goldens/s: is a symbolic link" in c[1], f"golden link {args}: the report names it: {c[1][:300]}")
        os.remove(sb.p("goldens", "s"))
        # A golden whose frame is a link: refused, naming the file.
        check(run(["check", "scenes/s.json", "--golden", "goldens", "-o", "report", "--record"], sb.project)[0] == 0, "golden recorded")
        os.remove(sb.p("goldens", "s", "frame-00000.png"))
        os.symlink(os.path.join(sb.victim, "photos", "cat.png"), sb.p("goldens", "s", "frame-00000.png"))
        c = run(["check", "scenes/s.json", "--golden", "goldens", "-o", "report"], sb.project)
        check(c[0] == 2 and "frame-00000.png: is not a regular file" in c[1], f"golden frame link: exit 2 naming it ({c[0]}: {c[1][:300]})")
        # Planted recording folders: a link is not Flipbook's and is left alone; a stranger's folder is named.
        os.symlink("../../victim", sb.p("goldens", ".flipbook-recording-planted"))
        c = run(["check", "scenes/s.json", "--golden", "goldens", "-o", "report", "--record"], sb.project)
        check(c[0] == 0, f"recording link: the record still works ({c[1][:200]} {c[2][:200]})")
        check(sb.victim_intact(), "links in goldens: the victim keeps every file")
        check(os.path.islink(sb.p("goldens", ".flipbook-recording-planted")), "recording link: left as it was")
        # A predictable temp folder cannot be planted: candidates go to a new private folder.
        tmp = sb.p("tmp")
        os.makedirs(tmp)
        for pid in range(1, 200):
            os.symlink(sb.victim, os.path.join(tmp, f"flipbook-check-{pid}"))
        env = dict(ENV, TMPDIR=tmp)
        c = run(["check", "scenes/s.json", "--golden", "goldens", "-o", "report"], sb.project, env=env)
        check(c[0] == 0, f"temp folder: check works ({c[2][:200]})")
        check(sorted(os.listdir(tmp)) == sorted(f"flipbook-check-{pid}" for pid in range(1, 200)), "temp folder: only the planted links remain")
        check(sb.victim_intact(), "temp folder: the victim keeps every file")
    finally:
        sb.close()


def check_cleans_up_on_signals():
    sb = Sandbox()
    try:
        write_json(sb.p("s.json"), scene(duration=600, fps=60, items=12))
        os.makedirs(sb.p("goldens", "s"))
        # An existing (wrong) golden, so the check renders a candidate into its temp folder.
        write_json(sb.p("goldens", "s", "keyframes.json"), {})
        tmp = sb.p("tmp")
        os.makedirs(tmp)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            p = subprocess.Popen([FLIPBOOK, "check", "s.json", "--golden", "goldens", "-o", "report"], cwd=sb.project,
                                 env=dict(ENV, TMPDIR=tmp), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            deadline = time.monotonic() + 20
            while not os.listdir(tmp) and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(0.3)
            p.send_signal(sig)
            out, err = p.communicate(timeout=60)
            check(p.returncode == 128 + sig and b"interrupted by SIG" in err, f"signal {sig}: exit {128 + sig}, interrupted ({p.returncode}: {err[:200]})")
            check(os.listdir(tmp) == [], f"signal {sig}: the temp folder is removed ({os.listdir(tmp)})")
    finally:
        sb.close()


# MARK: - Reports are data

def report_paths():
    sb = Sandbox()
    try:
        with open(os.path.join(sb.root, "secret.txt"), "w") as f:
            f.write("SECRET-TOKEN")
        write_json(sb.p("scenes", "s.json"), scene())
        check(run(["check", "scenes/s.json", "--golden", "goldens", "--record", "-o", "rec"], sb.project)[0] == 0, "golden recorded")
        changed = scene(extra=lambda s: s["collectionView"]["items"][0].update(color="#00FF00"))
        write_json(sb.p("changed", "s.json"), changed)
        c = run(["check", "changed/s.json", "--golden", "goldens", "-o", "r1"], sb.project)
        check(c[0] == 1, f"a differing report to start from ({c[0]}: {c[2][:200]})")
        good = json.load(open(sb.p("r1", "report.json")))
        check(good["scenes"][0]["images"], "the report has images")

        def forged(mutate, name="forged"):
            r = json.loads(json.dumps(good))
            mutate(r)
            shutil.rmtree(sb.p(name), ignore_errors=True)
            shutil.copytree(sb.p("r1"), sb.p(name))
            write_json(sb.p(name, "report.json"), r)
            return name

        for label, path in [("../", "../../secret.txt"), ("absolute", "/etc/passwd"), ("folder", "../../victim"),
                            ("another scene's", "images/other/frame-00000-baseline.png")]:
            name = forged(lambda r: r["scenes"][0]["images"][0].update(baseline=path))
            c = run(["report", "merge", name, "-o", "merged"], sb.project)
            refused(f"merge {label} image path", c, "images[0].baseline")
            check(not os.path.exists(sb.p("merged")), f"merge {label}: nothing written")
        check(sb.victim_intact(), "forged image paths: the victim keeps every file")
        # An image in place that is a link out: refused, never inlined.
        name = forged(lambda r: None, "linked")
        rel = good["scenes"][0]["images"][0]["baseline"]
        os.remove(sb.p(name, rel))
        os.symlink(os.path.join(sb.root, "secret.txt"), sb.p(name, rel))
        refused("merge linked image", run(["report", "merge", name, "-o", "merged"], sb.project), "is a symbolic link")
        check(not os.path.exists(sb.p("merged")), "merge linked image: nothing written")
        # The output may not be an input (clearing it would delete the input's images).
        refused("merge into its input", run(["report", "merge", "r1", "-o", "r1"], sb.project), "is the input report")
        refused("merge into its input, spelled differently", run(["report", "merge", "r1", "-o", "./r1/"], sb.project), "is the input report")
        check(os.path.exists(sb.p("r1", rel)), "merge into its input: the input keeps its images")
        # A 374-byte report that once took all memory: compared frames up to 2^31.
        tiny = {"version": 1, "verdict": "differ", "scenes": [{"name": "x", "verdict": "differ", "fps": 60, "frames": 10, "firstFrame": 0,
                "framesCompared": 0, "summary": [], "meta": [], "items": [], "compared": [[0, 2147483647]], "pixelFrames": [], "images": []}]}
        write_json(sb.p("tiny", "report.json"), tiny)
        c = run(["report", "merge", "tiny", "-o", "m2"], sb.project)
        refused("merge huge frame range", c, "compared[0][1]")
        check(c[3] < 200, f"merge huge frame range: small peak memory ({c[3]} MB)")
        # Text that would forge a log line, a name that would be a hidden folder.
        for label, mutate, where in [("newline", lambda r: r["scenes"][0].update(name="a\nb"), "name"),
                                     ("hidden", lambda r: r["scenes"][0].update(name=".git"), "name"),
                                     ("summary", lambda r: r["scenes"][0]["meta"].append("x\r::error::y"), "meta[")]:
            name = forged(mutate)
            refused(f"merge {label}", run(["report", "merge", name, "-o", "merged"], sb.project), where)
        # Two names whose old folders were the same: cleaned alike ("c" and 16 "_") with equal
        # low 32 bits of FNV-1a (found by a birthday search of 84,791 names); each scene's
        # images must be its own, in a check and after a merge of its shards.
        twins = ["c.~@,,#=+@@#!#=,.", "c.=~##,~#!#.!!=@~"]
        for k, n in enumerate(twins):
            write_json(sb.p("twins", f"t{k}.json"), scene(name=n))
            write_json(sb.p("twins2", f"t{k}.json"), scene(name=n, extra=lambda s, k=k: s["collectionView"]["items"][k].update(color="#00FF00")))
        files = [f"twins/t{k}.json" for k in range(2)]
        check(run(["check", *files, "--golden", "tg", "--record", "-o", "tr"], sb.project)[0] == 0, "twin goldens recorded")
        changed = [f"twins2/t{k}.json" for k in range(2)]
        outputs = {"whole": run(["check", *changed, "--golden", "tg", "-o", "tw"], sb.project)}
        for k in (1, 2):
            run(["check", *changed, "--golden", "tg", "-o", f"ts{k}", "--shard", f"{k}/2"], sb.project)
        outputs["merged"] = run(["report", "merge", "ts1", "ts2", "-o", "tm"], sb.project)
        for label, folder in (("whole", "tw"), ("merged", "tm")):
            check(outputs[label][0] == 1, f"twins {label}: both differ ({outputs[label][0]}: {outputs[label][2][:200]})")
            rep = json.load(open(sb.p(folder, "report.json")))
            dirs = [{os.path.dirname(i[k]) for i in s["images"] for k in ("baseline", "candidate", "diff")} for s in rep["scenes"]]
            check(len(dirs) == 2 and all(len(d) == 1 for d in dirs) and dirs[0] != dirs[1], f"twins {label}: each scene its own image folder ({dirs})")
            # Scene k's card k turned green: the two candidates differ (one shared folder held
            # one scene's pictures for both).
            shots = [open(sb.p(folder, s["images"][0]["candidate"]), "rb").read() for s in rep["scenes"]]
            check(shots[0] != shots[1], f"twins {label}: each scene shows its own candidate")
        strip = lambda r: [{k: v for k, v in s.items() if k != "seconds"} for s in r["scenes"]]
        check(strip(json.load(open(sb.p("tw", "report.json")))) == strip(json.load(open(sb.p("tm", "report.json")))),
              "twins: the merged report's scenes are the whole run's, image paths included")
    finally:
        sb.close()


# MARK: - Nothing commands the runner

def workflow_commands():
    sb = Sandbox()
    try:
        names = ["::stop-commands::tok", "Tabs, 50%: edge", "Home::Tabs", "plain"]
        for i, n in enumerate(names):
            s = scene(name=n)
            s["collectionView"]["items"][0]["id"] = "##[set-output name=x;]y" if i == 0 else "i0"
            write_json(sb.p("base", f"s{i}.json"), s)
            s2 = json.loads(json.dumps(s))
            s2["script"][0]["at"] = 0.2
            write_json(sb.p("changed", f"s{i}.json"), s2)
        files = [f"base/s{i}.json" for i in range(4)]
        check(run(["check", *files, "--golden", "goldens", "--record", "-o", "rec"], sb.project)[0] == 0, "goldens recorded")
        env = dict(ENV, CI="true", GITHUB_ACTIONS="true")
        c = run(["check", *[f"changed/s{i}.json" for i in range(4)], "--golden", "goldens", "-o", "r"], sb.project, env=env)
        check(c[0] == 1, f"the changed scenes differ ({c[0]}: {c[2][:200]})")
        cmds = runner_commands.commands(c[1]) + runner_commands.commands(c[2])
        check([x[0] for x in cmds] == ["error"] * 4, f"only the four annotations are commands: {[x[:2] for x in cmds]}")
        titles = sorted(x[1].get("title", "") for x in cmds)
        check(titles == sorted("Flipbook: " + n for n in names), f"titles parse back to the exact names: {titles}")
        check(sorted(x[1].get("file", "") for x in cmds) == sorted(f"changed/s{i}.json" for i in range(4)), "each annotation names its scene file")
        # A report carrying a raw newline never reaches the log: refused when read (report_paths).
        # A bad scene's message, printed while GITHUB_ACTIONS is set, is inert too.
        write_json(sb.p("bad.json"), {"name": "::warning::x", "canvas": {}})
        c = run(["validate", "bad.json"], sb.project, env=env)
        check(c[0] == 2 and runner_commands.commands(c[1] + c[2]) == [], f"an error message is no command: {c[2]!r}")
    finally:
        sb.close()


# MARK: - Images stay inside the project

def images_inside():
    sb = Sandbox()
    try:
        png(os.path.join(sb.victim, "photos", "real.png"), 4, 4)
        sb.files["photos/real.png"] = open(os.path.join(sb.victim, "photos", "real.png"), "rb").read()
        png(sb.p("ok.png"), 4, 4)
        os.symlink(os.path.join(sb.victim, "photos", "real.png"), sb.p("link.png"))
        os.makedirs(sb.p("assets"))
        png(sb.p("assets", "a.png"), 4, 4)

        def with_image(name):
            return scene(extra=lambda s: s["collectionView"]["items"][0].update(content=[{"image": name, "height": 10}]))

        for label, name, needle in [("absolute", os.path.join(sb.victim, "photos", "real.png"), "absolute path"),
                                    ("..", "../victim/photos/real.png", "without \"..\""),
                                    ("link", "link.png", "is a symbolic link")]:
            write_json(sb.p(f"img-{label}.json"), with_image(name))
            refused(f"image {label}", run(["validate", f"img-{label}.json"], sb.project), "$.collectionView.items[0].content[0].image", needle)
        write_json(sb.p("img-ok.json"), with_image("ok.png"))
        check(run(["validate", "img-ok.json"], sb.project)[0] == 0, "an image beside the scene is fine")
        write_json(sb.p("img-assets.json"), with_image("a.png"))
        check(run(["render", "img-assets.json", "--assets", "assets", "-o", "o", "--frames", "0"], sb.project)[0] == 0,
              "--assets names the images' folder")
    finally:
        sb.close()


# MARK: - Budgets

def budgets():
    sb = Sandbox()
    try:
        # 40 images of 4096² in 160 KB: 2.7 GB decoded before.
        os.makedirs(sb.p("imgs"))
        for i in range(40):
            png(sb.p("imgs", f"i{i}.png"), 4096, 4096)
        items = [{"id": f"c{i}", "x": 0, "y": 0, "width": 100, "height": 100, "content": [{"image": f"imgs/i{i}.png", "height": 50}]} for i in range(40)]
        write_json(sb.p("images.json"), {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 0.1,
                                         "collectionView": {"layout": {"type": "absolute"}, "items": items}})
        c = run(["render", "images.json", "-o", "o"], sb.project)
        refused("image bomb", c, "the scene's images take", "more than 512 MB")
        check(c[3] < 2048 + MARGIN_MB, f"image bomb: peak {c[3]} MB within the budget")
        # Animated previews of an 8192² canvas: 2.9 GB before.
        write_json(sb.p("big.json"), {"canvas": {"width": 4096, "height": 4096, "scale": 2}, "duration": 0.2, "fps": 30,
                                      "collectionView": {"layout": {"type": "wallet"}, "items": [{"id": "a"}, {"id": "b"}]},
                                      "script": [{"at": 0, "action": "scrollTo", "contentOffset": {"y": 100}, "duration": 0.2}]})
        for f in ("gif", "apng", "webp"):
            c = run(["render", "big.json", "-o", "o", "--format", f], sb.project)
            refused(f"big {f}", c, "the animated previews", "--max-memory")
        # The same at 2048² with room: the estimate holds (peak within --max-memory plus the margin).
        big = json.load(open(sb.p("big.json")))
        big["canvas"] = {"width": 1024, "height": 1024, "scale": 2}
        write_json(sb.p("mid.json"), big)
        for f in ("gif", "apng", "webp"):
            c = run(["render", "mid.json", "-o", "o", "--format", f, "--max-memory", "400"], sb.project)
            check(c[0] in (0, 2) and c[3] < 400 + MARGIN_MB, f"{f} at 2048² under --max-memory 400: done or refused, peak {c[3]} MB ({c[2][:200]})")
        # An SVG frame of 1.35 million glyphs: 11.7 GB and 3 minutes before.
        items = [{"id": f"t{i}", "title": "长a" * 4500, "x": 0, "y": 0, "width": 4000, "height": 4000,
                  "style": {"titleNumberOfLines": 0, "titleSize": 4}} for i in range(150)]
        write_json(sb.p("text.json"), {"canvas": {"width": 4000, "height": 4000, "scale": 1}, "duration": 0.1,
                                       "collectionView": {"layout": {"type": "absolute"}, "items": items}})
        c = run(["render", "text.json", "-o", "o", "--format", "svg"], sb.project)
        refused("SVG of many glyphs", c, "SVG frame 0", "--max-memory")
        check(c[4] < 30, f"SVG of many glyphs: refused before drawing ({c[4]:.1f} s)")
        # Large cards with wide shadows over 3,600 frames: 38 s a frame, about 38 hours, before.
        items = [{"id": f"s{i}", "x": 10 + i, "y": 10 + i, "width": 3000, "height": 3000,
                  "style": {"shadow": {"radius": 100, "opacity": 0.5}, "cornerRadius": 40}} for i in range(60)]
        write_json(sb.p("shadows.json"), {"canvas": {"width": 4096, "height": 4096, "scale": 2}, "duration": 60, "fps": 60,
                                          "collectionView": {"layout": {"type": "absolute"}, "items": items},
                                          "script": [{"at": 0, "action": "scrollTo", "contentOffset": {"y": 500}, "duration": 60}]})
        c = run(["render", "shadows.json", "-o", "o"], sb.project)
        refused("hours of shadows", c, "would take about", "--max-seconds 600")
        check(c[4] < 30, f"hours of shadows: refused in seconds ({c[4]:.1f} s)")
        c = run(["check", "shadows.json", "--golden", "g", "-o", "r"], sb.project)
        check(c[0] == 2 and "would take about" in c[1], f"check has the same time budget ({c[0]}: {c[1][:300]})")
        # check of a scene whose timeline would exhaust memory: 6 GiB and an abort before.
        many = scene(duration=600, fps=60, items=100)
        many["collectionView"]["layout"] = {"type": "flow", "itemSize": {"width": 10, "height": 8}, "minimumLineSpacing": 0,
                                            "minimumInteritemSpacing": 0}
        write_json(sb.p("long.json"), many)
        c = run(["check", "long.json", "--golden", "g2", "-o", "r2"], sb.project)
        check(c[0] == 2 and "the timeline would hold more than" in c[1], f"check's timeline budget ({c[0]}: {c[1][:300]} {c[2][:200]})")
        check(c[3] < 2048 + MARGIN_MB, f"check's timeline budget: peak {c[3]} MB")
        # A golden frame of 23000² pixels in 64 KB: refused from its header.
        write_json(sb.p("s.json"), scene())
        check(run(["check", "s.json", "--golden", "g3", "--record", "-o", "r3"], sb.project)[0] == 0, "golden recorded")
        png(sb.p("g3", "s", "frame-00000.png"), 23000, 23000)
        c = run(["check", "s.json", "--golden", "g3", "-o", "r3"], sb.project)
        check(c[0] == 2 and "frame-00000.png: expected a PNG of at most 8192 x 8192 pixels, got 23000 x 23000" in c[1],
              f"golden PNG bomb: refused from its header ({c[0]}: {c[1][:300]})")
        check(c[3] < 400, f"golden PNG bomb: peak {c[3]} MB")
        # A keyframes.json larger than the budget allows: refused before it is parsed.
        os.makedirs(sb.p("ka"))
        with open(sb.p("ka", "keyframes.json"), "w") as f:
            f.write('{"scene": "x", "fps": 60, "canvas": {"width": 1, "height": 1, "scale": 1}, "frames": [' + " " * (8 << 20) + "]}")
        shutil.copytree(sb.p("ka"), sb.p("kb"))
        c = run(["diff", "ka", "kb", "--max-memory", "64"], sb.project)
        refused("keyframes over budget", c, "keyframes.json", "--max-memory")
        # The timeline diff is linear: 30,000 ids each drawn on one frame of 6,000 (34 s before).
        for name, shift in (("qa", 0), ("qb", 3)):
            frames = [{"index": f, "time": f / 60, "contentOffset": {"x": 0, "y": 0},
                       "items": [{"id": f"u{f}_{k}", "kind": "cell", "x": 0, "y": k * 10 + (shift if f > 3000 else 0), "width": 10, "height": 10,
                                  "zIndex": 0, "alpha": 1, "rotation": 0, "scale": 1, "hidden": False} for k in range(5)]} for f in range(6000)]
            write_json(sb.p(name, "keyframes.json"), {"scene": "q", "fps": 60, "canvas": {"width": 100, "height": 100, "scale": 1}, "frames": frames})
        c = run(["diff", "qa", "qb"], sb.project, timeout=120)
        check(c[0] == 1, f"the timeline diff of 30,000 short tracks finishes ({c[0]}, {c[4]:.1f} s)")
        print(f"note: timeline diff of 30,000 one-frame tracks over 6,000 frames: {c[4]:.1f} s, {c[3]} MB")
        # A new id on each of 36,000 frames: 72,000 differences, whose summary was quadratic
        # (diff 30 s, report merge of 40,000 items 38 s); both now end well within --max-seconds 5.
        for name, prefix in (("na", "a"), ("nb", "b")):
            frames = [{"index": f, "time": f / 60, "contentOffset": {"x": 0, "y": 0},
                       "items": [{"id": f"{prefix}{f}", "kind": "cell", "x": 0, "y": 0, "width": 10, "height": 10,
                                  "zIndex": 0, "alpha": 1, "rotation": 0, "scale": 1, "hidden": False}]} for f in range(36000)]
            write_json(sb.p(name, "keyframes.json"), {"scene": "n", "fps": 60, "canvas": {"width": 100, "height": 100, "scale": 1}, "frames": frames})
        c = run(["diff", "na", "nb", "-o", "nrep", "--max-seconds", "5"], sb.project, timeout=60)
        check(c[0] == 1 and c[1].count("removed (drawn in baseline frames") == 36000, f"diff of 36,000 new ids: all said, within --max-seconds 5 ({c[0]}, {c[4]:.1f} s: {c[2][:200]})")
        c = run(["report", "merge", "nrep", "-o", "nmerged", "--max-seconds", "5"], sb.project, timeout=60)
        check(c[0] == 1 and len(json.load(open(sb.p("nmerged", "report.json")))["scenes"][0]["items"]) == 72000,
              f"report merge of 72,000 items within --max-seconds 5 ({c[0]}, {c[4]:.1f} s: {c[2][:200]})")
    finally:
        sb.close()


# MARK: - Failures name their file; reports stay valid

def bad_goldens_and_names():
    sb = Sandbox()
    try:
        names = ["good", "lfs", "broken", "a.b", "a_b", "<odd> & \"quoted\" 'name' 名前 🎬"]
        files = []
        for i, n in enumerate(names):
            write_json(sb.p("scenes", f"s{i}.json"), scene(name=n))
            files.append(f"scenes/s{i}.json")
        check(run(["check", *files, "--golden", "goldens", "--record", "-o", "rec"], sb.project)[0] == 0, "goldens recorded")
        with open(sb.p("goldens", "lfs", "frame-00000.png"), "w") as f:
            f.write("version https://git-lfs.github.com/spec/v1\noid sha256:0123\nsize 42\n")
        with open(sb.p("goldens", "broken", "frame-00000.png"), "r+b") as f:
            f.truncate(60)  # its header says 100 x 80; its data ends
        changed = []
        for i, n in enumerate(names):
            s = scene(name=n)
            if n in ("a.b", "a_b", names[-1]):
                s["collectionView"]["items"][0]["color"] = "#00FF00"
            write_json(sb.p("changed", f"s{i}.json"), s)
            changed.append(f"changed/s{i}.json")
        c = run(["check", *changed, "--golden", "goldens", "-o", "report"], sb.project)
        check(c[0] == 2, f"a bad golden: exit 2 ({c[0]}: {c[2][:200]})")
        check("goldens/lfs/frame-00000.png: expected a PNG file, got a Git LFS pointer" in c[1], f"the LFS pointer is named: {c[1][:600]}")
        check("goldens/broken/frame-00000.png: is a PNG that cannot be decoded" in c[1], f"the broken PNG is named: {c[1][:800]}")
        report = json.load(open(sb.p("report", "report.json")))
        verdicts = {s["name"]: s["verdict"] for s in report["scenes"]}
        check(verdicts == {"good": "match", "lfs": "error", "broken": "error", "a.b": "differ", "a_b": "differ", names[-1]: "differ"},
              f"the other scenes are still checked: {verdicts}")
        folders = {s["name"]: {i["baseline"].split("/")[1] for i in s["images"]} for s in report["scenes"] if s["images"]}
        check(len({next(iter(v)) for v in folders.values()}) == len(folders), f"each scene has its own image folder: {folders}")
        dom = xml.dom.minidom.parse(sb.p("report", "junit.xml"))
        suite = dom.getElementsByTagName("testsuite")[0]
        check((suite.getAttribute("tests"), suite.getAttribute("failures"), suite.getAttribute("errors")) == ("6", "3", "2"),
              "junit.xml counts tests, failures and errors")
        check(names[-1] in [t.getAttribute("name") for t in dom.getElementsByTagName("testcase")], "junit.xml keeps an odd name exactly")
        # A name with a noncharacter cannot be a scene name (it could not be a file name in XML).
        write_json(sb.p("nonchar.json"), scene(name="a\ufffeb"))
        refused("noncharacter in a name", run(["validate", "nonchar.json"], sb.project), "$.name")
    finally:
        sb.close()


def terminal_text():
    """Text a scene chose reaches a terminal or CI log inert: no raw ESC (a colour, a cleared
    screen, a hyperlink), no bidi override (U+202E shows text reversed), no bare CR (a line
    hidden under the next) — in a file name, a title in a diff, a validation error."""
    sb = Sandbox()
    try:
        evil = "evil\x1b[2J\u202egnp.json\r"
        write_json(sb.p(evil), scene(extra=lambda s: s["collectionView"]["items"][0].update(title="a\x1b]8;;http://x\x07b\u202e")))
        results = [run(["validate", evil], sb.project), run(["render", evil, "--format", "json", "-o", "out"], sb.project)]
        changed = scene(extra=lambda s: s["collectionView"]["items"][0].update(title="c\x1b[31mred\u2066"))
        write_json(sb.p("changed.json"), changed)
        run(["render", "changed.json", "--format", "json", "-o", "b"], sb.project)
        results.append(run(["diff", "out", "b"], sb.project))
        write_json(sb.p("bad.json"), scene(extra=lambda s: s["script"].append({"at": 0.2, "action": "set", "changes": [{"item": "i9\x1b[1m\u202e", "alpha": 1}]})))
        results.append(run(["validate", "bad.json"], sb.project))
        for i, (code, out, err, _, _) in enumerate(results):
            text = out + err
            check(code in (0, 1, 2) and text, f"terminal text case {i}: ran (exit {code}): {text[:200]!r}")
            check(not any(c in text for c in ("\x1b", "\u202e", "\u2066", "\x07")), f"terminal text case {i}: no raw ESC, BEL or bidi control: {text[:300]!r}")
            check("\r" not in text, f"terminal text case {i}: no carriage return: {text[:300]!r}")
        check("\\u{1B}" in results[0][1] + results[0][2], f"the file name's ESC is shown escaped: {results[0][1][:200]!r}")
    finally:
        sb.close()


def encoder_limits():
    """A canvas an encoder cannot code is refused before anything is drawn, naming the format
    and its limit (OpenH264 refused 4096 x 4096 only after drawing every frame, exit 1)."""
    sb = Sandbox()
    try:
        write_json(sb.p("big.json"), scene(canvas={"width": 2048, "height": 2048, "scale": 2}))
        r = run(["render", "big.json", "--format", "png,mp4", "-o", "out", "--max-memory", "8192"], sb.project)
        refused("a 4096x4096 mp4", r, "--format mp4", "9437184 pixels a frame", "4096x4096")
        check(not os.path.exists(sb.p("out")), "nothing written for a refused mp4")
        write_json(sb.p("wide.json"), scene(canvas={"width": 4096, "height": 500, "scale": 2}))
        r = run(["render", "wide.json", "--format", "mp4", "-o", "wide", "--max-memory", "8192"], sb.project)
        check(r[0] == 0 and os.path.getsize(sb.p("wide", "s.mp4")) > 0, f"8192 x 1000 is within level 5.2 and coded (exit {r[0]}: {r[2][:200]})")
    finally:
        sb.close()


def template_bombs():
    """A 10 KB scene of templates cannot expand into gigabytes before a limit applies: its
    copies are measured before copying (docs/scene-format.md#item-templates)."""
    sb = Sandbox()
    try:
        title = "x" * 9000
        bomb = scene()
        bomb["collectionView"]["items"] = {"repeat": 100000, "id": "c{i}", "title": title + "{i}"}
        write_json(sb.p("bomb.json"), bomb)
        check(os.path.getsize(sb.p("bomb.json")) < 10_500, "the bomb is about 10 KB")
        for command in (["validate", "bomb.json"], ["render", "bomb.json", "--format", "json", "-o", "out", "--max-seconds", "10"]):
            r = run(command, sb.project)
            refused(f"template bomb ({command[0]})", r, "$.collectionView.items.repeat", "memory budget")
            check(r[3] < 1024, f"template bomb ({command[0]}): peak {r[3]} MB")
            print(f"note: template bomb ({command[0]}) refused in {r[4]:.2f} s, peak {r[3]} MB")
        sections = scene()
        sections["collectionView"] = {"layout": {"type": "flow"},
                                      "sections": [{"items": {"repeat": 99999, "id": f"s{k}-{{i}}"}} for k in range(1000)]}
        write_json(sb.p("sections.json"), sections)
        r = run(["validate", "sections.json"], sb.project)
        refused("a repeat in each of 1000 sections", r, "$.collectionView.sections[1].items.repeat")
        names = {f"t{k}": {"title": "T"} for k in range(2008)}
        write_json(sb.p("names.json"), scene(templates=names, extra=lambda s: s["collectionView"]["items"].append({"id": "z", "template": "nope"})))
        r = run(["validate", "names.json"], sb.project)
        refused("an unknown template among 2008", r, "… and 1,998 more")
        check(len(r[2]) < 400, f"the message stays short ({len(r[2])} characters)")
    finally:
        sb.close()


def preview_limits():
    """`flipbook preview` under the render's budgets and with HTTP limits no client can get
    round: a canvas render refuses is refused at start; oversized heads get 431, slow ones 408;
    slow and idle clients do not keep a normal request waiting; frames requested at once are
    drawn within --max-memory; a failing scene is not read again and again."""
    import socket
    sb = Sandbox()
    server = None
    try:
        write_json(sb.p("huge.json"), scene(canvas={"width": 4096, "height": 4096, "scale": 2}))
        r = run(["render", "huge.json", "--format", "png", "-o", "out", "--max-memory", "1024"], sb.project, timeout=60)
        refused("render of an 8192x8192 canvas", r, "8192x8192 frame needs about", "--max-memory 1024")
        r = run(["preview", "huge.json", "--port", "0", "--max-memory", "1024"], sb.project, timeout=60)
        refused("preview of the same canvas, at start", r, "8192x8192 frame needs about", "--max-memory 1024")
        # 1000 x 800 points at 2x: about 12 MB a frame to draw, so --max-memory 128 holds two at once.
        write_json(sb.p("s.json"), scene(canvas={"width": 1000, "height": 800, "scale": 2}, duration=2, fps=30, items=12))
        server = MeasuredPopen(["prlimit", "--as=4294967296", FLIPBOOK, "preview", "s.json", "--port", "0", "--max-memory", "128"],
                               cwd=sb.project, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        port = int(server.stdout.readline().split("http://127.0.0.1:")[1].split("/")[0])
        host = f"127.0.0.1:{port}"

        def request(head, timeout=15):
            """(status, seconds) of a raw request head; status None when the connection closed unanswered."""
            start = time.monotonic()
            c = socket.create_connection(("127.0.0.1", port), timeout=timeout)
            try:
                c.sendall(head)
                data = b""
                while True:
                    chunk = c.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            except (ConnectionResetError, socket.timeout):
                data = b""
            finally:
                c.close()
            status = int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else None
            return status, time.monotonic() - start

        get = lambda path: f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
        for _ in range(100):
            if b'"ready":true' in urllib_get(port, "/api/status"):
                break
            time.sleep(0.1)
        status, _ = request(f"GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: {'a' * (17 << 10)}\r\n\r\n".encode())
        check(status == 431, f"preview: a 17 KiB header gets 431 (got {status})")
        status, _ = request(f"GET /{'a' * (16 << 10)} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        check(status == 431, f"preview: a 16 KiB request line gets 431 (got {status})")
        # Slow clients (8 bytes and then nothing) and idle connections, then a normal request.
        slow = []
        for _ in range(40):
            c = socket.create_connection(("127.0.0.1", port))
            c.sendall(b"GET / HT")
            slow.append(c)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
        time.sleep(0.3)
        status, seconds = request(get("/api/status"))
        check(status == 200 and seconds < 2, f"preview: 40 slow and 100 idle clients do not hold a normal request ({status}, {seconds:.2f} s)")
        slow[0].settimeout(15)
        start = time.monotonic()
        answer = slow[0].recv(4096)
        waited = time.monotonic() - start
        check(answer.startswith(b"HTTP/1.1 408"), f"preview: a head still unfinished after 5 s gets 408 ({answer[:40]!r}, {waited:.1f} s)")
        for c in slow + idle:
            c.close()
        # Eight clients that ask for the scene's source — 8 MB here, padded with spaces, which
        # JSON ignores — and never read: the answers wait in the poll thread, not in a worker,
        # so the status is answered at once (it waited 19.5 s; workers blocked 10 s each).
        with open(sb.p("s.json"), "a") as f:
            f.write(" " * (8 << 20))
        time.sleep(1.5)
        readers = []
        for n in range(8):
            c = socket.socket()
            c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            c.connect(("127.0.0.1", port))
            c.sendall(get("/api/source"))
            readers.append(c)
        time.sleep(1)
        status, seconds = request(get("/api/status"))
        check(status == 200 and seconds < 2, f"preview: eight clients that never read do not hold the status ({status}, {seconds:.2f} s)")
        # 100 clients sending oversized heads: their 431s are written by the poll thread, so a
        # normal request still gets its answer, not a 503 (the queue was full of them).
        big = []
        for _ in range(100):
            c = socket.create_connection(("127.0.0.1", port))
            c.setblocking(False)
            try:
                c.send(f"GET / HTTP/1.1\r\nX-Big: {'a' * (17 << 10)}\r\n\r\n".encode())
            except BlockingIOError:
                pass
            big.append(c)
        time.sleep(0.5)
        status, seconds = request(get("/api/status"))
        check(status == 200 and seconds < 2, f"preview: 100 oversized heads do not make a normal request busy ({status}, {seconds:.2f} s)")
        for c in readers + big:
            c.close()
        # 40 frame requests at once, each a slow draw: those past the drawing queue get 503 at
        # once instead of waiting minutes; the status is answered all the while.
        import concurrent.futures
        with concurrent.futures.ThreadPoolExecutor(40) as pool:
            flood = [pool.submit(request, get(f"/frames/{n}.png"), 120) for n in range(1, 60, 1)][:40]
            time.sleep(0.5)
            status, seconds = request(get("/api/status"))
            results = [f.result() for f in flood]
        check(status == 200 and seconds < 2, f"preview: the status is answered while 40 frames are asked for ({status}, {seconds:.2f} s)")
        busy = [t for st, t in results if st == 503]
        check(all(st in (200, 503) for st, _ in results) and busy and max(busy) < 2,
              f"preview: frames past the queue get 503 at once ({sorted(st for st, _ in results)}, slowest 503 {max(busy) if busy else None})")
        # Twelve frames asked for at once: drawn one budget's worth at a time, every one answered.
        with concurrent.futures.ThreadPoolExecutor(12) as pool:
            statuses = list(pool.map(lambda n: request(get(f"/frames/{n}.png"), timeout=60)[0], range(0, 60, 5)))
        check(all(s == 200 for s in statuses), f"preview: twelve frames at once are all drawn ({statuses})")
        # A failing edit beside a 4096x4096 image: read once, not again and again.
        png(sb.p("big.png"), 4096, 4096)
        write_json(sb.p("s.json"), scene(canvas={"width": 1000, "height": 800, "scale": 2}, duration=2, fps=30, items=12,
                                         extra=lambda s: s["collectionView"]["items"][0].update(content=[{"image": "big.png", "height": 20}], title=7)))
        time.sleep(3)
        generation = lambda: json.loads(urllib_get(port, "/api/status"))["generation"]
        before = generation()
        time.sleep(3)
        after = generation()
        check(before >= 2 and after == before, f"preview: a failing scene is read once, not again and again (generation {before}, then {after})")
        vm = open(f"/proc/{server.pid}/status").read()
        peak = int(re.search(r"VmHWM:\s+(\d+) kB", vm).group(1)) // 1024
        check(peak < 128 + MARGIN_MB, f"preview: peak {peak} MB within --max-memory 128 plus the margin")
        print(f"note: preview peak {peak} MB under --max-memory 128 after twelve frames at once")
    finally:
        if server:
            server.kill()
            server.communicate()
        sb.close()


def preview_deleted_image():
    """An image deleted while previewing makes one failed read, not one every 400 ms (it was
    read 15 times in 6 s), and putting it back is read again."""
    sb = Sandbox()
    server = None
    try:
        png(sb.p("a.png"), 8, 8)
        write_json(sb.p("s.json"), scene(extra=lambda s: s["collectionView"]["items"][0].update(content=[{"image": "a.png", "height": 10}])))
        server = MeasuredPopen([FLIPBOOK, "preview", "s.json", "--port", "0"], cwd=sb.project, env=ENV,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        port = int(server.stdout.readline().split("http://127.0.0.1:")[1].split("/")[0])
        status = lambda: json.loads(urllib_get(port, "/api/status"))
        for _ in range(100):
            if status()["ready"]:
                break
            time.sleep(0.1)
        first = status()["generation"]
        def wait_for(test, seconds=15):
            """Polls the status until `test` holds (events, not a guess at how long they take)."""
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                st = status()
                if test(st):
                    return st
                time.sleep(0.1)
            return status()
        os.remove(sb.p("a.png"))
        failed = wait_for(lambda st: st["generation"] > first)
        time.sleep(3)
        later = status()
        check(failed["error"] and failed["generation"] == first + 1, f"preview: the deleted image fails one read ({first} → {failed})")
        check(later["generation"] == failed["generation"], f"preview: and is not read again while nothing changes ({failed['generation']} → {later['generation']})")
        png(sb.p("a.png"), 8, 8)
        back = wait_for(lambda st: st["generation"] > later["generation"])
        check(back["error"] is None and back["generation"] == later["generation"] + 1, f"preview: the image put back is read again ({back})")
    finally:
        if server:
            server.kill()
            server.communicate()
        sb.close()


# MARK: - Issue 60: numbers that trap, references that escape the budget, other CI systems

def extreme_numbers():
    """A golden's or a render's keyframes.json with coordinates at Double's ends is refused in
    one line naming the file and the field (markSwaps rounded them into Int64 and trapped,
    SIGILL, writing no report and leaving its temporary folder behind)."""
    sb = Sandbox()
    try:
        tmp = sb.p("tmp")
        os.makedirs(tmp)
        env = dict(ENV, TMPDIR=tmp)
        s = scene(name="big")
        write_json(sb.p("s.json"), s)
        check(run(["check", "s.json", "--golden", "goldens", "--record", "-o", "rec"], sb.project, env=env)[0] == 0, "extreme numbers: golden recorded")
        # The golden's timeline.json (tracks: an item's values per frame) with two items' x at Double's ends.
        path = sb.p("goldens", "big", "timeline.json")
        t = json.load(open(path))
        # Each value is [count, value]: the same x for that many frames.
        placed = [i for i in t["items"] if i["id"].startswith("i")][:2]
        for n, item in enumerate(placed):
            item["x"] = [[run[0], 1e300 if n == 0 else -1.7e308] for run in item["x"]]
        write_json(path, t)
        s2 = json.loads(json.dumps(s))
        s2["script"][0]["at"] = 0.2
        write_json(sb.p("changed.json"), s2)
        c = run(["check", "changed.json", "--golden", "goldens", "-o", "report"], sb.project, env=env)
        check(c[0] == 2, f"a golden at 1e300: exit 2, no trap (got {c[0]}: {c[2][:300]})")
        check("goldens/big/timeline.json" in c[1] + c[2] and ".x" in c[1] + c[2] and "from -1000000000 to 1000000000" in c[1] + c[2],
              f"the file and the field are named: {(c[1] + c[2])[:400]!r}")
        check(os.path.exists(sb.p("report", "report.json")) and os.path.exists(sb.p("report", "junit.xml")), "the report is written")
        check(os.listdir(tmp) == [], f"no temporary folder is left behind: {os.listdir(tmp)}")
        # diff of two renders, one edited to ±1.7e308
        for d in ("a", "b"):
            check(run(["render", "s.json", "--format", "json", "-o", d], sb.project)[0] == 0, f"render {d}")
        k = json.load(open(sb.p("b", "keyframes.json")))
        k["frames"][-1]["items"][0]["x"], k["frames"][-1]["items"][1]["x"] = 1.7e308, -1.7e308
        write_json(sb.p("b", "keyframes.json"), k)
        refused("diff of a render at ±1.7e308", run(["diff", "a", "b"], sb.project), "b/keyframes.json", ".x: expected a number")
    finally:
        sb.close()


def template_references():
    """An item naming a template is a copy of it and is charged to the same budget as a repeat:
    5,000 references to a 1,000-element template (a 210 KB scene that peaked at 2,140 MB) are
    refused at once within --max-memory 256."""
    sb = Sandbox()
    try:
        rows = [{"rect": "#C6C6C8", "x": 0, "y": k % 80, "width": 10, "height": 1} for k in range(1000)]
        s = scene(templates={"big": {"content": rows}})
        s["collectionView"]["items"] = [{"id": f"i{k}", "template": "big"} for k in range(5000)]
        write_json(sb.p("refs.json"), s)
        for command in (["validate", "refs.json"],
                        ["render", "refs.json", "--format", "json", "-o", "out", "--max-memory", "256"]):
            r = run(command, sb.project)
            refused(f"5,000 template references ({command[0]})", r, "template", "memory budget")
            check(r[3] < 256 + MARGIN_MB, f"5,000 template references ({command[0]}): peak {r[3]} MB")
            check(r[4] < 30, f"5,000 template references ({command[0]}): refused in {r[4]:.1f} s")
        check(not os.path.exists(sb.p("out")), "nothing written for refused references")
        # At the limit, not past it: 80 references (31 of 32 MB charged; the 83rd is refused: an
        # eighth of --max-memory 256 is 32 MB) are read and rendered within the memory budget.
        s["collectionView"]["items"] = s["collectionView"]["items"][:80]
        write_json(sb.p("limit.json"), s)
        r = run(["render", "limit.json", "--format", "json", "-o", "limit", "--max-memory", "256"], sb.project)
        check(r[0] == 0, f"80 template references render under --max-memory 256 ({r[0]}: {r[2][:200]})")
        check(r[3] < 256 + MARGIN_MB, f"80 template references: peak {r[3]} MB within --max-memory 256 and the margin")
        print(f"note: 80 references to a 1,000-element template rendered in {r[4]:.1f} s, peak {r[3]} MB under --max-memory 256")
        # The same template named a few times is fine.
        s["collectionView"]["items"] = s["collectionView"]["items"][:3]
        write_json(sb.p("few.json"), s)
        r = run(["validate", "few.json"], sb.project)
        check(r[0] == 0, f"three references validate ({r[0]}: {r[2][:200]})")
    finally:
        sb.close()


def other_ci_systems():
    """With any CI variable Flipbook recognises set, no printed line carries a command of that
    system: Azure Pipelines' ##vso[ (honoured anywhere in a line, any case), TeamCity's
    ##teamcity[ and GitHub's :: — from item ids, template names and scene names, in check,
    report merge and validate; a newline in a file's name is escaped; the step summary renders
    no Markdown from names."""
    sb = Sandbox()
    try:
        bad_ids = ["##vso[task.setvariable variable=x]1", "##VSO[task.complete result=Succeeded;]", "x ##vso[task.prependpath]/evil",
                   "##teamcity[buildStatus status='SUCCESS']", "::error::forged"]
        s = scene(name="azure")
        for k, i in enumerate(bad_ids[:3]):
            s["collectionView"]["items"][k]["id"] = i
        s["collectionView"]["items"].append({"id": bad_ids[3]})
        s["collectionView"]["items"].append({"id": bad_ids[4]})
        write_json(sb.p("s.json"), s)
        check(run(["check", "s.json", "--golden", "goldens", "--record", "-o", "rec"], sb.project)[0] == 0, "CI systems: golden recorded")
        s2 = json.loads(json.dumps(s))
        s2["script"][0]["at"] = 0.2
        s2["name"] = "azure"
        write_json(sb.p("c.json"), s2)
        # a bad scene whose messages carry the commands: an unknown template named by them
        write_json(sb.p("bad.json"), scene(name="b", extra=lambda x: x["collectionView"]["items"].append({"id": "z", "template": bad_ids[0]})))
        pattern = re.compile(r"##(vso|teamcity)\[|##\[|^\s*::", re.I | re.M)
        for var in ("TF_BUILD", "TEAMCITY_VERSION", "GITLAB_CI", "BUILDKITE", "JENKINS_URL"):
            env = {k: v for k, v in ENV.items() if k not in ("CI", "GITHUB_ACTIONS")}
            env[var] = "True"
            c = run(["check", "c.json", "--golden", "goldens", "-o", "r-" + var], sb.project, env=env)
            check(c[0] == 1, f"{var}: the changed scene differs ({c[0]}: {c[2][:200]})")
            m = run(["report", "merge", "r-" + var, "-o", "m-" + var], sb.project, env=env)
            v = run(["validate", "bad.json"], sb.project, env=env)
            check(v[0] == 2 and "#%23vso[task.setvariable" in v[2], f"{var}: the bad scene is refused, the template's name shown inert ({v[0]}: {v[2]!r})")
            for name, r in (("check", c), ("report merge", m), ("validate", v)):
                hits = [l for l in (r[1] + r[2]).splitlines() if pattern.search(l)]
                check(not hits, f"{var}: {name} prints no CI command: {hits[:3]}")
        # A newline in a file's name is escaped: one line, nothing forged.
        weird = "a\n0 passed, 0 failed\n::error::x.json"
        write_json(sb.p(weird), {"name": "w", "canvas": {}})
        v = run(["validate", weird], sb.project)
        check(v[0] == 2 and one_line(v[2]) and ("\\n" in v[2] or "\\u{A}" in v[2]), f"a newline in a file name is escaped, one line: {v[2]!r}")
        # The step summary: names are code, not Markdown.
        md = scene(name="[click](evil.example) ![x](x.png) <b>b www.evil.example *em*")
        write_json(sb.p("md.json"), md)
        check(run(["check", "md.json", "--golden", "g2", "--record", "-o", "rec2"], sb.project)[0] == 0, "step summary: golden recorded")
        md["script"][0]["at"] = 0.2
        write_json(sb.p("md.json"), md)
        summary = sb.p("summary.md")
        env = dict(ENV, CI="true", GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=summary)
        run(["check", "md.json", "--golden", "g2", "-o", "r2"], sb.project, env=env)
        text = open(summary).read() if os.path.exists(summary) else ""
        row = [l for l in text.splitlines() if "evil" in l]
        check(row and row[0].startswith("| ` [click](evil.example) ![x](x.png) <b>b www.evil.example *em* ` | differ |"),
              f"the summary shows the name as a code span: {row}")
    finally:
        sb.close()


def many_scans_jpeg(path, side=4096, copies=470):
    """A progressive JPEG whose last scan is repeated `copies` times (within the 500 scans the
    decoder allows): each scan refines every block again, so a 125 KB file decodes for about
    6 s (libjpeg-turbo through Pillow, measured)."""
    import io
    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (side, side), (120, 130, 140)).save(buf, "JPEG", quality=90, progressive=True)
    data = buf.getvalue()
    k, last_scan, scan_start = 2, None, 2
    while k < len(data):
        assert data[k] == 0xFF, "a marker"
        marker = data[k + 1]
        if marker == 0xD9:
            break
        length = struct.unpack(">H", data[k + 2:k + 4])[0]
        end = k + 2 + length
        if marker == 0xDA:  # entropy-coded data runs to the next marker that is not a stuffed byte or a restart
            while not (data[end] == 0xFF and data[end + 1] not in (0x00, *range(0xD0, 0xD8))):
                end += 1
            last_scan = (scan_start, end)
            scan_start = end
        elif marker != 0xC4:  # tables before a scan belong to it
            scan_start = end
        k = end
    a, b = last_scan
    with open(path, "wb") as f:
        f.write(data[:b] + data[a:b] * copies + data[b:])


def jpeg_deadline():
    """--max-seconds covers decoding a scene's images: a progressive JPEG that decodes for long
    is stopped at the deadline (three of them ran 271 s under --max-seconds 10)."""
    sb = Sandbox()
    try:
        many_scans_jpeg(sb.p("slow.jpg"))
        write_json(sb.p("slow.json"), scene(extra=lambda s: s["collectionView"]["items"][0].update(content=[{"image": "slow.jpg", "height": 10}])))
        r = run(["render", "slow.json", "--format", "png", "-o", "out", "--max-seconds", "2"], sb.project)
        refused("a slow JPEG under --max-seconds 2", r, "--max-seconds 2")
        # The deadline counts from the command's start; half a second for the process to start.
        check(r[4] < 2 * 1.1 + 0.5, f"stopped within 10 % of the budget: {r[4]:.1f} s")
        check(not os.path.exists(sb.p("out")), "nothing written for a stopped render")
        print(f"note: a {os.path.getsize(sb.p('slow.jpg')) >> 10} KB JPEG of 480 scans stopped after {r[4]:.2f} s under --max-seconds 2")
    finally:
        sb.close()


def closed_output():
    """A closed or full stdout ends the command with exit 1 and a line on stderr, not a trap."""
    for label, redirect in (("closed", "1>&-"), ("full", ">/dev/full")):
        p = subprocess.run(["sh", "-c", f"'{FLIPBOOK}' help render {redirect}"], capture_output=True, text=True, env=ENV)
        check(p.returncode == 1, f"{label} stdout: exit 1 (got {p.returncode}: {p.stderr[:200]!r})")
        check(p.stderr.startswith("flipbook: cannot write to standard output: ") and one_line(p.stderr), f"{label} stdout: one line says so: {p.stderr!r}")


def urllib_get(port, path):
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=15) as r:
        return r.read()


if __name__ == "__main__":
    for case in (extreme_numbers, jpeg_deadline, preview_deleted_image, template_references, other_ci_systems, closed_output, preview_limits, template_bombs, encoder_limits, terminal_text, links_in_outputs, links_in_goldens, report_paths, workflow_commands, images_inside, bad_goldens_and_names,
                 check_cleans_up_on_signals, budgets):
        try:
            case()
        except Exception as e:  # a case that breaks is a failure, and the others still run
            import traceback
            traceback.print_exc()
            check(False, f"{case.__name__} raised {e!r}")
    check.finish()
