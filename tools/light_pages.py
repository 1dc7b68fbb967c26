"""Sphinx extension: the theme's scripts off the first paint, so a page's text shows before them.

Sphinx and the theme's extensions put their scripts in the page's head as plain `<script src>`
tags, and a browser stops drawing the page until each has arrived and run (on a phone's slow link
the largest part of the wait before the first text). None of them draws the page: they add
buttons, highlighting and toggles once it is there. So every such script is deferred: it still
runs, in the same order, once the page is parsed. Two stay as they are: Sphinx's
`documentation_options.js`, which the page's own inline scripts read at once, and any inline script.
The search page keeps its scripts as they are: its search scripts, which only it loads, call
`doctools.js` as they load.

A browser also waits for every stylesheet of the head before it draws, one request each: on a
phone's link each costs a round trip. So the stylesheets Sphinx and the extensions add (seven or
eight small files) reach a page as one file, their texts in the same order (the same cascade),
with each `url()` pointing where it pointed from its own file: `_static/rulesbook/styles/<name>.css`,
named by its members. Every bundle is written again at the end of each build from the files as
they are then (a page Sphinx did not write again keeps its bundle's name; the bundle stays true).
The theme's own two stylesheets are in its template, apart.
`_templates/layout.html` leaves out what a page does not need at all (issue 22).
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
from pathlib import Path
from typing import Any

#: Scripts the page's inline code reads while the head is parsed: never deferred.
READ_AT_ONCE = ("documentation_options.js",)


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


#: Where the bundles go, and the list of each one's members (kept between builds).
BUNDLES = "_static/rulesbook/styles"
MANIFEST = f"{BUNDLES}/bundles.json"
CHARSET = re.compile(r"""^\ufeff?\s*@charset\s+["'][^"']*["']\s*;""")
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


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
    """A member's text as the bundle holds it (url()s moved); None while the file is not written yet."""
    path = outdir / member
    if not path.is_file():
        return None
    text = CHARSET.sub("", path.read_text(encoding="utf-8"), count=1)  # the bundle says it once
    text = SOURCE_MAP.sub("", text)  # a map's path is its own file's, not the bundle's
    return CSS_URL.sub(lambda found: f'url("{_moved(found.group(2), member)}")', text)


def bundle_text(outdir: Path, members: list[str]) -> str | None:
    """The members' texts in order; None if one is not written yet (some extensions write theirs
    at the end of the build)."""
    texts = [_member_text(outdir, member) for member in members]
    if any(text is None for text in texts):
        return None
    return '@charset "UTF-8";\n' + "".join(f"/* {member} */\n{str(text).strip()}\n" for member, text in zip(members, texts))


def _bundles_well(outdir: Path, members: list[str]) -> bool:
    """No member imports another or names its own charset twice: those cannot be joined as they are."""
    texts = [_member_text(outdir, member) or "" for member in members]
    return not any("@import" in text or "@charset" in text for text in texts)


def _write(outdir: Path, name: str, text: str) -> None:
    path = outdir / name
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _manifest(app: Any) -> dict[str, list[str]]:
    if not hasattr(app, "rulesbook_bundles"):
        path = Path(app.outdir) / MANIFEST
        app.rulesbook_bundles = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return app.rulesbook_bundles


def _used(app: Any) -> set[str]:
    """The bundles the pages written by this build link."""
    if not hasattr(app, "rulesbook_bundles_used"):
        app.rulesbook_bundles_used = set()
    return app.rulesbook_bundles_used


def bundle_styles(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    styles = context.get("css_files")
    if not isinstance(styles, list) or len(styles) < 2 or not all(_bundled(style) for style in styles):
        return
    members = [os.fspath(style.filename) for style in styles]
    name = f"{BUNDLES}/{hashlib.sha256(chr(10).join(members).encode()).hexdigest()[:16]}.css"
    if not _bundles_well(Path(app.outdir), members):
        return
    text = bundle_text(Path(app.outdir), members)
    if text is not None:  # before the page is drawn: its link's ?v= is this text's checksum
        _write(Path(app.outdir), name, text)
    _manifest(app)[name] = members
    _used(app).add(name)
    styles[:] = [type(styles[0])(name, priority=styles[0].priority)]


def refresh_bundles(app: Any, exception: Exception | None) -> None:
    """Every bundle written from its members as they are now, and the list kept for the next build."""
    if exception is not None or not hasattr(app.builder, "get_target_uri"):
        return
    outdir = Path(app.outdir)
    bundles = _manifest(app)
    for name, members in list(bundles.items()):
        text = bundle_text(outdir, members)
        if text is not None:
            _write(outdir, name, text)
        elif name in _used(app):
            missing = [member for member in members if not (outdir / member).is_file()]
            raise RuntimeError(f"light_pages: the stylesheet bundle {name} lacks {missing}")
        else:  # a bundle of an earlier build whose stylesheets are gone: no page of this build needs it
            del bundles[name]
    _write(outdir, MANIFEST, json.dumps(bundles, indent=1, sort_keys=True))


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", defer_scripts, priority=900)  # after the extensions add theirs
    app.connect("html-page-context", bundle_styles, priority=900)
    app.connect("build-finished", refresh_bundles, priority=900)  # after the theme writes its pygments.css
    # env_version: a new number makes Sphinx write every page again (raise it when this file changes)
    return {"env_version": 4, "parallel_read_safe": True, "parallel_write_safe": True}
