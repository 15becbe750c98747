/// The player `flipbook preview` serves: one page, no outside files, no framework. It draws the
/// PNG frames the server renders (the bytes `render --format png` writes) on a canvas, reads
/// keyframes.json for the item inspector and the scene's steps and touches for the track under
/// the scrubber, and asks /api/status five times a second whether the scene was read again.
enum PlayerPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>flipbook preview</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  :root { color-scheme: light dark; --accent: #0a84ff; --muted: #8a8a8e; --panel: rgba(127,127,127,.1); }
  body { font: 13px/1.4 -apple-system, "Inter", system-ui, sans-serif; margin: 0; padding: 12px 16px; }
  header { display: flex; gap: 12px; align-items: baseline; margin-bottom: 8px; }
  header h1 { font-size: 15px; margin: 0; }
  header .meta { color: var(--muted); }
  #status { margin-left: auto; color: var(--muted); }
  #error { border: 1px solid #d70015; background: rgba(255,59,48,.1); border-radius: 6px; padding: 8px 10px; margin-bottom: 8px; }
  #error pre { margin: 0; white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; }
  #error-source { margin-top: 6px !important; color: var(--muted); }
  #error-source .here { color: inherit; font-weight: bold; }
  main { display: flex; gap: 16px; align-items: flex-start; }
  #stage { position: relative; box-shadow: 0 0 0 1px rgba(127,127,127,.35); line-height: 0; }
  #frame { display: block; cursor: crosshair; }
  #highlight { position: absolute; border: 2px solid var(--accent); pointer-events: none; display: none; transform-origin: center; }
  #inspector { min-width: 280px; background: var(--panel); border-radius: 8px; padding: 8px 12px; }
  #inspector h2 { font-size: 13px; margin: 0 0 6px; }
  #inspector dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
  #inspector dt { color: var(--muted); }
  #inspector dd { margin: 0; font-variant-numeric: tabular-nums; word-break: break-word; }
  #controls { display: flex; gap: 8px; align-items: center; margin-top: 10px; flex-wrap: wrap; }
  #scrub { flex: 1; min-width: 240px; }
  #clock { font-variant-numeric: tabular-nums; min-width: 190px; }
  input[type=number] { width: 5em; }
  #tracks { position: relative; margin-top: 6px; background: var(--panel); border-radius: 6px; padding: 4px 0; }
  .lane { position: relative; height: 14px; margin: 2px 0; }
  .lane-label { position: absolute; left: 4px; top: 0; font-size: 10px; color: var(--muted); z-index: 1; pointer-events: none; }
  .mark { position: absolute; top: 0; height: 14px; min-width: 2px; border-radius: 2px; }
  .step { background: rgba(10,132,255,.55); }
  .touch { background: rgba(255,149,0,.6); }
  .state-began, .state-changed { background: rgba(52,199,89,.7); }
  .state-ended, .state-recognized { background: rgba(52,199,89,.25); }
  .state-cancelled, .state-failed { background: rgba(255,59,48,.45); }
  .loop { position: absolute; top: 0; bottom: 0; background: rgba(127,127,127,.18); pointer-events: none; }
  #playhead { position: absolute; top: 0; bottom: 0; width: 1px; background: #d70015; pointer-events: none; }
  kbd { font: 11px ui-monospace, monospace; border: 1px solid rgba(127,127,127,.5); border-radius: 3px; padding: 0 3px; }
  .help { color: var(--muted); margin-top: 6px; }
</style>
</head>
<body data-generation="0" data-playing="false">
<header><h1 id="title">flipbook preview</h1><span class="meta" id="meta"></span><span id="status">connecting…</span></header>
<div id="error" hidden><pre id="error-text"></pre><pre id="error-source"></pre></div>
<main>
  <div id="stage"><canvas id="frame" width="1" height="1"></canvas><div id="highlight"></div></div>
  <aside id="inspector">
    <h2 id="i-title">Item under the pointer</h2>
    <dl>
      <dt>id</dt><dd id="i-id">—</dd>
      <dt>kind</dt><dd id="i-kind">—</dd>
      <dt>frame</dt><dd id="i-frame">—</dd>
      <dt>alpha</dt><dd id="i-alpha">—</dd>
      <dt>zIndex</dt><dd id="i-zIndex">—</dd>
      <dt>transform</dt><dd id="i-transform">—</dd>
      <dt>hidden</dt><dd id="i-hidden">—</dd>
      <dt>look</dt><dd id="i-look">—</dd>
      <dt>changing</dt><dd id="i-changing">—</dd>
      <dt>moved by</dt><dd id="i-cause">—</dd>
      <dt>gestures</dt><dd id="i-gestures">—</dd>
    </dl>
    <p class="help">Hover an item; click to keep it; <kbd>Esc</kbd> lets go.</p>
  </aside>
</main>
<div id="controls">
  <button id="play" title="Space">Play</button>
  <button id="prev" title="←">◀︎</button>
  <button id="next" title="→">▶︎</button>
  <input id="scrub" type="range" min="0" max="0" value="0" aria-label="frame">
  <span id="clock">frame 0 / 0 · 0.000 s</span>
  <label>speed <select id="speed">
    <option value="0.1">0.1x</option><option value="0.25">0.25x</option><option value="0.5">0.5x</option>
    <option value="1" selected>1x</option><option value="2">2x</option></select></label>
  <label>loop <input id="loop-from" type="number" min="0" placeholder="from"> – <input id="loop-to" type="number" min="0" placeholder="to"></label>
  <button id="loop-clear">whole</button>
</div>
<div id="tracks"><div id="lanes"></div><div id="loop-band" class="loop" hidden></div><div id="playhead"></div></div>
<p class="help"><kbd>Space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> a frame (<kbd>Shift</kbd>: ten) · <kbd>Home</kbd> <kbd>End</kbd> ·
  <kbd>[</kbd> <kbd>]</kbd> loop from / to here · click the track to jump there.</p>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const state = { generation: 0, info: null, keyframes: null, frame: 0, playing: false, speed: 1,
                loop: null, pinned: null, pointer: null, images: new Map(), clockStart: 0, clockFrame: 0 };
const canvas = $("frame"), ctx = canvas.getContext("2d");

function frameCount() { return state.keyframes ? state.keyframes.frames.length : 0; }
function fps() { return state.info ? state.info.fps : 60; }
function time(n) { return state.keyframes ? state.keyframes.frames[n].time : 0; }

// Frames are fetched as PNG and kept as images, a window ahead of the playhead.
function image(n) {
  let img = state.images.get(n);
  if (!img) {
    img = new Image();
    img.decoding = "async";
    img.onload = () => { if (n === state.frame) draw(); };
    img.src = `/frames/${n}.png?g=${state.generation}`;
    state.images.set(n, img);
    if (state.images.size > 360) {
      for (const k of state.images.keys()) { if (Math.abs(k - state.frame) > 120) { state.images.delete(k); if (state.images.size <= 300) break; } }
    }
  }
  return img;
}
function prefetch(n) { const N = frameCount(); for (let k = 1; k <= 24 && N; k++) image((n + k) % N); }

function draw() {
  const img = image(state.frame);
  if (img.complete && img.naturalWidth) { ctx.drawImage(img, 0, 0); canvas.dataset.shown = String(state.frame); }
  prefetch(state.frame);
}

function show(n, fromClock) {
  const N = frameCount();
  if (!N) return;
  n = Math.max(0, Math.min(N - 1, n | 0));
  state.frame = n;
  if (!fromClock) { state.clockFrame = n; state.clockStart = performance.now(); }
  $("scrub").value = String(n);
  $("clock").textContent = `frame ${n} / ${N - 1} · ${time(n).toFixed(3)} s`;
  document.body.dataset.frame = String(n);
  $("playhead").style.left = pct(n + 0.5, N);
  draw();
  inspect();
}

function setPlaying(p) {
  state.playing = p;
  document.body.dataset.playing = String(p);
  $("play").textContent = p ? "Pause" : "Play";
  state.clockFrame = state.frame; state.clockStart = performance.now();
  if (p) requestAnimationFrame(tick);
}

function tick(now) {
  if (!state.playing) return;
  const N = frameCount();
  let target = state.clockFrame + Math.floor((now - state.clockStart) / 1000 * fps() * state.speed);
  const [lo, hi] = state.loop || [0, N - 1];
  if (target > hi || target < lo) { target = lo; state.clockFrame = lo; state.clockStart = now; }
  if (target !== state.frame) show(target, true);
  requestAnimationFrame(tick);
}

// The item under a point (canvas points) on frame n: the front-most drawn one whose frame,
// turned and scaled about its centre, holds the point; the scroll views' own backgrounds last.
function itemAt(n, x, y) {
  const items = state.keyframes.frames[n].items;
  let behind = null;
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    if (it.hidden || it.alpha <= 0.001) continue;
    const cx = it.x + it.width / 2, cy = it.y + it.height / 2, r = -(it.rotation || 0), s = it.scale || 1;
    const dx = x - cx, dy = y - cy;
    const lx = (dx * Math.cos(r) - dy * Math.sin(r)) / s, ly = (dx * Math.sin(r) + dy * Math.cos(r)) / s;
    if (Math.abs(lx) <= it.width / 2 && Math.abs(ly) <= it.height / 2) {
      if (it.kind === "view") { behind = behind || it; continue; }
      return it;
    }
  }
  return behind;
}

