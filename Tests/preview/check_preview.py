#!/usr/bin/env python3
"""`flipbook preview` as a user meets it: the real binary serving a copy of
examples/wallet-move.json, the player driven in headless Chromium over the DevTools protocol
(keys and mouse events as a person sends them), the page's values read back from the DOM.

Checks: the page plays, steps and scrubs; the canvas holds exactly the PNG `render` writes
for the frame on show; the inspector shows, for the item under the pointer, the values
keyframes.json has (the item found here by its own hit test); the track marks the touch and
the gesture states; editing the scene (a colour, then a duration) changes the page in place at
the same time, and an invalid edit shows the file:line:col error with the last good scene kept;
`/../`, a file outside the scene's folder, a link out of it and a foreign Host are refused;
SIGINT stops the server. Usage: check_preview.py FLIPBOOK_BINARY   (run by `make test`)"""
import base64, http.client, io, json, math, os, re, shutil, signal, socket, subprocess, sys, tempfile, time
import urllib.request
from PIL import Image
import websocket

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from checks import Checks, local_environment
import chromium
from devtools import Page

FLIPBOOK = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/flipbook"))
check = Checks("preview")


def raw_get(port, path, host=None):
    """(status, body) of a GET sent as written: no client normalises the path."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\nConnection: close\r\n\r\n".encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


def item_at(frame, x, y):
    """The front-most drawn item holding (x, y), scroll views' own backgrounds last: the same
    rule as UIKit's hit test over what is drawn, written here from keyframes.json's fields."""
    behind = None
    for it in reversed(frame["items"]):
        if it.get("hidden") or it.get("alpha", 1) <= 0.001:
            continue
        cx, cy = it["x"] + it["width"] / 2, it["y"] + it["height"] / 2
        r, s = -it.get("rotation", 0), it.get("scale", 1)
        dx, dy = x - cx, y - cy
        lx, ly = (dx * math.cos(r) - dy * math.sin(r)) / s, (dx * math.sin(r) + dy * math.cos(r)) / s
        if abs(lx) <= it["width"] / 2 and abs(ly) <= it["height"] / 2:
            if it["kind"] == "view":
                behind = behind or it
                continue
            return it
    return behind


def canvas_pixels(page):
    url = page.js("document.getElementById('frame').toDataURL('image/png')")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGBA")


with tempfile.TemporaryDirectory() as tmp:
    scene = os.path.join(tmp, "project", "wallet-move.json")
    os.makedirs(os.path.dirname(scene))
    text = open(os.path.join(ROOT, "examples", "wallet-move.json"), encoding="utf-8").read()
    open(scene, "w", encoding="utf-8").write(text)
    open(os.path.join(tmp, "secret.txt"), "w").write("not for the page\n")
    # Beside the scene, files it does not name: a dotfile, a key, notes (a scene in a home folder).
    for name in (".env", "id_ed25519", "notes.txt"):
        open(os.path.join(tmp, "project", name), "w").write("not for the page\n")
    os.makedirs(os.path.join(tmp, "project", ".git"))
    open(os.path.join(tmp, "project", ".git", "config"), "w").write("not for the page\n")
    os.symlink(os.path.join(tmp, "secret.txt"), os.path.join(tmp, "project", "link.txt"))
    # What render writes, to compare the page with.
    rendered = os.path.join(tmp, "rendered")
    subprocess.run([FLIPBOOK, "render", scene, "--format", "png,json", "-o", rendered], check=True, stdout=subprocess.DEVNULL)
    keyframes = json.load(open(os.path.join(rendered, "keyframes.json")))
    frames = keyframes["frames"]

    # Under a small memory budget: its peak is measured while Chromium loads and plays the page.
    server = subprocess.Popen([FLIPBOOK, "preview", scene, "--port", "0", "--max-memory", "256"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    check(line.startswith(f"previewing {scene} at http://127.0.0.1:"), f"preview prints its address: {line!r}")
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    url = f"http://127.0.0.1:{port}/"

    # What may be served, and what not.
    status, body = raw_get(port, "/")
    check(status == 200 and b"<canvas id=\"frame\"" in body, f"the player page is served ({status})")
    for path in ["/../secret.txt", "/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/link.txt", "/files//etc/passwd",
                 "/etc/passwd", "/files/" + tmp + "/secret.txt", "/api/../../secret.txt", "/files/.env", "/files/id_ed25519",
                 "/files/notes.txt", "/files/.git/config", "/.env", "/.git/config", "/files/", "/files/./wallet-move.json"]:
        status, body = raw_get(port, path)
        check(status == 404 and b"not for the page" not in body, f"{path} gets 404 (got {status})")
    status, body = raw_get(port, "/files/wallet-move.json")
    check(status == 200 and body.decode() == text, "the scene file is served")
    status, _ = raw_get(port, "/", host="attacker.example:%d" % port)
    check(status == 403, f"a foreign Host is refused (got {status})")
    status, _ = raw_get(port, "/", host="127.0.0.1:1")
    check(status == 403, f"another port in Host is refused (got {status})")
    for n in (0, 137, len(frames) - 1):
        status, body = raw_get(port, f"/frames/{n}.png")
        check(status == 200 and body == open(os.path.join(rendered, "frame-%05d.png" % n), "rb").read(),
              f"/frames/{n}.png is render's frame-{n:05d}.png byte for byte")
    check(raw_get(port, f"/frames/{len(frames)}.png")[0] == 404, "a frame past the end gets 404")
    status, body = raw_get(port, "/api/keyframes.json")
    check(status == 200 and body == open(os.path.join(rendered, "keyframes.json"), "rb").read(), "/api/keyframes.json is render's keyframes.json")

    page = Page(url)
    try:
        # The first load reads 3 MB of keyframes and draws a frame: on a machine busy with other
        # stages (make test-all's SVG sweep beside it) that took longer than 15 s.
        check(page.until("document.body.dataset.generation === '1' && document.getElementById('frame').dataset.shown === '0'", seconds=90) is not None,
              "the page loads the scene and shows frame 0")
        check(page.js("document.getElementById('clock').textContent") == f"frame 0 / {len(frames) - 1} · 0.000 s", "the clock shows frame and time")
        check(canvas_pixels(page).tobytes() == Image.open(os.path.join(rendered, "frame-00000.png")).convert("RGBA").tobytes(),
              "the canvas holds render's frame 0, pixel for pixel")
        meta = page.js("document.getElementById('meta').textContent")
        check("516 frames at 60 fps" in meta and "@2x" in meta, f"fps and scale are shown: {meta}")

        # Step with the arrow keys.
        page.key("ArrowRight", "ArrowRight", 39)
        page.key("ArrowRight", "ArrowRight", 39)
        check(page.js("document.body.dataset.frame") == "2", "→ twice steps to frame 2")
        page.key("ArrowRight", "ArrowRight", 39, shift=True)
        check(page.js("document.body.dataset.frame") == "12", "Shift-→ steps ten frames")
        page.key("ArrowLeft", "ArrowLeft", 37)
        check(page.js("document.body.dataset.frame") == "11", "← steps back a frame")

        # Play and pause with the space bar.
        page.key(" ", "Space", 32)
        check(page.js("document.body.dataset.playing") == "true", "Space plays")
        time.sleep(1.0)
        page.key(" ", "Space", 32)
        played = int(page.js("document.body.dataset.frame"))
        check(page.js("document.body.dataset.playing") == "false" and played > 20, f"Space pauses after playing on (frame {played})")

        # Scrub: a click on the scrubber's middle.
        box = page.js("(() => { const r = document.getElementById('scrub').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        page.mouse("mousePressed", box[0] + box[2] / 2, box[1] + box[3] / 2)
        page.mouse("mouseReleased", box[0] + box[2] / 2, box[1] + box[3] / 2)
        scrubbed = int(page.until("document.getElementById('frame').dataset.shown === document.body.dataset.frame && document.body.dataset.frame") or -1)
        check(abs(scrubbed - (len(frames) - 1) / 2) <= 12, f"a click in the scrubber's middle shows the middle frame ({scrubbed} of {len(frames)})")
        shown = canvas_pixels(page).tobytes()
        check(shown == Image.open(os.path.join(rendered, "frame-%05d.png" % scrubbed)).convert("RGBA").tobytes(),
              f"the canvas holds render's frame {scrubbed} after the scrub")

        # The inspector: hover points over frame 137 (a card lifted by the long press).
        page.js("document.getElementById('scrub').value = 137; document.getElementById('scrub').dispatchEvent(new Event('input'))")
        rect = page.js("(() => { const r = document.getElementById('frame').getBoundingClientRect(); return [r.left, r.top, r.width]; })()")
        k = rect[2] / keyframes["canvas"]["width"]
        hovered = []
        for (x, y) in [(187, 120), (187, 300), (60, 500), (300, 640), (20, 30)]:
            expected = item_at(frames[137], x, y)
            page.mouse("mouseMoved", rect[0] + x * k, rect[1] + y * k)
            got = page.js("Object.assign({}, document.getElementById('inspector').dataset)")
            want = {"item": expected["id"], **{f: str(expected.get(f, {"alpha": 1, "rotation": 0, "scale": 1}.get(f))) for f in
                                               ("x", "y", "width", "height", "alpha", "zIndex", "rotation", "scale")}}
            ok = all(str(float(got[f])) == str(float(want[f])) for f in ("x", "y", "width", "height", "alpha", "zIndex", "rotation", "scale")) \
                and got["item"] == want["item"]
            check(ok, f"at ({x}, {y}) on frame 137 the inspector shows {want}, got {got}")
            hovered.append(expected["id"])
        check(len(set(hovered)) >= 3, f"the points cover several items: {hovered}")
        # The lifted card, pinned with a click: what moves it names the pan and the touch's line.
        lifted = next(it for it in reversed(frames[137]["items"]) if it["kind"] == "snapshot")
        cx, cy = lifted["x"] + lifted["width"] / 2, lifted["y"] + lifted["height"] / 2
        page.mouse("mouseMoved", rect[0] + cx * k, rect[1] + cy * k)
        page.mouse("mousePressed", rect[0] + cx * k, rect[1] + cy * k)
        page.mouse("mouseReleased", rect[0] + cx * k, rect[1] + cy * k)
        cause = page.js("document.getElementById('i-cause').textContent")
        check(page.js("document.getElementById('inspector').dataset.item") == lifted["id"], "a click keeps the lifted snapshot in the inspector")
        check("gesture " in cause and f"{scene}:143" in cause, f"what moves the snapshot names the gesture and the touch's line: {cause!r}")
        page.mouse("mouseMoved", rect[0] + 5, rect[1] + 5)
        check(page.js("document.getElementById('inspector').dataset.item") == lifted["id"], "the kept item stays when the pointer moves on")
        page.key("Escape", "Escape", 27)

        # The track: the touch and each recognizer state change.
        states = [(n, r["name"], r["state"]) for n, f in enumerate(frames) for r in f.get("recognizers", [])]
        marks = page.js("[...document.querySelectorAll('#lanes .mark[data-state]')].map(m => m.dataset.state)")
        check(marks == [s for _, _, s in sorted(states, key=lambda s: (s[1], s[0]))] or sorted(marks) == sorted(s for _, _, s in states),
              f"every recognizer state change is marked on the track ({len(marks)} marks, {len(states)} changes)")
        check(page.js("document.querySelectorAll('#lanes .touch').length") == 1, "the touch is marked on the track")

        # Live reload: a colour edit, at the frame on show.
        page.js("document.getElementById('scrub').value = 40; document.getElementById('scrub').dispatchEvent(new Event('input'))")
        page.until("document.getElementById('frame').dataset.shown === '40'")
        card = next(it for it in frames[40]["items"] if it["kind"] == "cell" and it["y"] > 60)
        px = (int((card["x"] + 8) * 2), int((card["y"] + card["height"] / 2) * 2))
        before = canvas_pixels(page).getpixel(px)
        colour = next(c for c in ["#D93A3A", "#1F4E9C", "#8E8E93", "#00704A"] if c in text)
        started = time.time()
        open(scene, "w", encoding="utf-8").write(text.replace(colour, "#00FF00"))
        reloaded = page.until("document.body.dataset.generation === '2' && document.getElementById('frame').dataset.shown === '40'")
        seconds = time.time() - started
        check(reloaded is not None, "the page follows a colour edit without being reloaded")
        print(f"note: the colour edit was on the page {seconds * 1000:.0f} ms after the file was written")
        check(page.js("performance.getEntriesByType('navigation').length") == 1 and page.js("document.body.dataset.frame") == "40",
              "the page was not navigated again and kept frame 40")
        changed = page.until("(() => { const c = document.getElementById('frame').getContext('2d'); const d = c.getImageData(%d, %d, 1, 1).data;"
                             " return d[0] < 40 && d[1] > 200 && d[2] < 40 ? [...d] : null; })()" % px)
        check(changed is not None or before[:3] == (0, 255, 0), f"some card on frame 40 is green after the edit (was {before})")

        # A duration edit: the frame count follows, the time on show is kept.
        edited = text.replace(colour, "#00FF00").replace('"duration": 8.6,', '"duration": 6,', 1)
        open(scene, "w", encoding="utf-8").write(edited)
        check(page.until("document.body.dataset.generation === '3'") is not None, "a duration edit is followed")
        check(page.js("document.getElementById('scrub').max") == "359", "the scrubber now ends at frame 359 (360 frames: 6 s at 60 fps)")
        check(page.js("document.body.dataset.frame") == "40", "the time on show is kept")

        # An invalid edit: the error in the page, the last good scene still there.
        open(scene, "w", encoding="utf-8").write(edited.replace('"fps": 60', '"fps": "sixty"', 1))
        check(page.until("document.body.dataset.error === 'true'") is not None, "an invalid edit is shown")
        message = page.js("document.getElementById('error-text').textContent")
        check(message.startswith(f"{scene}:") and "$.fps" in message, f"the error names file:line:col and $.fps: {message!r}")
        check(page.until("document.getElementById('error-source').textContent.includes('\"sixty\"')") is not None, "the page shows the line in the source")
        check(page.js("document.getElementById('scrub').max") == "359" and page.js("document.getElementById('frame').dataset.shown") == "40",
              "the last good scene stays on show")
        open(scene, "w", encoding="utf-8").write(edited)
        check(page.until("document.body.dataset.error === 'false'") is not None, "mending the file clears the error")
        # A file written in two parts 50 ms apart (an editor's truncate-then-write, a slow copy)
        # is read once, whole: never the half-written JSON, and no error on the page.
        generation = int(page.js("document.body.dataset.generation"))
        with open(scene, "w", encoding="utf-8") as f:
            half = len(text) // 2
            f.write(text[:half])
            f.flush()
            time.sleep(0.05)
            f.write(text[half:])
        check(page.until(f"document.body.dataset.generation === '{generation + 1}'") is not None, "a file written in two parts is read")
        time.sleep(0.5)
        check(page.js("document.body.dataset.generation") == str(generation + 1) and page.js("document.body.dataset.error") == "false",
              f"it is read once and whole (generation {page.js('document.body.dataset.generation')}, error {page.js('document.body.dataset.error')})")
        errors = [m for m in page.console if m["method"] == "Runtime.exceptionThrown" or m["params"].get("type") == "error"]
        check(not errors, f"no script errors in the page: {errors[:2]}")
    finally:
        page.close()

    # docs/reliability.md: --max-memory plus the 200 MB margin for the process itself.
    peak = int(re.search(r"VmHWM:\s+(\d+) kB", open(f"/proc/{server.pid}/status").read()).group(1)) // 1024
    check(peak < 256 + 200, f"the server's peak memory while Chromium used the page is within --max-memory 256 + 200 MB ({peak} MB)")
    print(f"note: preview peak {peak} MB under --max-memory 256 with Chromium on the page")
    server.send_signal(signal.SIGINT)
    try:
        out, err = server.communicate(timeout=10)
        check(server.returncode == 0 and "preview stopped" in out, f"SIGINT stops the server cleanly (exit {server.returncode}, {out!r})")
        check("read again in" in err, f"the server says when it read the scene again: {err[:300]!r}")
    except subprocess.TimeoutExpired:
        server.kill()
        check(False, "SIGINT stops the server within 10 s")

    # An image the scene draws is served; one beside it that the scene does not name is not.
    shown = os.path.join(tmp, "shown")
    os.makedirs(os.path.join(shown, "images"))
    shutil.copy(os.path.join(ROOT, "examples", "labels-and-shadows.json"), shown)
    shutil.copy(os.path.join(ROOT, "examples", "images", "avatar.png"), os.path.join(shown, "images"))
    shutil.copy(os.path.join(ROOT, "examples", "images", "avatar.png"), os.path.join(shown, "images", "unnamed.png"))
    server = subprocess.Popen([FLIPBOOK, "preview", os.path.join(shown, "labels-and-shadows.json"), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline().split("http://127.0.0.1:")[1].split("/")[0])
        for _ in range(100):  # the scene is read in the background
            if json.loads(raw_get(port, "/api/status")[1])["ready"]:
                break
            time.sleep(0.1)
        status, body = raw_get(port, "/files/images/avatar.png")
        check(status == 200 and body == open(os.path.join(ROOT, "examples", "images", "avatar.png"), "rb").read(),
              f"an image the scene draws is served (got {status})")
        check(raw_get(port, "/files/images/unnamed.png")[0] == 404, "an image the scene does not name gets 404")
        check(raw_get(port, "/files/labels-and-shadows.json")[0] == 200, "its scene file is served")
    finally:
        server.kill()
        server.wait()

    # Steps keep the file's numbers, touches included: $.script[1] is "script step 1", as
    # `check` names it (the player counted only the non-touch steps).
    numbered = os.path.join(tmp, "numbered", "n.json")
    os.makedirs(os.path.dirname(numbered))
    open(numbered, "w").write(json.dumps({"canvas": {"width": 200, "height": 200}, "duration": 1,
                                          "collectionView": {"layout": {"type": "flow"}, "items": [{"id": "a"}, {"id": "b"}]},
                                          "script": [{"at": 0.1, "action": "tap", "point": {"x": 50, "y": 50}},
                                                     {"at": 0.2, "action": "animate", "changes": [{"item": "a", "alpha": 0.5}]}]}))
    server = subprocess.Popen([FLIPBOOK, "preview", numbered, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline().split("http://127.0.0.1:")[1].split("/")[0])
        for _ in range(100):
            if json.loads(raw_get(port, "/api/status")[1])["ready"]:
                break
            time.sleep(0.1)
        steps = json.loads(raw_get(port, "/api/scene.json")[1])["steps"]
        check([st["index"] for st in steps] == [1], f"the animate step after a tap is script step 1, as check says ({steps})")
    finally:
        server.kill()
        server.wait()

    # Usage errors are one line, exit 2.
    bad = subprocess.run([FLIPBOOK, "preview", os.path.join(tmp, "missing.json")], capture_output=True, text=True, timeout=30)
    check(bad.returncode == 2 and bad.stderr.count("\n") == 1 and "no such file" in bad.stderr, f"a missing scene: exit 2, one line ({bad.stderr!r})")
    bad = subprocess.run([FLIPBOOK, "preview", scene, "--port", "70000"], capture_output=True, text=True, timeout=30)
    check(bad.returncode == 2 and "--port expects" in bad.stderr, f"a bad port: exit 2 ({bad.stderr!r})")

# docs/writing-a-scene.md: each scene it shows is valid, and what it says the commands print
# is what they print.
with tempfile.TemporaryDirectory() as tmp:
    guide = open(os.path.join(ROOT, "docs", "writing-a-scene.md"), encoding="utf-8").read()
    blocks = re.findall(r"<!-- scene: (\S+) -->\n```json\n(.*?)```", guide, re.S)
    check(len(blocks) == 2, f"the guide shows two scenes ({len(blocks)})")
    os.makedirs(os.path.join(tmp, "scenes"))
    env = local_environment()
    for name, body in blocks:
        open(os.path.join(tmp, "scenes", name), "w", encoding="utf-8").write(body)
        r = subprocess.run([FLIPBOOK, "validate", "scenes/" + name], capture_output=True, text=True, cwd=tmp)
        check(r.returncode == 0, f"the guide's {name} is valid: {r.stdout}{r.stderr}")
    final = blocks[-1][1]
    open(os.path.join(tmp, "scenes", "cards.json"), "w", encoding="utf-8").write(final.replace('"duration": 3,', '"duration": "long",'))
    r = subprocess.run([FLIPBOOK, "validate", "scenes/cards.json"], capture_output=True, text=True, cwd=tmp)
    shown = re.search(r"\n(scenes/cards.json:\d+:\d+: \$\.duration: [^\n]*)\n", guide).group(1)
    check(r.returncode == 2 and r.stderr == f"flipbook: {shown}\n", f"the guide's error line is validate's: {r.stderr!r} against {shown!r}")
    open(os.path.join(tmp, "scenes", "cards.json"), "w", encoding="utf-8").write(final)
    subprocess.run([FLIPBOOK, "check", "scenes/cards.json", "--golden", "goldens", "--record", "-o", "rep"], cwd=tmp, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    open(os.path.join(tmp, "scenes", "cards.json"), "w", encoding="utf-8").write(
        final.replace('"duration": 0.25, "changes": [{"item": "card0"', '"duration": 0.3, "changes": [{"item": "card0"'))
    r = subprocess.run([FLIPBOOK, "check", "scenes/cards.json", "--golden", "goldens", "-o", "rep"], capture_output=True, text=True,
                       cwd=tmp, env=env)
    said = re.search(r"```\n(cards: differ\n[^`]*)```", guide).group(1)
    check(r.returncode == 1 and r.stdout.startswith(said), f"the guide's check output is check's: {r.stdout[:300]!r}")

check.finish()
