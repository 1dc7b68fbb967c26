"""Where the boards' JavaScript and CSS live, and how one script is built from them.

The wheel carries them as rulesbook/widgets/static/ (pyproject's force-include); an editable
install reads the same files from the repository's top-level widgets/ folder:

    board.js, board.css          the shell every board shares (no game in it); it exports
                                 `boardRender(pictures)` and the drawing helpers `svg`, `html`, `fill`
    seal.js                      how the shell opens an exercise's sealed answers (rulesbook.lessons.data seals them)
    words.json                   every sentence the shell itself says (rulesbook.widgets.board reads it too)
    pictures/<game>.js, .css     one picture per game: imports the helpers from ../board.js and
                                 `export default`s the picture ({label, draw, actorsAt, placeName})
    static_page.js, site.css     what only the static site needs: boards with no kernel, print, skip link
    page_model.js                the model a board has in a page with no kernel (the static site's, the Play page's)
    progress.js                  the reader's progress on the static site: kept, shown by part, exported

The JavaScript files are ES modules. `bundle` joins a module and everything it imports into one
script, with no tool but this one: a notebook widget gets `board_module(game)` (an ES module whose
default export is the anywidget `{ render }`: the shell and that game's picture), the static site
`site_module()` (one classic script: the shell, every picture and the page runtime). Each module
is kept in its own function scope, in the order of its imports, and its imports become plain
constants. The bundler understands exactly the forms the sources use and refuses any other with
a `BundleError` naming the file and line:

    import { a, b as c } from "./file.js";          named imports of a relative .js file
    import name from "./file.js";                    its default export
    import name from "./file.json" with { type: "json" };
    export function name(...) / export class Name / export const name = ...
    export default <expression>;
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "static"
_CHECKOUT = Path(__file__).resolve().parents[3] / "widgets"

_NAMED_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}/[^"]+\.js)";[ \t]*$', re.M)
_DEFAULT_IMPORT = re.compile(r'^import\s+([A-Za-z_$][\w$]*)\s+from\s+"(\.{1,2}/[^"]+\.js)";[ \t]*$', re.M)
_JSON_IMPORT = re.compile(
    r'^import\s+([A-Za-z_$][\w$]*)\s+from\s+"(\.{1,2}/[^"]+\.json)"\s+with\s*\{\s*type:\s*"json"\s*\};[ \t]*$', re.M)
_EXPORT_DECLARATION = re.compile(r"^export\s+(?:function\s*\*?|class|const)\s+([A-Za-z_$][\w$]*)", re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\s+(?!function\b|class\b)", re.M)
#: Whatever is left that still looks like a module statement is a form the bundler does not know.
_UNKNOWN = re.compile(r"^[ \t]*(?:import|export)\b.*$|\bimport\s*\(|\bimport\.meta\b", re.M)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


class BundleError(ValueError):
    """A widget module the bundler cannot join: an unknown import or export form, a missing
    file, a name imported that the module does not export, or modules that import each other."""


def asset_path(name: str) -> Path:
    """The file `name` (e.g. "board.js", "pictures/inferno.js"), from the wheel or else the checkout."""
    for folder in (_PACKAGED, _CHECKOUT):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"the widget file {name} is in neither {_PACKAGED} nor {_CHECKOUT}")


def asset_text(name: str) -> str:
    return asset_path(name).read_text(encoding="utf-8")


def pictures() -> list[str]:
    """The games that have a picture, in name order."""
    folder = asset_path("board.js").parent / "pictures"
    return sorted(path.stem for path in folder.glob("*.js"))


@dataclass
class _Module:
    """One source module: its text with the imports turned into constants, what it imports
    ({module: names}, "default" for a default import) and what it exports."""

    name: str
    body: str
    imports: dict[str, list[str]] = field(default_factory=dict)
    exports: list[str] = field(default_factory=list)


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _variable(name: str) -> str:
    """The constant that holds a bundled module's exports: "pictures/inferno.js" -> $pictures_inferno."""
    return "$" + re.sub(r"\W", "_", name.rsplit(".", 1)[0])


def _imported_names(names: str, where: str) -> list[tuple[str, str]]:
    """`a, b as c` as (exported name, local name) pairs."""
    pairs = []
    for part in filter(None, (piece.strip() for piece in names.split(","))):
        words = part.split()
        if len(words) == 1 and _NAME.fullmatch(words[0]):
            pairs.append((words[0], words[0]))
        elif len(words) == 3 and words[1] == "as" and _NAME.fullmatch(words[0]) and _NAME.fullmatch(words[2]):
            pairs.append((words[0], words[2]))
        else:
            raise BundleError(f"{where}: cannot read the imported name {part!r}")
    return pairs


