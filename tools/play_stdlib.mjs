// The Play pages' Python: a zip per game that Pyodide loads as its standard library (loadPyodide's
// stdLibURL), holding the part of Pyodide's python_stdlib.zip a Play page's engine imports and the
// engine itself (rulesbook's core and lessons, and that one game's rules and lessons), as bytecode.
// A Play page loads its game's zip in parallel with the interpreter, and nothing else: no wheel, no
// package to unpack, no widgets, no other game.
//
// Usage: node tools/play_stdlib.mjs PYODIDE_DIR WHEEL OUT_DIR
// PYODIDE_DIR is the site's Pyodide folder (tools/lite.py's, with the byte-compiled library), WHEEL
// the project's wheel; OUT_DIR gets play_python_<game>.zip for each game. Under Node, in Pyodide's
// own interpreter:
// 1. rulesbook's packages of ENGINE are compiled from the wheel's sources to bytecode (an unchecked
//    hash-based .pyc beside where each source would be, as zipimport reads them), with their data
//    files; importable from a zip, as on the page;
// 2. each game of rulesbook.lessons.play.GAMES is played through the Play server as a page does (a
//    new game, hints and moves to the end or for a while, the record, a resume, refusals, a Python
//    error's traceback), and every module of the standard library that was imported goes in, with
//    the packages that hold them, compiled from their sources as python -OO does (no docstrings:
//    the engine's own modules keep theirs, and their asserts);
// 3. for each game, a second interpreter boots with its zip as its only library and plays that
//    game again: a module the page needs and the zip lacks fails the build here, not on a reader's
//    page.
// A traceback on a Play page names the file and line, without the line's text.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, outDir] = process.argv.slice(2);
const quiet = () => {};
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

function mount(pyodide, dir, where) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, where);
}

const PLAY = `
import json, sys, traceback

from rulesbook.lessons.play import GAMES, PlayServer

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
        text, action = session.game.hint(session.graph.state(node), session.setup.get("hint_bot", ""), str)
        session.follow(action, history)
        ask(server, type="expand", game=name, node=history[-1][0], history=[entry[0] for entry in history[:-1]])
    record = ask(server, type="record", game=name, history=[entry[0] for entry in history])
    assert record["type"] == "record", record
    assert ask(server, type="resume", game=name, record=record["record"], setup={})["type"] == "started"
    assert ask(server, type="new", game=name, setup={"seed": ""})["type"] == "error"
    assert ask(server, type="no such message")["type"] == "error"
    server.handle("{not json")


for name in PLAYED:
    play(name)
traceback.format_exception(ValueError("a Play page's error, as the worker reports one"))
`;

// 1 and 2: the engine from the wheel, played under the whole library; the zip written.
const pyodide = await loadPyodide({ indexURL, stdout: quiet });
mount(pyodide, path.dirname(path.resolve(wheel)), "/wheel");
mount(pyodide, path.resolve(outDir), "/out");
pyodide.globals.set("WHEEL", `/wheel/${path.basename(wheel)}`);
pyodide.runPython(`
import importlib.util, sys, zipfile
import importlib._bootstrap_external as external

STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
ENGINE = ("rulesbook/__init__.py", "rulesbook/core/", "rulesbook/hudai/", "rulesbook/inferno/",
          "rulesbook/madness/", "rulesbook/lessons/")


def engine(wheel):
    """{name in the zip: bytes}: ENGINE's modules as bytecode (named as the page will hold them,
    inside the library's zip), and their data files; no source, no __pycache__, no .po."""
    files = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if not name.startswith(ENGINE) or "/__pycache__/" in name or name.endswith(("/", ".po")):
                continue  # a .po is the translator's source: the library reads the .mo
            data = archive.read(name)
            if name.endswith(".py"):
                code = compile(data, f"{STDLIB}/{name}", "exec", dont_inherit=True)
                data = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
            files[name] = data
    return files


def lean(library, name, names):
    """A library module's bytecode as python -OO compiles it (no docstring, no assert: a sixth
    smaller), from its source beside it; Pyodide's own packages as they are (their docstrings
    document the JavaScript side)."""
    source = name[:-1]
    if name.startswith(KEEP_DOCS) or source not in names:
        return library.read(name)
    data = library.read(source)
    code = compile(data, f"{STDLIB}/{source}", "exec", dont_inherit=True, optimize=2)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))


KEEP_DOCS = ("_pyodide/", "pyodide/")
ENGINE_FILES = engine(WHEEL)
with zipfile.ZipFile("/tmp/engine.zip", "w") as out:
    for name, data in sorted(ENGINE_FILES.items()):
        out.writestr(name, data)
sys.path.insert(0, "/tmp/engine.zip")
from rulesbook.lessons.play import GAMES
PLAYED = list(GAMES)
`);
pyodide.runPython(PLAY);
const said = pyodide.runPython(`
imported = sorted(name for name, module in sys.modules.items()
                  if name.startswith("rulesbook") and not (getattr(module, "__file__", "") or "").startswith("/tmp/engine.zip/"))
assert not imported, f"the Play server imports rulesbook modules from outside the engine's zip: {imported}"
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
    library_files = {name: lean(library, name, names) for name in sorted(wanted & names)}
    for game in GAMES:  # the engine without the other games' rules and lessons
        others = tuple(f"rulesbook/{part}{other}/" for other in GAMES if other != game for part in ("", "lessons/"))
        with zipfile.ZipFile(f"/out/play_python_{game}.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name, data in library_files.items():
                out.writestr(library.getinfo(name), data, compresslevel=9)
            for name, data in sorted(ENGINE_FILES.items()):
                if name.startswith(others):
                    continue
                info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, data, compresslevel=9)
(f"{len(wanted & names)} of the library's {sum(name.endswith('.pyc') for name in names)} modules, "
 f"{sum(name.endswith('.pyc') for name in ENGINE_FILES)} of rulesbook's, in a zip per game")
`);

// 3: each zip alone, as its Play page boots (widgets/play_worker.js), playing its game.
for (const game of pyodide.globals.get("PLAYED").toJs()) {
  const alone = await loadPyodide({ indexURL, stdLibURL: path.resolve(outDir, `play_python_${game}.zip`), stdout: quiet, packages: [] });
  alone.globals.set("PLAYED", [game]);
  alone.runPython(PLAY);
  alone.runPython(`
import sys
STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
outside = sorted(name for name, module in sys.modules.items()
                 if (getattr(module, "__file__", None) or STDLIB + "/").split(".zip/")[0] + ".zip" != STDLIB)
assert not outside, f"imported from outside the Play zip: {outside}"
`);
}
console.log(`lite: the Play pages' Python: ${said}`);