function find(n, id) { return state.keyframes.frames[n].items.find((it) => it.id === id) || null; }

// Recognizers' states on frame n: each one's latest change at or before it (worked out once a
// scene, so showing a frame costs what is on it, not the frames before).
function recognizerStates(n) { return state.recognizers[n]; }
function allRecognizerStates(frames) {
  let current = new Map();
  return frames.map((f) => {
    if ((f.recognizers || []).length) { current = new Map(current); for (const r of f.recognizers) current.set(r.name, r.state); }
    return current;
  });
}

const fields = ["x", "y", "width", "height", "alpha", "zIndex", "rotation", "scale", "hidden", "look"];
function changing(n, it) {
  if (n === 0) return [];
  const before = find(n - 1, it.id);
  if (!before) return ["appears"];
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(it[f]));
}

function where(x) { return state.info.file ? `${state.info.file}${x.line ? ":" + x.line : ""}` : x.path; }

// What moves an item now: the gestures in progress with the touch that drives them, the script
// steps whose animation runs at this time, else the scroll view coasting after the last step
// or touch that set it going.
function cause(n, it, moving) {
  if (!moving.length) return "nothing: at rest on this frame";
  const t = time(n), eps = 0.5 / fps();
  const parts = [];
  const active = [...recognizerStates(n)].filter(([, s]) => s === "began" || s === "changed").map(([name, s]) => `${name} (${s})`);
  const touches = state.info.touches.filter((x) => x.down <= t + eps && t <= x.up + eps);
  if (active.length) parts.push("gesture " + active.join(", "));
  for (const x of touches) parts.push(`touch, finger ${x.finger}, from ${x.down.toFixed(3)} s (${where(x)})`);
  for (const s of state.info.steps.filter((s) => s.time <= t + eps && t <= s.end + eps && s.end > s.time))
    parts.push(`script step ${s.index}: ${s.kind}, ${s.time.toFixed(3)}–${s.end.toFixed(3)} s (${where(s)})`);
  if (parts.length) return parts.join("; ");
  const started = [...state.info.steps.map((s) => ({ at: s.time, text: `script step ${s.index}: ${s.kind} (${where(s)})` })),
                   ...state.info.touches.map((x) => ({ at: x.up, text: `the touch of finger ${x.finger} lifted at ${x.up.toFixed(3)} s (${where(x)})` }))]
    .filter((e) => e.at <= t + eps).sort((a, b) => b.at - a.at);
  return started.length ? `still moving after ${started[0].text}: deceleration, a bounce or an effect's own animation` : "the scene's own motion";
}