def _without_imports(module: _Module, text: str, read: dict[str, str]) -> str:
    """The text with each import statement replaced by constants; `module.imports` filled in."""
    folder = posixpath.dirname(module.name)

    def source(match: re.Match[str]) -> str:
        return posixpath.normpath(posixpath.join(folder, match.group(2)))

    def named(match: re.Match[str]) -> str:
        pairs = _imported_names(match.group(1), f"{module.name}:{_line(text, match.start())}")
        module.imports.setdefault(source(match), []).extend(name for name, _ in pairs)
        pattern = ", ".join(name if name == local else f"{name}: {local}" for name, local in pairs)
        return f"const {{ {pattern} }} = {_variable(source(match))};"

    def default(match: re.Match[str]) -> str:
        module.imports.setdefault(source(match), []).append("default")
        return f"const {match.group(1)} = {_variable(source(match))}.default;"

    def data(match: re.Match[str]) -> str:
        needed = source(match)
        try:
            value = json.loads(read[needed] if needed in read else asset_text(needed))
        except (OSError, ValueError) as error:
            raise BundleError(f"{module.name}:{_line(text, match.start())}: cannot read {needed} as JSON ({error})") from None
        return f"const {match.group(1)} = {json.dumps(value, ensure_ascii=False, separators=(',', ':'))};"

    return _JSON_IMPORT.sub(data, _DEFAULT_IMPORT.sub(default, _NAMED_IMPORT.sub(named, text)))


def _parse(name: str, text: str, read: dict[str, str], *, keep_exports: bool = False) -> _Module:
    """The module `name` ready to join: imports as constants, and (unless `keep_exports`, for the
    entry of an ES module) its export keywords taken off, `export default` as `const $default`."""
    module = _Module(name, text)
    body = _without_imports(module, text, read)
    module.exports = _EXPORT_DECLARATION.findall(body)
    stripped = _EXPORT_DECLARATION.sub(lambda match: match.group(0).split(None, 1)[1], body)
    if _EXPORT_DEFAULT.search(stripped):
        module.exports.append("default")
        stripped = _EXPORT_DEFAULT.sub("const $default = ", stripped)
    unknown = _UNKNOWN.search(stripped)
    if unknown:
        line = stripped[: unknown.start()].count("\n") + 1
        raise BundleError(f"{name}:{line}: the bundler does not know this module form: {unknown.group(0).strip()!r} "
                          "(see rulesbook.widgets.assets for the forms it joins)")
    module.body = body if keep_exports else stripped
    return module


def _ordered(entry: str, read: dict[str, str], keep_exports: bool) -> list[_Module]:
    """The entry and every module it needs, each after the modules it imports."""
    done: dict[str, _Module] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            raise BundleError(f"the modules import each other: {' -> '.join([*visiting[visiting.index(name):], name])}")
        try:
            text = read[name] if name in read else asset_text(name)
        except FileNotFoundError:
            raise BundleError(f"{visiting[-1] if visiting else 'the bundle'} imports {name}, which is not there") from None
        visiting.append(name)
        module = _parse(name, text, read, keep_exports=keep_exports and name == entry)
        for needed, names in module.imports.items():
            visit(needed)
            missing = [wanted for wanted in names if wanted not in done[needed].exports]
            if missing:
                raise BundleError(f"{name} imports {', '.join(missing)} from {needed}, which does not export it")
        visiting.pop()
        done[name] = module

    visit(entry)
    return list(done.values())


def bundle(entry: str, *, classic: bool = False, sources: dict[str, str] | None = None) -> str:
    """One script of the module `entry` (a path under widgets/) and everything it imports.

    `classic`: a plain script (the static site), in which the entry may export nothing;
    otherwise an ES module that keeps the entry's own exports. `sources` gives the text of
    modules by name instead of reading their files (the entries built below).
    """
    modules = _ordered(entry, sources or {}, keep_exports=not classic)
    parts = []
    for module in modules[:-1]:
        exported = ", ".join("default: $default" if name == "default" else name for name in module.exports)
        parts.append(f"/* --- {module.name} --- */\nconst {_variable(module.name)} = (() => {{\n{module.body.strip()}\n"
                     f"return {{ {exported} }};\n}})();\n")
    last = modules[-1]
    parts.append(f"/* --- {entry} --- */\n{last.body.strip()}\n")
    if not classic:
        return "".join(parts)
    if last.exports:
        raise BundleError(f"{entry} exports {', '.join(last.exports)}, but a classic script can export nothing")
    return '(() => {\n"use strict";\n' + "".join(parts) + "})();\n"


def _pictures_entry(games: list[str], last: str) -> str:
    lines = [f'import {game} from "./pictures/{game}.js";' for game in games]
    return "\n".join([*lines, last]) + "\n"


def board_module(picture: str) -> str:
    """The ES module of one game's board in a notebook: the shell and that picture, its default
    export the anywidget `{ render }`."""
    entry = _pictures_entry([picture], f'import {{ boardRender }} from "./board.js";\n\n'
                                       f"const render = boardRender({{ {picture} }});\nexport default {{ render }};")
    return bundle(f"{picture}.board.js", sources={f"{picture}.board.js": entry})


def site_module() -> str:
    """The one script of the static site: the shell, every picture and the page runtime."""
    games = pictures()
    entry = _pictures_entry(games, f'import {{ startPage }} from "./static_page.js";\n\nstartPage({{ {", ".join(games)} }});')
    return bundle("site.js", classic=True, sources={"site.js": entry})


def _joined(names: list[str]) -> str:
    return "\n".join(f"/* --- {name} --- */\n{asset_text(name)}" for name in names)


def board_style(picture: str) -> str:
    return _joined(["board.css", f"pictures/{picture}.css"])


def site_style() -> str:
    """The one stylesheet of the static site, loaded on every page."""
    return _joined(["board.css", *(f"pictures/{name}.css" for name in pictures()), "site.css"])
