// Byte-compile wheels and Pyodide's standard library with Pyodide's own Python, for the live site.
//
// Usage: node tools/lite_pyc.mjs PYODIDE_DIR IN_DIR OUT_DIR NAME...
// Each IN_DIR/NAME (a wheel, or python_stdlib.zip) is written to OUT_DIR/NAME with, beside every
// module's source, its bytecode for this very interpreter (Python 3.14 in the browser), as an
// unchecked hash-based .pyc: the browser then runs the bytecode instead of compiling every module
// at each kernel start (most of the start's time), and tracebacks still show the sources. Wheels
// get theirs in __pycache__ (listed in RECORD); the standard library, read by zipimport, beside the
// source as NAME.pyc. Run by tools/lite.py; only this interpreter can write its bytecode.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inDir, outDir, ...names] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
const { FS } = pyodide;
for (const [dir, mount] of [[inDir, "/in"], [outDir, "/out"]]) {
  FS.mkdirTree(mount);
  FS.mount(FS.filesystems.NODEFS, { root: path.resolve(dir) }, mount);
}
pyodide.runPython(`
import base64, hashlib, importlib.util, posixpath, sys, warnings, zipfile
import importlib._bootstrap_external as external

TAG = sys.implementation.cache_tag
STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
SITE = "/lib/python%d.%d/site-packages" % sys.version_info[:2]


def bytecode(source, filename):
    with warnings.catch_warnings():  # a wheel's own SyntaxWarning: nothing the build can mend
        warnings.simplefilter("ignore", SyntaxWarning)
        code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_archive(name):
    stdlib = not name.endswith(".whl")
    added, record = [], None
    with zipfile.ZipFile(f"/in/{name}") as source, zipfile.ZipFile(f"/out/{name}", "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info)
            if not stdlib and info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            out.writestr(info, data)
            top = info.filename.split("/", 1)[0]
            if not info.filename.endswith(".py") or top.endswith((".data", ".dist-info")):
                continue
            runtime = posixpath.join(STDLIB if stdlib else SITE, info.filename)
            try:
                compiled = bytecode(data, runtime)
            except SyntaxError:  # a file that is never imported (a template, an old test)
                continue
            folder, file = posixpath.split(info.filename)
            target = info.filename + "c" if stdlib else posixpath.join(folder, "__pycache__", f"{file[:-3]}.{TAG}.pyc")
            entry = zipfile.ZipInfo(target, info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, compiled)
            added.append(record_line(target, compiled))
        if record is not None:
            info, data = record
            lines = data.decode().rstrip("\\n").split("\\n")
            out.writestr(info, "\\n".join(lines[:-1] + added + lines[-1:]) + "\\n")
    return len(added)
`);
const compileArchive = pyodide.globals.get("compile_archive");
let modules = 0;
for (const name of names) modules += compileArchive(name);
console.log(`lite: compiled ${modules} modules in ${names.length} archives for Python ${pyodide.runPython("sys.version.split()[0]")}`);
