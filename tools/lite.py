"""Build the site's live part: JupyterLite with every chapter, Python (Pyodide) and the widgets, offline.

Usage: .venv-lite/bin/python tools/lite.py [--out DIR]   build into DIR (default _build/html/lite); `make book` runs it
       .venv-lite/bin/python tools/lite.py pin           rewrite lite/wheels.txt (after changing a pinned version)

Every input is pinned, and fetched only from the package registries, at build time:
- Pyodide itself (interpreter, standard library, its lock) from npm: lite/package.json and its lock,
  at the version jupyterlite-pyodide-kernel expects (checked here);
- the pure-Python wheels the browser loads, from PyPI with their sha256 (lite/wheels.txt): the 16
  the kernel needs at start, at the versions of Pyodide's lock, and the widget wheels (anywidget,
  ipywidgets, comm, psygnal; jupyterlab_widgets for the front end), at the versions of the build env;
- the project's own wheel, built from this checkout (pip and hatchling, offline);
- jupyterlite-core and jupyterlite-pyodide-kernel (pyproject's `lite` extra), which make the app.

Pyodide's lock is rewritten to list exactly what the site ships (with the sha256 of the files
shipped: PyPI's wheels differ byte-wise from Pyodide's repacks), plus the widget wheels and
rulesbook, so that `import rulesbook` in a cell loads the library and the widgets on demand, as
Pyodide loads its own packages; the kernel's own packages are prefetched while Pyodide starts.
Nothing else is listed, so a package the site does not ship fails to import at once, with no
request to an outside server. Every wheel and the standard library carry their bytecode, compiled
at build time by Pyodide's own Python (tools/lite_pyc.mjs), so the browser need not compile them.
A Play page (book/play/) loads no wheel and not the whole library: one zip, its game's
play_python_<game>.zip, that Pyodide loads as its standard library, holds the part of it the
engine imports (found by playing each game under Node: tools/play_stdlib.mjs) and the engine's own
packages as bytecode (rulesbook's core and lessons and that game's: no other game, no widgets, no
static files).
Downloads and compiled wheels are kept in _build/lite/; the app is built again only when one of
its inputs changed (and then afresh: JupyterLite's incremental build can keep a stale config).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
sys.path.insert(0, str(LITE))
from run_live import is_live  # noqa: E402  (the chapters that are not live: lite/run_live.py, NOT_LIVE)

from rulesbook.lessons.play import GAMES  # noqa: E402  (the Play pages' games: a zip each)
from rulesbook.widgets.site import reader_copy  # noqa: E402  (the live copy of a chapter)

PINS = LITE / "wheels.txt"
NPM_PYODIDE = LITE / "node_modules" / "pyodide"
WORK = ROOT / "_build" / "lite"
WHEELS = WORK / "wheels"  # the PyPI downloads, kept between builds
OWN = WORK / "own"  # the project's wheel
SITE_DIR = WORK / "site"  # JupyterLite's lite_dir: its config, static/pyodide
CONTENTS = WORK / "files"  # the chapters as the live site shows them
OUT = ROOT / "_build" / "html" / "lite"
PYC = WORK / "pyc"  # byte-compiled copies, by the sha256 of what they were compiled from
PLAY = WORK / "play"  # the Play pages' standard library, by the sha256 of what it was made from
#: The Play pages' Python, beside Pyodide's whole library (widgets/play_worker.js loads it as its
#: standard library): the part of the library the engine imports, and the engine.

#: What Pyodide loads from its lock for the kernel (jupyterlite-pyodide-kernel's worker).
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
#: The widget wheels the browser loads (with anywidget's and ipywidgets' own requirements).
WIDGET_WHEELS = ("anywidget", "ipywidgets", "comm", "psygnal", "typing-extensions")
#: Wheels used only to build the front end (their JupyterLab extensions), not loaded by Python.
FRONT_END_WHEELS = ("jupyterlab-widgets",)
#: The kernel's own packages, shipped by jupyterlite-pyodide-kernel; listed in the lock so that
#: Pyodide fetches them in parallel while it starts (otherwise the kernel installs them one by one).
KERNEL_SHIMS = ("piplite", "ipykernel", "pyodide-kernel")
PREFETCH = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: The Pyodide core files the kernel uses (pyodide.mjs in a module worker).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The notebook interface; its file browser (tree) comes along for "File > Open".
APPS = ("notebooks", "tree")
#: The interface a "Run live" link opens (lite/run_live.py links here).
APP_PAGE = "notebooks/index.html"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


# --- the pins ------------------------------------------------------------------------------------
def read_pins() -> dict[str, tuple[str, str]]:
    """lite/wheels.txt as {canonical name: (version, sha256)}."""
    pins = {}
    for line in PINS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        found = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not found:
            raise SystemExit(f"lite/wheels.txt: cannot read {line!r} (NAME==VERSION --hash=sha256:HEX)")
        pins[canonical(found[1])] = (found[2], found[3])
    return pins


def pyodide_lock() -> dict:
    path = NPM_PYODIDE / "pyodide-lock.json"
    if not path.is_file():
        raise SystemExit("lite: Pyodide is not installed: run `npm ci` in lite/ (make book does)")
    return json.loads(path.read_text(encoding="utf-8"))


def lock_packages(lock: dict) -> dict[str, dict]:
    return {canonical(name): entry for name, entry in lock["packages"].items()}


def closure(packages: dict[str, dict], roots: tuple[str, ...]) -> list[str]:
    """The roots and everything they depend on in Pyodide's lock, by canonical name."""
    seen: list[str] = []
    todo = [canonical(root) for root in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return sorted(seen)


def check_versions() -> None:
    """Pyodide from npm must be the one the kernel expects; the kernel wheels the lock's versions."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    installed = json.loads((NPM_PYODIDE / "package.json").read_text())["version"]
    if installed != PYODIDE_VERSION:
        raise SystemExit(f"lite: Pyodide {installed} in lite/node_modules, but jupyterlite-pyodide-kernel "
                         f"expects {PYODIDE_VERSION}: pin that in lite/package.json, then `tools/lite.py pin`")
    pins = read_pins()
    packages = lock_packages(pyodide_lock())
    for name in closure(packages, KERNEL_ROOTS):
        version = packages[name]["version"]
        if pins.get(name, ("",))[0] != version:
            raise SystemExit(f"lite: Pyodide's lock has {name} {version}, lite/wheels.txt "
                             f"{pins.get(name, ('nothing',))[0]}: run `python tools/lite.py pin`")


def pin() -> int:
    """Write lite/wheels.txt: the kernel wheels (and any other that Pyodide's lock lists) at the
    lock's versions, the widget wheels at the versions installed here (so the front end and the
    browser's Python match), with the sha256 of PyPI's files."""
    from importlib.metadata import version

    packages = lock_packages(pyodide_lock())
    wanted = {name: packages[name]["version"] for name in closure(packages, KERNEL_ROOTS)}
    for name in (*WIDGET_WHEELS, *FRONT_END_WHEELS):
        wanted.setdefault(name, packages[name]["version"] if name in packages else version(name))
    scratch = WORK / "pin"
    shutil.rmtree(scratch, ignore_errors=True)
    download([f"{name}=={ver}" for name, ver in sorted(wanted.items())], scratch)
    lines = [
        "# The pure-Python wheels the live site ships, from PyPI (written by `python tools/lite.py pin`).",
        "# The kernel's come at the versions of Pyodide's lock (lite/package.json pins Pyodide); the",
        "# widgets' at the versions the book is built with. sha256: of PyPI's files.",
    ]
    for name, ver in sorted(wanted.items()):
        (wheel,) = scratch.glob(f"{name.replace('-', '_')}-{ver}-*.whl") or scratch.glob(f"{name}-{ver}-*.whl")
        lines.append(f"{name}=={ver} --hash=sha256:{sha256(wheel)}")
    PINS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log(f"pinned {len(wanted)} wheels in {PINS.relative_to(ROOT)}")
    return 0


# --- the wheels ----------------------------------------------------------------------------------
def download(requirements: list[str], dest: Path, hashes: bool = False) -> None:
    """Pure-Python wheels from PyPI with pip (py3-none-any only: what Pyodide can load)."""
    dest.mkdir(parents=True, exist_ok=True)
    listing = dest / "requirements.txt"
    listing.write_text("\n".join(requirements) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--only-binary", ":all:", "--platform", "any", "--implementation", "py",
               "--abi", "none", "--python-version", "3.14", "-d", str(dest), "-r", str(listing)]
    if hashes:
        command.append("--require-hashes")
    subprocess.run(command, check=True)
    listing.unlink()


def pinned_wheels() -> dict[str, Path]:
    """Every pinned wheel, downloaded once into _build/lite/wheels and checked against its sha256."""
    pins = read_pins()

    def cached() -> dict[str, Path]:
        by_digest = {sha256(wheel): wheel for wheel in WHEELS.glob("*.whl")}
        return {name: by_digest[digest] for name, (_, digest) in pins.items() if digest in by_digest}

    found = cached()
    missing = [f"{name}=={version} --hash=sha256:{digest}" for name, (version, digest) in pins.items() if name not in found]
    if missing:
        log(f"downloading {len(missing)} wheels from PyPI")
        download(missing, WHEELS, hashes=True)
        found = cached()
    for name, (version, digest) in pins.items():
        if name not in found:
            raise SystemExit(f"lite: {name}=={version} did not download with sha256 {digest}")
    return found


def own_wheel() -> Path:
    """The project's wheel, built from this checkout (hatchling, from the `lite` extra)."""
    shutil.rmtree(OWN, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
                    "--no-deps", "--no-build-isolation", "-w", str(OWN), str(ROOT)], check=True)
    (wheel,) = OWN.glob("rulesbook-*.whl")
    return wheel


def kernel_shims() -> dict[str, Path]:
    """piplite, ipykernel (a shim) and pyodide-kernel, as jupyterlite-pyodide-kernel ships them."""
    pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = {}
    for name in KERNEL_SHIMS:
        wheels = sorted(pypi.glob(f"{name.replace('-', '_')}-*.whl"))
        if not wheels:
            raise SystemExit(f"lite: no {name} wheel in {pypi}: install the `lite` extra")
        found[name] = wheels[-1]
    return found


def wheel_entry(wheel: Path, shipped: set[str]) -> dict:
    """A Pyodide lock entry for a pure-Python wheel: what it imports, what it needs of `shipped`."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        meta = Parser().parsestr(archive.read(metadata).decode("utf-8"))
    tops = set()
    for name in names:
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        tops.add(top[:-3] if "/" not in name and top.endswith(".py") else top)
    depends = []
    for requirement in meta.get_all("Requires-Dist") or []:
        if ";" in requirement:  # extras and markers: not needed in the browser
            continue
        dep = canonical(re.match(r"[A-Za-z0-9._-]+", requirement)[0])
        if dep in shipped:
            depends.append(dep)
    return {
        "name": canonical(meta["Name"]),
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": sorted(t for t in tops if t.isidentifier()),
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def byte_compile(files: list[Path]) -> dict[Path, Path]:
    """Each file's copy with bytecode for the browser's Python (tools/lite_pyc.mjs, which runs
    Pyodide's own interpreter under Node); made once per content, then kept in _build/lite/pyc."""
    result = {file: PYC / sha256(file)[:20] / file.name for file in files}
    todo = {file: out for file, out in result.items() if not out.is_file()}
    if todo:
        staging, compiled = PYC / "in", PYC / "out"
        for folder in (staging, compiled):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        for file in todo:
            shutil.copy2(file, staging / file.name)
        node = shutil.which("node")
        if node is None:
            raise SystemExit("lite: node is needed (it runs Pyodide to byte-compile the wheels)")
        subprocess.run([node, str(ROOT / "tools" / "lite_pyc.mjs"), str(NPM_PYODIDE), str(staging), str(compiled),
                        *(file.name for file in todo)], check=True)
        for file, out in todo.items():
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(compiled / file.name, out)
        shutil.rmtree(staging)
        shutil.rmtree(compiled)
    for folder in PYC.iterdir():  # copies of files no longer shipped (an older rulesbook wheel)
        if folder not in {out.parent for out in result.values()}:
            shutil.rmtree(folder)
    return result


# --- the deployment ------------------------------------------------------------------------------
def assemble_pyodide(kernel: dict[str, Path], widgets: dict[str, Path], own: Path) -> list[str]:
    """static/pyodide/ of the lite_dir: Pyodide's core, every wheel shipped, the rewritten lock."""
    lock = pyodide_lock()
    packages = lock_packages(lock)
    target = SITE_DIR / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    shipped_from_lock = closure(packages, KERNEL_ROOTS + ("typing-extensions",))
    extra = {**{name: widgets[name] for name in WIDGET_WHEELS if name not in packages}, **kernel, "rulesbook": own}
    from_lock = {}
    for name in shipped_from_lock:
        wheel = widgets[name] if name in widgets else kernel.get(name)
        if wheel is None:
            raise SystemExit(f"lite: no wheel for {name} (the kernel needs it): add it to lite/wheels.txt")
        if wheel.name != packages[name]["file_name"]:
            raise SystemExit(f"lite: Pyodide's lock names {packages[name]['file_name']}, PyPI gave {wheel.name}")
        from_lock[name] = wheel
    stdlib = NPM_PYODIDE / "python_stdlib.zip"
    compiled = byte_compile([stdlib, *from_lock.values(), *extra.values()])
    for name in PYODIDE_CORE:
        shutil.copy2(compiled.get(NPM_PYODIDE / name, NPM_PYODIDE / name), target / name)
    shipped = set(shipped_from_lock) | set(extra)
    new_packages = {}
    for name, wheel in from_lock.items():
        entry = dict(packages[name])
        entry["sha256"] = sha256(compiled[wheel])
        new_packages[name] = entry  # keyed by canonical name, as Pyodide's lock is
        shutil.copy2(compiled[wheel], target / wheel.name)
    for name, wheel in extra.items():
        entry = wheel_entry(compiled[wheel], shipped)
        if name == "rulesbook":  # the widgets extra comes along: chapters import rulesbook.widgets
            entry["depends"] = sorted({*entry["depends"], "anywidget"})
        new_packages[name] = entry
        shutil.copy2(compiled[wheel], target / wheel.name)
    lock["packages"] = dict(sorted(new_packages.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    made = play_zips(target, target / own.name)
    for game in GAMES:  # a zip for each Play page
        shutil.copy2(made / f"play_python_{game}.zip", target / f"play_python_{game}.zip")
    for file in target.iterdir():  # what Pyodide wrote under Node is writable by anyone (0o666)
        file.chmod(0o644)
    return sorted(new_packages)


def play_zips(pyodide: Path, own: Path) -> Path:
    """The Play pages' Python (tools/play_stdlib.mjs), a zip per game: the library's modules their
    engine imports and the engine's packages from the wheel; made once per library, wheel and
    script, kept in _build/lite/play; the folder that holds them."""
    script = ROOT / "tools" / "play_stdlib.mjs"
    digest = hashlib.sha256()
    for path in (pyodide / "python_stdlib.zip", own, script):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    out = PLAY / digest.hexdigest()[:20]
    if not out.is_dir():
        shutil.rmtree(PLAY, ignore_errors=True)
        partial = out.with_suffix(".partial")
        partial.mkdir(parents=True)
        node = shutil.which("node")
        if node is None:
            raise SystemExit("lite: node is needed (it runs Pyodide to find what the Play pages import)")
        subprocess.run([node, str(script), str(pyodide), str(own), str(partial)], check=True)
        partial.rename(out)
    return out


#: The books whose chapters the live site holds: the English one at its root, the zh-TW one in its
#: zh-TW/ folder (as the site holds their pages; lite/run_live.py links each page to its copy).
BOOKS = ("", "zh-TW")


def write_contents() -> list[str]:
    """The live chapters of the tables of contents (`is_live`), as a reader's copy (without the
    cells the page leaves out: rulesbook.widgets.site.reader_copy), without outputs, on the
    Pyodide kernel ("python")."""
    names = []
    for book in BOOKS:
        toc = (ROOT / book / "_toc.yml").read_text(encoding="utf-8")
        names += [f"{book}/{name}".lstrip("/") for name in re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", toc, re.M)]
    shutil.rmtree(CONTENTS, ignore_errors=True)
    written = []
    for name in names:
        source = ROOT / f"{name}.ipynb"
        if not source.is_file() or not is_live(name):
            continue
        notebook = reader_copy(json.loads(source.read_text(encoding="utf-8")))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = []
                cell["execution_count"] = None
        notebook["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        dest = CONTENTS / f"{name}.ipynb"
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(f"{name}.ipynb")
    return written


def write_config(widgets: dict[str, Path]) -> None:
    """jupyter-lite.json (what the page reads) and jupyter_lite_config.json (what the build reads)."""
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(PREFETCH)},
    }
    page = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "rulesbook live",
            # No JupyterLab app is shipped: the site's root opens the file browser.
            "appUrl": "./tree",
            "faviconUrl": "./notebooks/favicon.ico",
            "defaultKernelName": "python",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        },
    }
    extensions = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    build = {
        "LiteBuildConfig": {
            "apps": list(APPS),
            "contents": [str(CONTENTS)],
            "output_dir": str(OUT),
            "cache_dir": str(WORK / "cache"),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            # Only these front ends, whatever else is installed here: the kernel's, and the widget
            # managers from the very wheels whose Python the browser runs.
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [
                str(extensions),
                str(widgets["jupyterlab-widgets"]),
                str(widgets["anywidget"]),
            ],
        },
    }
    (SITE_DIR / "jupyter-lite.json").write_text(json.dumps(page, indent=1), encoding="utf-8")
    (SITE_DIR / "jupyter_lite_config.json").write_text(json.dumps(build, indent=1), encoding="utf-8")


def build(out: Path) -> int:
    global OUT
    OUT = out.resolve()
    started = time.perf_counter()
    check_versions()
    widgets = pinned_wheels()
    own = own_wheel()
    SITE_DIR.mkdir(parents=True, exist_ok=True)
    packages = assemble_pyodide(kernel_shims(), widgets, own)
    chapters = write_contents()
    write_config(widgets)
    stamp = inputs_stamp(widgets)
    stamp_file = WORK / "built-inputs.sha256"
    if (OUT / APP_PAGE).is_file() and stamp_file.is_file() and stamp_file.read_text() == f"{OUT}\n{stamp}":
        log(f"{OUT.relative_to(ROOT)} is up to date ({len(chapters)} chapters, {len(packages)} Python packages)")
        return 0
    log(f"{len(chapters)} chapters, {len(packages)} Python packages; running jupyter lite build")
    # Always from scratch: doit's incremental build can keep an old jupyter-lite.json.
    stamp_file.unlink(missing_ok=True)
    shutil.rmtree(OUT, ignore_errors=True)
    for database in SITE_DIR.glob(".jupyterlite.doit.db*"):
        database.unlink()
    done = subprocess.run([str(Path(sys.executable).with_name("jupyter")), "lite", "build", "--log-level=WARN"],
                          cwd=SITE_DIR, capture_output=True, text=True)
    if done.returncode != 0:  # its task list is long: shown only when it fails
        print(done.stdout[-5000:], done.stderr[-5000:], sep="\n", file=sys.stderr)
        raise SystemExit(f"lite: jupyter lite build failed ({done.returncode})")
    declare_icons()
    check_output(chapters, packages)
    stamp_file.write_text(f"{OUT}\n{stamp}")
    size = sum(path.stat().st_size for path in OUT.rglob("*") if path.is_file())
    log(f"built {OUT.relative_to(ROOT)} ({size / 2**20:.1f} MiB) in {time.perf_counter() - started:.0f} s")
    return 0


def inputs_stamp(widgets: dict[str, Path]) -> str:
    """A digest of everything the app is built from: this script, the lite_dir (config, Pyodide,
    the wheels), the chapters, the front-end extensions and the versions of the builders."""
    from importlib.metadata import version

    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(f"{version('jupyterlite-core')} {version('jupyterlite-pyodide-kernel')}".encode())
    extension = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    files = [*SITE_DIR.rglob("*"), *CONTENTS.rglob("*"), *extension.rglob("*"),
             widgets["anywidget"], widgets["jupyterlab-widgets"]]
    for path in sorted(files):
        if path.is_file() and ".jupyterlite.doit" not in path.name:
            digest.update(str(path).encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def declare_icons() -> None:
    """Give each page of the app an icon link, as the book's pages have: otherwise the browser asks
    the server for /favicon.ico, which the site does not have (a 404 in the console)."""
    for page in OUT.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if 'rel="icon"' in html:
            continue
        icon = Path(*[".."] * (len(page.relative_to(OUT).parts) - 1), "static", "favicons", "favicon.ico")
        if "<head>" not in html or not (OUT / "static" / "favicons" / "favicon.ico").is_file():
            raise SystemExit(f"lite: cannot give {page.relative_to(OUT)} its icon")
        page.write_text(html.replace("<head>", f'<head>\n    <link rel="icon" href="{icon.as_posix()}">', 1), encoding="utf-8")


def check_output(chapters: list[str], packages: list[str]) -> None:
    """What a reader needs is there, and the page is told never to ask PyPI."""
    missing = [name for name in chapters if not (OUT / "files" / name).is_file()]
    missing += [APP_PAGE] if not (OUT / APP_PAGE).is_file() else []
    config = json.loads((OUT / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./static/pyodide/") or not kernel.get("disablePyPIFallback"):
        raise SystemExit(f"lite: the kernel settings are not self-hosted: {kernel}")
    lock = json.loads((OUT / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    missing += [entry["file_name"] for entry in lock["packages"].values()
                if not (OUT / "static" / "pyodide" / entry["file_name"]).is_file()]
    if missing:
        raise SystemExit(f"lite: the build lacks {missing}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=("build", "pin"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    return pin() if args.command == "pin" else build(args.out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
