#!/usr/bin/env python3
"""Runs the test stages of one tier after the build, two at a time on this 2-core machine, and
ends with one plain line, "N passed, M failed", summing every stage's checks.

  run-tests.py --tier test   what `make test` (and CI) runs: the covering subset of examples
  run-tests.py --tier all    what `make test-all` (the nightly job) runs: every example, every
                             frame in Chromium, the long fuzz
  run-tests.py --list        the stages and the tier each runs in (docs/testing.md)
  run-tests.py --only NAME   one stage (or several, comma-separated)

The build comes first (the Makefile's one release build with testable imports, tests
included, given as --build): every stage reads `.build/release` but the few that need no
binary (NO_BUILD: the library client, which builds its own debug copy, and the checks of
sources and docs), which run beside the build, filling the cores its serial phases leave idle. A stage's output is kept in
.build/test-logs/STAGE.log and printed whole when the stage ends. The tier reaches the Python
checks as FLIPBOOK_TEST_TIER; Tests/support/examples.py turns it into the examples they run.
A stage's count is its own closing line ("N passed, M failed", XCTest's "Executed N tests,
with M failures"); a stage without one counts as one check, passed when it exits 0."""
import argparse, os, re, resource, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
import examples
BUILD = os.path.join(ROOT, ".build", "release")
FLIPBOOK = os.path.join(BUILD, "flipbook")
RENDERS = os.path.join(ROOT, ".build", "test-renders")  # Tests/support/renders.py
SWIFT = os.environ.get("SWIFT", "swift")
PY = "/usr/bin/python3"
# The flags of the one release build (the Makefile's TESTABLE); `swift test` must name them too.
TESTABLE = ["-c", "release", "-Xswiftc", "-enable-testing"]


def stages(tier):
    """(name, command, what it checks), longest first so that two at a time finish together."""
    fuzz = "600" if tier == "all" else "20"
    scenes = [os.path.join("examples", n + ".json") for n in examples.examples(tier)]
    which = "every example" if tier == "all" else f"the {len(scenes)} covering examples"
    every_frame = [
        ("svg-every-frame", [PY, "scripts/svg-every-frame.py", "--check", FLIPBOOK, "all"],
         "every frame of every example's animated SVG in headless Chromium against the PNG frames"),
    ] if tier == "all" else []
    return [
        ("renders", [PY, "Tests/support/renders.py", FLIPBOOK],
         f"{which} rendered once (Tests/support/renders.py) for the round trip, video and animated-SVG stages, which wait for it; first"),
    ] + every_frame + [
        ("animated-svg", [PY, "Tests/animated-svg/check_animated_svg.py", FLIPBOOK],
         f"{which}: the animated SVG at 20 frames and one per-frame SVG in headless Chromium against the PNG frames"),
        ("video", [PY, "Tests/previews/check_video.py", FLIPBOOK],
         f"{which}: MP4 and WebM decoded by ffprobe and ffmpeg against the PNG frames"),
        ("roundtrip", [os.path.join(BUILD, "flipbook-roundtrip"), "--renders", RENDERS, *scenes],
         f"{which}: the distinct PNG frames at scale 1 and 2 decoded by libpng against the drawn pixels"),
        ("library-client", ["./scripts/library-client.sh"], "examples/swift built by SwiftPM, run and tested against this checkout")
        if tier == "all" else
        ("library-client", [PY, "scripts/library-client.py", BUILD],
         "examples/swift compiled and linked against the release build's products and run; its tests type-checked"),
        ("xctest", [SWIFT, "test", *TESTABLE, "--skip-build", "--disable-swift-testing"],
         "the XCTest suites in Tests/"),
        ("fuzz", [os.path.join(BUILD, "flipbook-fuzz"), "--seconds", fuzz],
         f"the mutation fuzzer over the examples for {fuzz} s"),
        ("previews", [PY, "Tests/previews/check_previews.py", FLIPBOOK],
         "GIF, APNG and WebP decoded by Pillow against the PNG frames"),
        ("ci", [PY, "Tests/ci/check_ci.py", FLIPBOOK],
         "docs/ci.md's workflow as an app team runs it"),
        ("security", [PY, "Tests/security/check_security.py", FLIPBOOK],
         "docs/reliability.md's attack cases against the binary"),
        ("schema", [PY, "Tests/schema/check_schema.py", FLIPBOOK],
         "flipbook schema through python3-jsonschema: every example valid, bad input refused"),
        ("preview", [PY, "Tests/preview/check_preview.py", FLIPBOOK],
         "flipbook preview's player in headless Chromium over the DevTools protocol"),
        ("report", [PY, "Tests/report/check_report.py", FLIPBOOK],
         "a check report opened in headless Chromium"),
        ("public-api", [PY, "Tests/api/check_public_api.py", BUILD],
         "the public API against Tests/api/public-api.txt and its rules"),
        ("module-headers", [PY, "Tests/api/check_module_headers.py"],
         "every module's header comment"),
        ("library-doc", [PY, "scripts/check-library-doc.py"],
         "docs/library.md is made of examples/swift's code"),
        ("doc-figures", [PY, "scripts/check-doc-figures.py"],
         "the figures README.md and docs/ quote match the files and measurements they describe"),
        ("examples", [PY, "Tests/support/examples.py"],
         "the covering examples still have every layout, effect and action of examples/"),
    ]


