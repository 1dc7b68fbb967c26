"""Lessons as plain data (rulesbook.lessons): no Jupyter. (Each game's lessons are tested in tests/lessons.)"""

from __future__ import annotations

import json
import subprocess
import sys


def test_lessons_import_no_jupyter():
    code = "import sys, rulesbook.lessons; print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'traitlets', 'IPython')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
