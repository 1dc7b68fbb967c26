"""Where the boards' JavaScript and CSS live, and how they are put together.

The wheel carries them as rulesbook/widgets/static/ (pyproject's force-include); an editable
install reads the same files from the repository's top-level widgets/ folder:

    board.js, board.css          the shell every board shares (no game in it)
    pictures/<game>.js, .css     one picture per game, registered with definePicture("<game>", ...)
    static_page.js, site.css     what only the static site needs: boards with no kernel, print, skip link

A notebook widget gets one module: the shell and its game's picture (`board_module`). The static
site gets one module and one stylesheet for every board of every game (`site_module`, `site_style`).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "static"
_CHECKOUT = Path(__file__).resolve().parents[3] / "widgets"


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


def _joined(names: list[str]) -> str:
    return "\n".join(f"/* --- {name} --- */\n{asset_text(name)}" for name in names)


def board_module(picture: str) -> str:
    """The ES module of one game's board in a notebook: the shell, the picture, `render`."""
    return _joined(["board.js", f"pictures/{picture}.js"]) + "\nexport default { render };\n"


def board_style(picture: str) -> str:
    return _joined(["board.css", f"pictures/{picture}.css"])


def site_module() -> str:
    """The one module of the static site: the shell, every picture and the page runtime."""
    return _joined(["board.js", *(f"pictures/{name}.js" for name in pictures()), "static_page.js"])


def site_style() -> str:
    """The one stylesheet of the static site, loaded on every page."""
    return _joined(["board.css", *(f"pictures/{name}.css" for name in pictures()), "site.css"])
