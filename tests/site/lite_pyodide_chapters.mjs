// Run every chapter of the live site in Pyodide (under Node), as its JupyterLite kernel would.
//
// Usage: node lite_pyodide_chapters.mjs LITE_DIR CHAPTERS_DIR NOTEBOOK...   (paths relative to CHAPTERS_DIR)
// Loads the site's own Pyodide and lock (LITE_DIR/static/pyodide), then runs each notebook's code
// cells in order in an IPython shell, loading packages from each cell's imports first (as the
// kernel does), and prints one JSON line: {"python": ..., "chapters": {name: {cells, errors, seconds}}}.
// A cell that fails is reported and the chapter goes on, so every failure of a chapter is seen.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [liteDir, chaptersDir, ...notebooks] = process.argv.slice(2);
const pyodideDir = path.resolve(liteDir, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

const quiet = () => {};
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: quiet, stderr: quiet });
const loaded = [];
const load = async (code) => {
  await pyodide.loadPackagesFromImports(code, { messageCallback: (m) => loaded.push(m), errorCallback: (m) => loaded.push(m) });
};
await load("import IPython");
pyodide.runPython(`
import sys, time, traceback
from traitlets.config import Config
from IPython.core.interactiveshell import InteractiveShell

config = Config()
config.HistoryManager.enabled = False  # no sqlite history in the browser either
shell = InteractiveShell.instance(config=config)

def run_cell(code):
    result = shell.run_cell(code, store_history=False, silent=False)
    error = result.error_before_exec or result.error_in_exec
    if error is None:
        return None
    return "".join(traceback.format_exception_only(type(error), error)).strip()
`);
const runCell = pyodide.globals.get("run_cell");
const report = { python: pyodide.runPython("sys.version.split()[0]"), chapters: {} };
for (const name of notebooks) {
  const notebook = JSON.parse(readFileSync(path.join(chaptersDir, name), "utf-8"));
  pyodide.runPython("shell.reset(new_session=False)");
  const started = performance.now();
  const errors = [];
  let cells = 0;
  for (const cell of notebook.cells) {
    if (cell.cell_type !== "code") continue;
    const code = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    cells += 1;
    await load(code);
    const error = runCell(code);
    if (error) errors.push({ cell: cells, error: error.split("\n").slice(-1)[0] });
  }
  report.chapters[name] = { cells, errors, seconds: (performance.now() - started) / 1000 };
}
console.log(JSON.stringify(report));
