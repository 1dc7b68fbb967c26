"""Where the boards' JavaScript and CSS live: in the wheel, or in the checkout's widgets/ folder.

The wheel carries them as rulesbook/widgets/static/ (pyproject's force-include); an editable
install reads the same files from the repository's top-level widgets/ folder.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "static"
_CHECKOUT = Path(__file__).resolve().parents[3] / "widgets"


def asset_path(name: str) -> Path:
    """The file `name` (e.g. "inferno_board.js"), from the wheel or else the checkout."""
    for folder in (_PACKAGED, _CHECKOUT):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"the widget file {name} is in neither {_PACKAGED} nor {_CHECKOUT}")


def asset_text(name: str) -> str:
    return asset_path(name).read_text(encoding="utf-8")
