// The Play page's engine: Pyodide in a Web Worker (a module worker), with the project's wheel and
// nothing else (no Jupyter, no widgets). It answers the page's messages with
// rulesbook.lessons.play.PlayServer, the same referee the chapters' boards use: no rule and no
// click is worked out here. Messages are JSON text both ways; {id} pairs an answer with its question.
//
//   {type: "boot", pyodide: URL of the site's Pyodide folder (pyodide.mjs, its lock, rulesbook's wheel,
//     play_stdlib.zip: the standard library's modules the engine imports, tools/play_stdlib.mjs)}
//     -> {type: "ready", seconds}   or {type: "failed", text}
//   any message of PlayServer (new, resume, expand, hint, record) -> its answer, with {id, ms}
//
// Served as a file of the site (_static/rulesbook/play_worker.js), not bundled: it is loaded by
// `new Worker(url, {type: "module"})` and imports Pyodide from the site's own copy (lite/static/pyodide/).

let server = null;
let booting = null;

async function boot({ pyodide: folder }) {
  const started = performance.now();
  const { loadPyodide } = await import(`${folder}pyodide.mjs`);
  const quiet = () => {};
  // The part of the standard library the engine imports (tools/play_stdlib.mjs): 2 MB, not 7.
  const stdLibURL = `${folder}play_stdlib.zip`;
  const pyodide = await loadPyodide({ indexURL: folder, stdLibURL, stdout: quiet, stderr: quiet, packages: [] });
  // The wheel by its file, not by its name: the lock's entry also lists the widget wheels, which
  // a Play page does not need (rulesbook.lessons uses the standard library only).
  const lock = await (await fetch(`${folder}pyodide-lock.json`)).json();
  const wheel = `${folder}${lock.packages.rulesbook.file_name}`;
  await pyodide.loadPackage(wheel, { messageCallback: quiet, errorCallback: quiet, checkIntegrity: false });
  server = pyodide.pyimport("rulesbook.lessons.play").PlayServer();
  return (performance.now() - started) / 1000;
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "boot") {
    booting = booting || boot(message);
    try {
      const seconds = await booting;
      self.postMessage({ type: "ready", id: message.id, seconds });
    } catch (error) {
      self.postMessage({ type: "failed", id: message.id, text: String((error && error.message) || error) });
    }
    return;
  }
  if (!server) {
    self.postMessage({ type: "error", id: message.id, text: "The engine is not loaded yet." });
    return;
  }
  const started = performance.now();
  let reply;
  try {
    reply = JSON.parse(server.handle(JSON.stringify(message)));
  } catch (error) {
    reply = { type: "error", text: `The engine failed: ${String((error && error.message) || error).slice(-400)}` };
  }
  reply.id = message.id;
  reply.ms = performance.now() - started;
  self.postMessage(reply);
};