# Stages that read no build of this checkout: they run while it builds (the nightly library
# client builds its own copy with SwiftPM; the PR tier's links against the release build).
NO_BUILD = {"module-headers", "library-doc", "examples"}
# Stages that read the shared renders (Tests/support/renders.py): they start once those are done.
READS_RENDERS = {"animated-svg", "video", "roundtrip"}

COUNT = re.compile(r"^(?:[\w .-]+: )?(\d+) passed, (\d+) failed", re.M)
# Lines of a failed stage's log repeated after the table.
TAIL = 25
XCTEST = re.compile(r"Test Suite 'All tests' (?:passed|failed).*\n\s+Executed (\d+) tests?, with (\d+) failures?")


def become_subreaper():
    """Makes this process the reaper of every orphan its stages leave (Chromium's helpers,
    daemonised servers), so that their CPU time is in this process's RUSAGE_CHILDREN, the
    total the summary prints (prctl PR_SET_CHILD_SUBREAPER, Linux)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def reap_orphans():
    """Waits for the orphans handed to this process that have ended."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def run_measured(command, **kw):
    """Runs `command` to its end; returns (exit code, CPU seconds: user + sys of it and every
    process it waited for, from wait4's rusage, so a stage's figure is its own whatever runs
    beside it)."""
    p = subprocess.Popen(command, **kw)
    while True:
        try:
            _, status, usage = os.wait4(p.pid, 0)
            break
        except InterruptedError:
            continue
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_utime + usage.ru_stime


def counts(output, code):
    """(passed, failed) from a stage's output: its own count lines, else one check by exit code."""
    passed = failed = 0
    found = False
    for m in list(COUNT.finditer(output)) + list(XCTEST.finditer(output)):
        found = True
        if m.re is XCTEST:
            total, bad = int(m.group(1)), int(m.group(2))
            passed, failed = passed + total - bad, failed + bad
        else:
            passed, failed = passed + int(m.group(1)), failed + int(m.group(2))
    if not found:
        return (1, 0) if code == 0 else (0, 1)
    if code != 0 and failed == 0:
        failed = 1  # it exited non-zero after counting no failure (a crash, an error)
    return passed, failed


