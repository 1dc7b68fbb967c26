"""Sphinx extension: the theme's scripts off the first paint, so a page's text shows before them.

Sphinx and the theme's extensions put their scripts in the page's head as plain `<script src>`
tags, and a browser stops drawing the page until each has arrived and run (on a phone's slow link
the largest part of the wait before the first text). None of them draws the page: they add
buttons, highlighting and toggles once it is there. So every such script is deferred: it still
runs, in the same order, once the page is parsed. Two stay as they are: Sphinx's
`documentation_options.js`, which the page's own inline scripts read at once (its text is put in
the page at the build's end, so that the browser need not ask for it first), and any inline script.
The search page keeps its scripts as they are: its search scripts, which only it loads, call
`doctools.js` as they load.

A browser also waits for every stylesheet of the head before it draws, one request each: on a
phone's link each costs a round trip, and every byte of them comes before the first text. So a
page's stylesheets (the theme's two, which its template links, and the seven or eight small files
Sphinx and the extensions add) reach it as one file, their texts in the same order (the same
cascade), with each `url()` pointing where it pointed from its own file, and each cut to the rules
that can match something on the site (tools/light_styles.py: the theme's 397 KB are mostly
Bootstrap rules no page uses; our own stylesheets, under `_static/rulesbook/`, are kept whole),
its icon fonts cut to the icons it can draw (tools/light_fonts.py).
Which rules can match is known only once every page is written, so the bundles are made at the
build's end: `_static/rulesbook/styles/<checksum of its text>.css`, named by its content, so that a
browser never keeps a stale copy; and every page of the site (those Sphinx did not write again
too) is pointed at its bundle's name then. A page's link says which bundle it takes
(`data-light-bundle`, the checksum of its members' names); the members of each are kept with the
doctrees. `_templates/layout.html` leaves the theme's own links out when this extension joins them,
and leaves out what a page does not need at all (issue 22).
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from light_fonts import light_fonts
from light_styles import Names, light_css

#: Scripts the page's inline code reads while the head is parsed: never deferred (and the page
#: holds their text at the build's end, so that the browser need not ask for them first).
READ_AT_ONCE = ("documentation_options.js",)
INLINED = re.compile(r'<script src="[^"]*?\b_static/(documentation_options\.js)(?:\?v=\w+)?"></script>')


def _deferred(script: Any) -> Any:
    attributes = dict(script.attributes)
    name = str(script.filename or "")
    if (not name or "body" in attributes or name.endswith(READ_AT_ONCE)
            or {"defer", "async"} & set(attributes) or attributes.get("type") == "module"):
        return script
    return type(script)(script.filename, priority=script.priority, **attributes, defer="defer")


def defer_scripts(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    scripts = context.get("script_files")
    if isinstance(scripts, list) and pagename != "search":
        scripts[:] = [_deferred(script) for script in scripts]


#: Where the bundles go; where each bundle's list of members is kept between builds.
BUNDLES = "_static/rulesbook/styles"
KEYS = "light_pages"
#: The theme's own stylesheets, linked by its template (pydata-sphinx-theme's webpack-macros.html).
THEME_STYLES = ("_static/styles/theme.css", "_static/styles/pydata-sphinx-theme.css")
#: Our own stylesheets: kept whole (their rules are few, and our scripts put their names together).
WHOLE = "_static/rulesbook/"
CHARSET = re.compile(r"""^\ufeff?\s*@charset\s+["'][^"']*["']\s*;""")
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
IMPORT = re.compile(r"""^\s*(?:/\*.*?\*/\s*)*@import\s+(?:url\(\s*)?(['"])([^'"]+)\1\s*\)?\s*;""", re.S)
LINK = re.compile(r'<link\b[^>]*\bdata-light-bundle="(\w+)"[^>]*>')
NAMED = re.compile(r"^[0-9a-f]{16}\.css$")


def _bundled(style: Any) -> bool:
    """A plain stylesheet of the site itself (no media, title or other attribute to keep)."""
    name = os.fspath(style.filename)
    return ("://" not in name and not name.startswith("/") and name.endswith(".css")
            and style.attributes == {"rel": "stylesheet", "type": "text/css"})


def _moved(url: str, member: str) -> str:
    """A url() of `member` as the bundle must say it (the bundle sits elsewhere)."""
    if url.startswith(("data:", "#", "/")) or "://" in url:
        return url
    return posixpath.relpath(posixpath.normpath(posixpath.join(posixpath.dirname(member), url)), BUNDLES)


def _member_text(outdir: Path, member: str) -> str | None:
    """A member's text as the bundle holds it (url()s moved, a leading `@import` of a file of the
    site replaced by that file's text); None while a file is not written yet."""
    path = outdir / member
    if not path.is_file():
        return None
    text = CHARSET.sub("", path.read_text(encoding="utf-8"), count=1)  # the bundle says it once
    text = SOURCE_MAP.sub("", text)  # a map's path is its own file's, not the bundle's
    imported = []
    while (found := IMPORT.match(text)) and "://" not in found.group(2) and not found.group(2).startswith("/"):
        imported.append(_member_text(outdir, posixpath.normpath(posixpath.join(posixpath.dirname(member), found.group(2)))))
        text = text[found.end():]
    if any(part is None for part in imported):
        return None
    text = CSS_URL.sub(lambda found: f'url("{_moved(found.group(2), member)}")', text)
    return "\n".join([str(part) for part in imported] + [text])


def bundle_text(outdir: Path, members: list[str], names: Names | None = None,
                cut: dict[str, str] | None = None) -> str | None:
    """The members' texts in order, each but ours cut to the rules that may match one of `names`
    (all kept without `names`; `cut` keeps each member's cut text for the next bundle); None if
    one is not written yet."""
    texts = [_member_text(outdir, member) for member in members]
    if any(text is None for text in texts):
        return None
    if names is not None:
        cut = {} if cut is None else cut
        for member, text in zip(members, texts):
            if member not in cut:
                cut[member] = str(text) if member.startswith(WHOLE) else light_css(str(text), names)
        texts = [cut[member] for member in members]
    return '@charset "UTF-8";\n' + "".join(f"/* {member} */\n{str(text).strip()}\n" for member, text in zip(members, texts))


def _bundles_well(outdir: Path, members: list[str]) -> bool:
    """No member imports another but at its start, or names its own charset twice: those cannot be
    joined as they are."""
    texts = [_member_text(outdir, member) or "" for member in members]
    return not any("@import" in text or "@charset" in text for text in texts)


def _write(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _theme_styles(app: Any) -> list[str]:
    """The theme's own stylesheets, when the theme is pydata-sphinx-theme's or one built on it."""
    theme = getattr(app.builder, "theme", None)
    dirs = theme.get_theme_dirs() if theme is not None else []
    if any((Path(folder) / "static" / "styles" / "pydata-sphinx-theme.css").is_file() for folder in dirs):
        return list(THEME_STYLES)
    return []


def bundle_styles(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    styles = context.get("css_files")
    if not isinstance(styles, list) or not styles or not all(_bundled(style) for style in styles):
        return
    theme = _theme_styles(app)
    members = theme + [os.fspath(style.filename) for style in styles]
    if not _bundles_well(Path(app.outdir), members):
        return
    key = hashlib.sha256(chr(10).join(members).encode()).hexdigest()[:16]
    _write(Path(app.doctreedir) / KEYS / f"{key}.json", json.dumps(members, indent=1))
    context["light_pages_theme_styles"] = bool(theme)  # the template leaves the theme's links out
    # The address is the bundle's name once the build ends (see `point_pages`).
    styles[:] = [type(styles[0])(f"{BUNDLES}/{key}.css", priority=styles[0].priority, **{"data-light-bundle": key})]


def _pages(outdir: Path) -> dict[Path, str]:
    """Every page of the site that takes a bundle, and its text."""
    pages = {}
    for folder, subfolders, files in os.walk(outdir):
        if Path(folder) == outdir:
            subfolders[:] = [name for name in subfolders if name not in ("lite", "_static", "_sources", "_images")]
        for name in files:
            if name.endswith(".html"):
                text = (Path(folder) / name).read_text(encoding="utf-8")
                if "data-light-bundle=" in text:
                    pages[Path(folder) / name] = text
    return pages


def site_names(outdir: Path, pages: dict[Path, str]) -> Names:
    """What the site's elements are called: from every page and every script a page loads."""
    names, scripts = Names(), set()
    for path, text in pages.items():
        for source in names.read_page(text):
            address = urlsplit(source)
            if not address.scheme and not address.netloc and address.path:
                scripts.add((path.parent / unquote(address.path)).resolve())
    for script in sorted(scripts):
        if script.is_file():
            names.read_script(script.read_text(encoding="utf-8", errors="replace"))
    return names.settled()


def _pointed(text: str, path: Path, outdir: Path, files: dict[str, str], inlined: dict[str, str]) -> str:
    """The page's bundle link pointed at its bundle's name, and the scripts it reads at once in it."""
    def pointed(found: re.Match[str]) -> str:
        key = found.group(1)
        if key not in files:
            raise RuntimeError(f"light_pages: {path.relative_to(outdir)} takes the bundle {key}, whose members are "
                               f"not known (build the site afresh)")
        href = posixpath.relpath(f"{BUNDLES}/{files[key]}", path.parent.relative_to(outdir).as_posix())
        return re.sub(r'\bhref="[^"]*"', f'href="{href}"', found.group(0))
    text = INLINED.sub(lambda found: f"<script>{inlined[found.group(1)]}</script>" if found.group(1) in inlined
                       else found.group(0), text)
    return LINK.sub(pointed, text)


def point_pages(app: Any, exception: Exception | None) -> None:
    """Every bundle made from its members as they are now, named by its text, and every page that
    takes it pointed at it; the bundles and lists no page takes any more are removed."""
    if exception is not None or not hasattr(app.builder, "get_target_uri"):
        return
    outdir, keys = Path(app.outdir), Path(app.doctreedir) / KEYS
    pages = _pages(outdir)
    taken = {key for text in pages.values() for key in LINK.findall(text)}
    names = site_names(outdir, pages)
    files, fonts, members_cut = {}, set(), {}
    for key in sorted(taken):
        if not (keys / f"{key}.json").is_file():
            continue
        members = json.loads((keys / f"{key}.json").read_text(encoding="utf-8"))
        text = bundle_text(outdir, members, names, members_cut)
        if text is None:
            missing = [member for member in members if not (outdir / member).is_file()]
            raise RuntimeError(f"light_pages: the stylesheet bundle {key} lacks {missing}")
        text, cut = light_fonts(text, outdir, BUNDLES)
        fonts |= cut
        files[key] = f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.css"
        _write(outdir / BUNDLES / files[key], text)
    inlined = {name: (outdir / "_static" / name).read_text(encoding="utf-8").strip() for name in READ_AT_ONCE
               if (outdir / "_static" / name).is_file()}
    inlined = {name: script for name, script in inlined.items() if "</" not in script and "<!--" not in script}
    for path, text in pages.items():
        pointed = _pointed(text, path, outdir, files, inlined)
        if pointed != text:
            path.write_text(pointed, encoding="utf-8")
    for old in (outdir / BUNDLES).glob("*") if (outdir / BUNDLES).is_dir() else ():
        if old.name not in files.values() and old.name not in fonts:
            old.unlink()  # an earlier bundle or font (or list of the old way)
    for old in keys.glob("*.json") if keys.is_dir() else ():
        if old.stem not in taken:
            old.unlink()


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", defer_scripts, priority=900)  # after the extensions add theirs
    app.connect("html-page-context", bundle_styles, priority=900)
    app.connect("build-finished", point_pages, priority=900)  # after the theme writes its pygments.css
    # env_version: a new number makes Sphinx write every page again (raise it when this file changes)
    return {"env_version": 5, "parallel_read_safe": True, "parallel_write_safe": True}