function num(v) { return v === undefined ? "—" : String(v); }
function inspect() {
  if (!state.keyframes) return;
  const n = state.frame;
  let it = null;
  if (state.pinned) it = find(n, state.pinned);
  else if (state.pointer) it = itemAt(n, state.pointer.x, state.pointer.y);
  $("i-title").textContent = state.pinned ? `Item ${state.pinned} (kept)` : "Item under the pointer";
  const hl = $("highlight");
  const gestures = [...recognizerStates(n)].map(([name, s]) => `${name}: ${s}`).join(", ");
  $("i-gestures").textContent = gestures || "—";
  if (!it) {
    for (const k of ["id", "kind", "frame", "alpha", "zIndex", "transform", "hidden", "look", "changing", "cause"]) $("i-" + k).textContent = "—";
    $("inspector").dataset.item = "";
    hl.style.display = "none";
    return;
  }
  const moving = changing(n, it);
  $("inspector").dataset.item = it.id;
  $("i-id").textContent = it.id;
  $("i-kind").textContent = it.kind;
  $("i-frame").textContent = `x ${num(it.x)}, y ${num(it.y)}, ${num(it.width)} × ${num(it.height)}`;
  for (const f of ["x", "y", "width", "height", "alpha", "zIndex", "rotation", "scale"]) $("inspector").dataset[f] = String(it[f]);
  $("i-alpha").textContent = num(it.alpha);
  $("i-zIndex").textContent = num(it.zIndex);
  $("i-transform").textContent = `rotation ${num(it.rotation)} rad (${((it.rotation || 0) * 180 / Math.PI).toFixed(2)}°), scale ${num(it.scale)}`;
  $("i-hidden").textContent = String(!!it.hidden);
  $("i-look").textContent = it.look || "—";
  $("i-changing").textContent = moving.length ? moving.join(", ") : "—";
  $("i-cause").textContent = cause(n, it, moving);
  const k = canvas.clientWidth / state.info.canvas.width;
  Object.assign(hl.style, { display: "block", left: `${it.x * k - 2}px`, top: `${it.y * k - 2}px`, width: `${it.width * k}px`,
                            height: `${it.height * k}px`, transform: `rotate(${it.rotation || 0}rad) scale(${it.scale || 1})` });
}

