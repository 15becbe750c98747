"""A Chromium tab driven over the DevTools protocol (Debian's chromium and python3-websocket):
for checks that act on a page as a person does (keys, mouse) or capture many screenshots from
one running browser instead of starting one per picture."""
import base64, json, os, shutil, signal, subprocess, tempfile, time
import urllib.request
import websocket

import chromium


class Page:
    """One Chromium tab over the DevTools protocol."""

    def __init__(self, url, width=1100, height=900, scale=1):
        self.profile = tempfile.mkdtemp(prefix="flipbook-chromium-")
        self.process = subprocess.Popen([chromium.CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--remote-debugging-port=0", f"--window-size={width},{height}", f"--force-device-scale-factor={scale}",
                                         f"--user-data-dir={self.profile}", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if time.time() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port = int(open(port_file).read().split("\n")[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        target = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(target["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.console = []
        self.call("Runtime.enable")
        self.call("Page.enable")
        self.call("Page.navigate", url=url)

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            m = json.loads(self.ws.recv())
            if m.get("method") in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown"):
                self.console.append(m)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})

    def js(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def until(self, expression, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                v = self.js(expression)
            except RuntimeError:  # the page is still loading (no body yet)
                v = None
            if v:
                return v
            time.sleep(0.05)
        return None

    def key(self, key, code, keycode, shift=False):
        mods = 8 if shift else 0
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=keycode, modifiers=mods,
                      text=" " if key == " " and kind == "keyDown" else "")

    def mouse(self, kind, x, y):
        extra = {"button": "left", "clickCount": 1} if kind in ("mousePressed", "mouseReleased") else {}
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **extra)

    def close(self):
        try:
            self.ws.close()
        finally:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)

    def viewport(self, width, height, scale):
        """Makes the page `width` x `height` CSS pixels at `scale` device pixels each, whatever
        the window (headless Chromium keeps a window at least 500 px wide)."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale, mobile=False)

    def screenshot(self, path, width, height):
        """Writes what the page shows in its top-left `width` x `height` CSS pixels to `path` (a
        PNG at the device scale)."""
        shot = self.call("Page.captureScreenshot", format="png", fromSurface=True,
                         clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
