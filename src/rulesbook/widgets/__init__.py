"""The interactive boards: anywidget classes, the only part of rulesbook that imports Jupyter.

`InfernoBoard` draws a Mountain of Inferno lesson. See `rulesbook.widgets.inferno`.
"""

from rulesbook.widgets.assets import asset_path, asset_text
from rulesbook.widgets.inferno import InfernoBoard

__all__ = ["InfernoBoard", "asset_path", "asset_text"]
