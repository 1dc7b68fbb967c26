"""Copy the Jupyter widget manager from widgets/node_modules into a folder Sphinx copies.

Board pages do not need it (rulesbook.widgets.site gives them the boards' own small runtime); a
page that shows other Jupyter widgets does. Usage: python widgets/copy_to_site.py DEST.
DEST/widget-runtime/ gets require.js, amd-config.js, embed-amd.js with its font files, and
anywidget.js, at the versions pinned in widgets/package.json and its lock file (checked here,
with axe-core, which the site tests inject into each page); `_config.yml` puts DEST in
html_static_path.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES = HERE / "node_modules"
PINNED = {"@jupyter-widgets/html-manager": "1.0.15", "anywidget": "0.11.0", "requirejs": "2.3.8", "axe-core": "4.14.1"}


def installed_version(name: str) -> str:
    return json.loads((MODULES / name / "package.json").read_text())["version"]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for name, version in PINNED.items():
        found = installed_version(name)
        if found != version:
            print(f"{name} is {found} in widgets/node_modules, expected {version}: run npm ci in widgets/", file=sys.stderr)
            return 1
    dest = Path(argv[0]) / "widget-runtime"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    manager = MODULES / "@jupyter-widgets/html-manager/dist"
    shutil.copy2(MODULES / "requirejs/require.js", dest / "require.js")
    shutil.copy2(HERE / "amd-config.js", dest / "amd-config.js")
    shutil.copy2(manager / "embed-amd.js", dest / "embed-amd.js")
    for font in manager.iterdir():
        if font.suffix in {".woff", ".woff2", ".ttf", ".eot", ".svg"}:
            shutil.copy2(font, dest / font.name)
    shutil.copy2(MODULES / "anywidget/dist/index.js", dest / "anywidget.js")
    print(f"widget runtime copied to {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