def failure_lines(lines):
    """What a failed stage's log says about the failure, in few lines: its error lines, the
    test that was running when it ended (XCTest names each as it starts; a crash ends the log
    inside one), and its last lines."""
    errors = [l for l in lines[:-TAIL] if re.search(r"error:|Fatal error|crashed|FAIL", l)][:TAIL]
    running = [l for l in lines if l.startswith("Test Case '") and "' started" in l][-1:]
    return errors + running + lines[-TAIL:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tier", choices=["test", "all"], default="test")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--build", default="", help="the build command, run first (beside the stages that need no build)")
    args = parser.parse_args()
    table = stages(args.tier)
    if args.list:
        for name, command, what in table:
            print(f"{name:15} {what}")
        return 0
    if args.only:
        wanted = args.only.split(",")
        unknown = [w for w in wanted if w not in [n for n, _, _ in table]]
        if unknown:
            print(f"run-tests: unknown stage {', '.join(unknown)} (see --list)", file=sys.stderr)
            return 2
        table = [s for s in table if s[0] in wanted]
    become_subreaper()
    logs = os.path.join(ROOT, ".build", "test-logs")
    os.makedirs(logs, exist_ok=True)
    env = dict(os.environ, FLIPBOOK_TEST_TIER=args.tier)
    lock = threading.Lock()
    pending = list(table)
    results = {}
    started = time.monotonic()

    ready = threading.Condition(lock)
    done = set()

    def worker(queue):
        while True:
            with lock:
                # The next stage whose inputs are there: the renders' readers wait for them.
                while True:
                    if not queue:
                        return
                    k = next((i for i, st in enumerate(queue) if st[0] not in READS_RENDERS or "renders" in done
                              or "renders" not in [n for n, _, _ in table]), None)
                    if k is not None:
                        break
                    ready.wait()
                name, command, _ = queue.pop(k)
            t0 = time.monotonic()
            log = os.path.join(logs, name + ".log")
            with open(log, "w") as f:
                code, cpu = run_measured(command, cwd=ROOT, env=env, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            seconds = time.monotonic() - t0
            output = open(log, encoding="utf-8", errors="replace").read()
            passed, failed = counts(output, code)
            with lock:
                results[name] = (code, seconds, passed, failed, cpu)
                done.add(name)
                ready.notify_all()
                print(f"\n=== {name} ({seconds:.0f} s, {cpu:.0f} CPU-s, exit {code}) — {command[0] if len(command) < 2 else ' '.join(os.path.basename(c) for c in command[:3])}",
                      flush=True)
                sys.stdout.write(output)
                print(f"=== {name}: {passed} passed, {failed} failed", flush=True)

    beside = None
    if args.build:
        no_build = NO_BUILD | ({"library-client"} if args.tier == "all" else set())
        early = [stage for stage in pending if stage[0] in no_build]
        pending[:] = [stage for stage in pending if stage[0] not in no_build]
        beside = threading.Thread(target=worker, args=(early,))
        beside.start()
        t0 = time.monotonic()
        code, build_cpu = run_measured(args.build, shell=True, cwd=ROOT, stdin=subprocess.DEVNULL)
        build_seconds = time.monotonic() - t0
        print(f"run-tests: the build took {build_seconds:.0f} s, {build_cpu:.0f} CPU-s", flush=True)
        if code != 0:
            beside.join()
            print(f"run-tests: the build failed (exit {code}): {args.build}")
            print("0 passed, 1 failed")
            return 1
    # The shared renders come first; the stages that read them wait for them, the others run
    # beside them (the renders' encoders leave a core idle part of the time).
    threads = [threading.Thread(target=worker, args=(pending,)) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads + ([beside] if beside else []):
        t.join()
    total = time.monotonic() - started
    print(f"\n{'stage':15} {'seconds':>7} {'CPU-s':>7} {'passed':>7} {'failed':>7}")
    if args.build:
        print(f"{'(build)':15} {build_seconds:7.0f} {build_cpu:7.0f}")
    for name, _, _ in table:
        code, seconds, passed, failed, cpu = results[name]
        print(f"{name:15} {seconds:7.0f} {cpu:7.0f} {passed:7} {failed:7}{'' if code == 0 else f'  (exit {code})'}")
    reap_orphans()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    total_cpu = children.ru_utime + children.ru_stime
    passed = sum(r[2] for r in results.values())
    failed = sum(r[3] for r in results.values())
    bad = [n for n, r in results.items() if r[0] != 0]
    # A CI page often keeps only the end of the output: repeat the end of each failed stage's
    # log here, so the cause is in that end and not only in the stage's full log above.
    for name in bad:
        lines = open(os.path.join(logs, name + ".log"), encoding="utf-8", errors="replace").read().splitlines()
        print(f"\n--- {name}: its errors and last lines (whole log in .build/test-logs/{name}.log)")
        print("\n".join(failure_lines(lines)))
    print(f"tier {args.tier}: {len(table)} stages in {total:.0f} s, {total_cpu:.0f} CPU-s (user + sys of everything started)"
          + (f"; failed: {', '.join(bad)}" if bad else ""))
    print(f"{passed} passed, {failed} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
