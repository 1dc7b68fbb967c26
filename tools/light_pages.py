"""Sphinx extension: the theme's scripts off the first paint, so a page's text shows before them.

Sphinx and the theme's extensions put their scripts in the page's head as plain `<script src>`
tags, and a browser stops drawing the page until each has arrived and run (on a phone's slow link
the largest part of the wait before the first text). None of them draws the page: they add
buttons, highlighting and toggles once it is there. So every such script is deferred: it still
runs, in the same order, once the page is parsed. Two stay as they are: Sphinx's
`documentation_options.js`, which the page's own inline scripts read at once, and any inline script.
The search page keeps its scripts as they are: its search scripts, which only it loads, call
`doctools.js` as they load.
`_templates/layout.html` leaves out what a page does not need at all (issue 22).
"""

from __future__ import annotations

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


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", defer_scripts, priority=900)  # after the extensions add theirs
    # env_version: a new number makes Sphinx write every page again (raise it when this file changes)
    return {"env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
