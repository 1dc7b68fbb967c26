// The Play page's engine: Pyodide in a Web Worker (a module worker), with the project's engine and
// nothing else (no Jupyter, no widgets). It answers the page's messages with
// rulesbook.lessons.play.PlayServer, the same referee the chapters' boards use: no rule and no
// click is worked out here. Messages are JSON text both ways; {id} pairs an answer with its question.
//
//   {type: "boot", game, pyodide: URL of the site's Pyodide folder (pyodide.mjs, the interpreter,
//     and play_python_<game>.zip: the standard library's modules the engine imports and the
//     engine's own packages for that game, as bytecode, tools/play_stdlib.mjs)}
//     -> {type: "ready", seconds, snapshot: whether it started from a snapshot (below)}
//        or {type: "failed", text}
//   any message of PlayServer (new, resume, expand, hint, record) -> its answer, with {id, ms}
//
// Served as a file of the site (_static/rulesbook/play_worker.js), not bundled: it is loaded by
// `new Worker(url, {type: "module"})` and imports Pyodide from the site's own copy (lite/static/pyodide/).
//
// A return visit starts from a snapshot of the interpreter's memory (Pyodide's _makeSnapshot and
// _loadSnapshot), taken once the first visit's game has started, with the game's modules
// imported, and kept in the browser's Cache Storage (one a game) beside the digest of the zip it ran: restored,
// the interpreter need not start Python nor import the engine again. A snapshot of another zip
// (the site was rebuilt) or of another Pyodide is not used, and is replaced.
//
// The site's service worker (tools/offline_worker.js) keeps what a page loaded, for a visit with no
// network; it came after this engine on a first visit, and the page's timeline does not list a
// worker's files. So the page asks on the channel `rulesbook-offline` ("loaded?"), and the engine
// answers with its files once it is up ({keep: [URL, ...]}): Pyodide, the zip.

let server = null;
let booting = null;
let keep = null;  // takes the snapshot, once the page's first game has started (first visit)

const quiet = () => {};
const SNAPSHOTS = "rulesbook-play";  // the Cache Storage of this worker's snapshot
const offline = self.BroadcastChannel ? new BroadcastChannel("rulesbook-offline") : null;
let asked = false;  // the page asked for the engine's files before the engine was up

function tellLoaded() {
  offline.postMessage({ keep: performance.getEntriesByType("resource").map((entry) => entry.name) });
}

if (offline) offline.onmessage = (event) => {
  if (event.data !== "loaded?") return;
  if (server) tellLoaded();
  else asked = true;
};

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The snapshot kept by an earlier visit (a Response), or null. */
async function lookup(key) {
  try {
    return (self.caches && await (await caches.open(SNAPSHOTS)).match(key)) || null;
  } catch (error) {
    return null;
  }
}

/** The interpreter restored from `kept`, if it is of this Pyodide and of this very zip; else null. */
async function restore(loadPyodide, version, options, kept, zip) {
  if (!kept || kept.headers.get("x-pyodide") !== version) return null;
  const source = await zip;
  if (!source || kept.headers.get("x-zip") !== await digest(source)) return null;
  const url = URL.createObjectURL(new Blob([source]));  // the zip fetched once, for both
  try {
    // The snapshot is read while Pyodide loads its script and compiles its wasm.
    const bytes = kept.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    const pyodide = await loadPyodide({ ...options, stdLibURL: url, _loadSnapshot: bytes });
    pyodide.runPython("import random; random.seed()");  // not the snapshot's sequence
    return pyodide;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Import the game's modules, then keep a snapshot of the interpreter (Cache Storage). */
async function snapshot(pyodide, key, version, game) {
  pyodide.globals.set("PLAYED", game);
  pyodide.runPython("import importlib\nfrom rulesbook.lessons.play import GAMES\nimportlib.import_module(GAMES[PLAYED])\ndel PLAYED");
  const bytes = pyodide.makeMemorySnapshot();
  const zip = await digest(pyodide.FS.readFile(`/lib/python${pyodide.runPython("import sys; '%d%d' % sys.version_info[:2]")}.zip`));
  const headers = { "content-type": "application/octet-stream", "x-pyodide": version, "x-zip": zip };
  await (await caches.open(SNAPSHOTS)).put(key, new Response(bytes, { headers }));
}

async function boot({ pyodide: folder, game }) {
  const started = performance.now();
  if (!/^[a-z]+$/.test(game || "")) throw new Error(`no game to play: ${game}`);
  // One zip is the whole of this interpreter's Python, loaded as its standard library (in parallel
  // with the interpreter itself): the library's modules the engine imports and the engine for this
  // game (tools/play_stdlib.mjs). No wheel, no package to unpack, nothing else from the lock.
  const stdLibURL = `${folder}play_python_${game}.zip`;
  const key = `${folder}play_python_${game}.snapshot`;  // a name in Cache Storage, never fetched
  const found = lookup(key);  // while pyodide.mjs loads
  const zip = found.then((kept) => kept && fetch(stdLibURL).then((response) => response.arrayBuffer()))
    .then((bytes) => bytes && new Uint8Array(bytes)).catch(() => null);
  const { loadPyodide, version } = await import(`${folder}pyodide.mjs`);
  const options = { indexURL: folder, stdLibURL, stdout: quiet, stderr: quiet, packages: [] };
  let pyodide = await restore(loadPyodide, version, options, await found, zip).catch(() => null);
  const restored = Boolean(pyodide);
  if (!pyodide) {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(self.caches) });
    if (self.caches) keep = () => snapshot(pyodide, key, version, game).catch(quiet);
  }
  server = pyodide.pyimport("rulesbook.lessons.play").PlayServer();
  if (asked) tellLoaded();
  return { seconds: (performance.now() - started) / 1000, snapshot: restored };
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "boot") {
    booting = booting || boot(message);
    try {
      const { seconds, snapshot: restored } = await booting;
      self.postMessage({ type: "ready", id: message.id, seconds, snapshot: restored });
    } catch (error) {
      self.postMessage({ type: "failed", id: message.id, text: String((error && error.message) || error) });
    }
    return;
  }
  if (!server) {
    self.postMessage({ type: "error", id: message.id, words: "notLoaded" });  // the page says it, in its language
    return;
  }
  const started = performance.now();
  let reply;
  try {
    reply = JSON.parse(server.handle(JSON.stringify(message)));
  } catch (error) {
    // Not one of the engine's refusals (those are answers): a fault. The reader is told in a
    // sentence; its traceback is for whoever looks into it, in the console, never on the page.
    console.error("rulesbook play: the engine failed on a message of type", message.type, error);
    reply = { type: "error", words: "engineFailed" };
  }
  reply.id = message.id;
  reply.ms = performance.now() - started;
  self.postMessage(reply);
  if (keep && reply.type === "started") {  // the first game is on the page: now the snapshot
    const take = keep;
    keep = null;
    setTimeout(take, 0);
  }
};
