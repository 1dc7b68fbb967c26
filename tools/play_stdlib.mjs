// The Play pages' standard library: the part of Pyodide's python_stdlib.zip a Play page's engine
// imports, and nothing more (a Play page loads it instead of the whole 7 MB library).
//
// Usage: node tools/play_stdlib.mjs PYODIDE_DIR WHEEL OUT_ZIP
// PYODIDE_DIR is the site's Pyodide folder (tools/lite.py's, with the byte-compiled library), WHEEL
// the project's wheel. Under Node, in Pyodide's own interpreter, this plays each game of
// rulesbook.lessons.play.GAMES through the Play server as a page does (a new game, hints and
// moves to the end or for a while, the record, a resume, refusals, a Python error's traceback),
// then writes every module of the standard library that was imported, with the packages that
// hold them, as their bytecode only (the .pyc that tools/lite_pyc.mjs put beside each source): a
// traceback on a Play page names the file and line, without the line's text.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, outZip] = process.argv.slice(2);
const quiet = () => {};
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, stdout: quiet });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: quiet, checkIntegrity: false });
const { FS } = pyodide;
FS.mkdirTree("/out");
FS.mount(FS.filesystems.NODEFS, { root: path.dirname(path.resolve(outZip)) }, "/out");
pyodide.globals.set("OUT", `/out/${path.basename(outZip)}`);
const said = pyodide.runPython(`
import json, sys, traceback, zipfile

from rulesbook.lessons.play import GAMES, PlayServer

STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
MOVES = 400


def ask(server, **message):
    return json.loads(server.handle(json.dumps(message)))


def play(name):
    server = PlayServer()
    started = ask(server, type="new", game=name, setup={"seed": 1})
    assert started["type"] == "started", started
    session = server.session
    history = [list(entry) for entry in started["history"]]
    for _ in range(MOVES):
        node = history[-1][0]
        if session.game.over(session.graph.state(node)) is not None:
            break
        hint = ask(server, type="hint", game=name, node=node)
        if hint["click"] is None:
            break
        text, action = session.game.hint(session.graph.state(node), session.setup.get("hint_bot", ""))
        session.follow(action, history)
        ask(server, type="expand", game=name, node=history[-1][0], history=[entry[0] for entry in history[:-1]])
    record = ask(server, type="record", game=name, history=[entry[0] for entry in history])
    assert record["type"] == "record", record
    assert ask(server, type="resume", game=name, record=record["record"], setup={})["type"] == "started"
    assert ask(server, type="new", game=name, setup={"seed": ""})["type"] == "error"
    assert ask(server, type="no such message")["type"] == "error"
    server.handle("{not json")


for name in GAMES:
    play(name)
traceback.format_exception(ValueError("a Play page's error, as the worker reports one"))

with zipfile.ZipFile(STDLIB) as library:
    names = set(library.namelist())
    wanted = set()
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None) or ""
        if not where.startswith(STDLIB + "/"):
            continue
        inside = where[len(STDLIB) + 1:]
        compiled = inside if inside.endswith(".pyc") else inside + "c"
        parts = compiled.split("/")
        for depth in range(1, len(parts)):  # the packages that hold it
            wanted.add("/".join(parts[:depth]) + "/__init__.pyc")
        wanted.add(compiled)
    missing = sorted(name for name in wanted if name not in names and not name.endswith("__init__.pyc"))
    assert not missing, f"no bytecode in the library for {missing}"
    with zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(wanted & names):
            out.writestr(library.getinfo(name), library.read(name))
f"{len(wanted & names)} of the library's {sum(name.endswith('.pyc') for name in names)} modules"
`);
console.log(`lite: the Play pages' standard library: ${said}`);