function pct(v, N) { return `${(100 * v / Math.max(1, N)).toFixed(4)}%`; }

// The track under the scrubber: script steps, touches, and each recognizer's states.
function lanes() {
  const N = frameCount(), f = fps(), box = $("lanes");
  box.textContent = "";
  const lane = (label) => { const l = document.createElement("div"); l.className = "lane"; const s = document.createElement("span");
                            s.className = "lane-label"; s.textContent = label; l.append(s); box.append(l); return l; };
  const mark = (l, cls, a, b, title, data) => { const m = document.createElement("div"); m.className = "mark " + cls;
    m.style.left = pct(a, N); m.style.width = pct(Math.max(b - a, 0.6), N); m.title = title; Object.assign(m.dataset, data || {}); l.append(m); return m; };
  const steps = lane("script");
  for (const s of state.info.steps) mark(steps, "step", s.time * f, s.end * f + 1, `script step ${s.index}: ${s.kind} at ${s.time} s (${where(s)})`, { step: String(s.index) });
  if (state.info.touches.length) {
    const t = lane("touches");
    for (const x of state.info.touches) mark(t, "touch", x.down * f, x.up * f + 1, `finger ${x.finger}: ${x.down}–${x.up} s (${where(x)})`);
  }
  const changes = new Map();
  state.keyframes.frames.forEach((fr, n) => { for (const r of fr.recognizers || []) { if (!changes.has(r.name)) changes.set(r.name, []); changes.get(r.name).push([n, r.state]); } });
  for (const [name, list] of changes) {
    const l = lane(name);
    list.forEach(([n, s], i) => { const end = i + 1 < list.length ? list[i + 1][0] : (s === "began" || s === "changed" ? N : n + 1);
                                  mark(l, "state-" + s, n, end, `${name}: ${s} from frame ${n}`, { state: s }); });
  }
  loopBand();
}

function loopBand() {
  const b = $("loop-band"), N = frameCount();
  b.hidden = !state.loop;
  if (state.loop) { b.style.left = pct(state.loop[0], N); b.style.width = pct(state.loop[1] - state.loop[0] + 1, N); }
  $("loop-from").value = state.loop ? String(state.loop[0]) : "";
  $("loop-to").value = state.loop ? String(state.loop[1]) : "";
}

function setLoop(a, b) {
  const N = frameCount();
  if (a === null) { state.loop = null; } else { a = Math.max(0, Math.min(N - 1, a)); b = Math.max(a, Math.min(N - 1, b)); state.loop = [a, b]; }
  loopBand();
}

