"""Sphinx extension: the theme's notes to its own developers kept off the reader's console.

pydata-sphinx-theme, sphinx-book-theme and sphinx-togglebutton log what they do as every page
loads ("[PST]: Changed to auto mode using the light theme.", "[togglebutton]: Adding toggle
buttons to 0 items") and when a button is pressed. A reader who opens the browser's console
should find it empty unless something is wrong, and the site's browser tests fail on any message
at all, so that none of ours can hide among theirs.

So at the build's end every script Sphinx copied into `_static` from the theme and the extensions,
and every page's inline script (the theme's search page has one that logs), has its
`console.log`, `console.info` and `console.debug` calls turned into `void(...)`: their
arguments are still worked out (nothing else a script does changes), only not printed. Their
errors and warnings stay: those say that something is wrong. The text keeps its length (the
call's name padded with spaces), so the scripts' source maps still point where they did. Our own
scripts (`_static/rulesbook/`) say nothing on the console in the first place, and the widget
runtime (`_static/widget-runtime/`, the npm packages' bundle) is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: A call of one of the console's chatty methods, not a method of something else (`x.console`);
#: a call with no arguments, or with spread ones, apart (`void()` and `void(...a)` do not parse).
CHATTY_CALL = re.compile(r"(?<![\w$.])console\.(?:log|info|debug)\((?!\s*\.\.\.)(\s*\))?")
#: Scripts not copied from the theme and the extensions: ours, and the npm packages' bundle.
NOT_THEIRS = ("rulesbook", "widget-runtime")
#: A page's inline script (not a widget's state or other data in a script element).
INLINE_SCRIPT = re.compile(r'(<script(?: type="text/javascript")?>)(.*?)(</script>)', re.S)


def _void(found: re.Match[str]) -> str:
    call = found.group(0)
    if found.group(1) is not None:  # no arguments: void(0)
        return "void(0" + " " * (len(call) - 7) + ")"
    return "void(" + " " * (len(call) - 5)


def quiet(script: str) -> str:
    """The script with its console chatter not printed, every other byte where it was.

    >>> quiet('a(),console.log(`[PST]: ${e}`),console.error(e)')
    'a(),void(       `[PST]: ${e}`),console.error(e)'
    >>> quiet("console.debug()")
    'void(0        )'
    """
    return CHATTY_CALL.sub(_void, script)


def theirs(static: Path) -> list[Path]:
    """The scripts in a built site's `_static` that came from the theme and the extensions."""
    return sorted(path for path in static.rglob("*.js")
                  if path.relative_to(static).parts[0] not in NOT_THEIRS)


def quiet_page(page: str) -> str:
    """The page with its inline scripts quiet (its text, and any script of data, as they were)."""
    return INLINE_SCRIPT.sub(lambda found: found.group(1) + quiet(found.group(2)) + found.group(3), page)


def _rewrite(path: Path, quieted: Callable[[str], str]) -> None:
    text = path.read_text(encoding="utf-8", errors="surrogateescape")  # any bytes, kept as they are
    quiet_text = quieted(text)
    if quiet_text != text:
        path.write_text(quiet_text, encoding="utf-8", errors="surrogateescape")


def quiet_scripts(app: Any, exception: Exception | None) -> None:
    outdir = Path(app.outdir)
    if exception is not None or not hasattr(app.builder, "get_outfilename") or not (outdir / "_static").is_dir():
        return
    for path in theirs(outdir / "_static"):
        _rewrite(path, quiet)
    for name in sorted(app.env.found_docs | {"search", "genindex"}):  # the pages this build wrote
        path = Path(app.builder.get_outfilename(name))
        if path.is_file():
            _rewrite(path, quiet_page)


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", quiet_scripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