async function load(generation) {
  const [info, keyframes] = await Promise.all([fetch("/api/scene.json").then((r) => r.json()), fetch("/api/keyframes.json").then((r) => r.json())]);
  const keepTime = state.keyframes ? time(state.frame) : 0;
  state.info = info; state.keyframes = keyframes; state.generation = generation; state.images.clear();
  state.recognizers = allRecognizerStates(keyframes.frames);
  const c = info.canvas;
  canvas.width = Math.round(c.width * c.scale); canvas.height = Math.round(c.height * c.scale);
  canvas.style.width = c.width + "px"; canvas.style.height = c.height + "px";
  $("title").textContent = info.name;
  $("meta").textContent = `${info.file} · ${frameCount()} frames at ${info.fps} fps · ${c.width}×${c.height} pt @${c.scale}x`;
  $("scrub").max = String(frameCount() - 1);
  if (state.loop) setLoop(state.loop[0], state.loop[1]);
  lanes();
  show(Math.min(frameCount() - 1, Math.round(keepTime * info.fps)));
  document.body.dataset.generation = String(generation);
}

async function showError(message) {
  $("error").hidden = !message;
  document.body.dataset.error = message ? "true" : "false";
  $("error-text").textContent = message || "";
  $("error-source").textContent = "";
  const m = message && /:(\d+):(\d+): /.exec(message);
  if (!m) return;
  const text = await fetch("/api/source").then((r) => r.ok ? r.text() : "");
  const lines = text.split("\n"), at = +m[1];
  const box = $("error-source");
  for (let k = Math.max(1, at - 2); k <= Math.min(lines.length, at + 2); k++) {
    const line = document.createElement("span");
    if (k === at) line.className = "here";
    line.textContent = `${String(k).padStart(4)} | ${lines[k - 1]}\n`;
    box.append(line);
  }
}

let polling = false;
async function poll() {
  if (polling) return;
  polling = true;
  try {
    const s = await fetch("/api/status").then((r) => r.json());
    if (s.generation !== state.generation) {
      if (s.ready && (!state.keyframes || !s.error)) await load(s.generation);
      state.generation = s.generation;
      document.body.dataset.generation = String(s.generation);
      await showError(s.error);
      $("status").textContent = s.error ? "edit not shown: the last good scene plays" : `read ${new Date().toLocaleTimeString()}`;
    }
  } catch (e) {
    $("status").textContent = "the preview server is not answering";
  } finally { polling = false; }
}

$("play").onclick = () => setPlaying(!state.playing);
$("prev").onclick = () => { setPlaying(false); show(state.frame - 1); };
$("next").onclick = () => { setPlaying(false); show(state.frame + 1); };
$("scrub").oninput = (e) => show(+e.target.value);
$("speed").onchange = (e) => { state.speed = +e.target.value; state.clockFrame = state.frame; state.clockStart = performance.now(); };
const loopInput = () => { const a = $("loop-from").value, b = $("loop-to").value;
                          if (a === "" && b === "") setLoop(null); else setLoop(a === "" ? 0 : +a, b === "" ? frameCount() - 1 : +b); };
$("loop-from").onchange = loopInput; $("loop-to").onchange = loopInput;
$("loop-clear").onclick = () => setLoop(null);
$("tracks").onclick = (e) => { const r = $("tracks").getBoundingClientRect(); show(Math.floor((e.clientX - r.left) / r.width * frameCount())); };
canvas.onmousemove = (e) => { const k = state.info.canvas.width / canvas.clientWidth; state.pointer = { x: e.offsetX * k, y: e.offsetY * k }; inspect(); };
canvas.onmouseleave = () => { state.pointer = null; inspect(); };
canvas.onclick = (e) => { const k = state.info.canvas.width / canvas.clientWidth;
                          const it = itemAt(state.frame, e.offsetX * k, e.offsetY * k); state.pinned = it ? it.id : null; inspect(); };
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const step = e.shiftKey ? 10 : 1;
  switch (e.key) {
    case " ": setPlaying(!state.playing); break;
    case "ArrowLeft": setPlaying(false); show(state.frame - step); break;
    case "ArrowRight": setPlaying(false); show(state.frame + step); break;
    case "Home": show(0); break;
    case "End": show(frameCount() - 1); break;
    case "[": setLoop(state.frame, state.loop ? state.loop[1] : frameCount() - 1); break;
    case "]": setLoop(state.loop ? state.loop[0] : 0, state.frame); break;
    case "Escape": state.pinned = null; inspect(); break;
    default: return;
  }
  e.preventDefault();
});
poll();
setInterval(poll, 200);
</script>
</body>
</html>
"""#
}
