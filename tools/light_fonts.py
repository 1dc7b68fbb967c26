"""The icon fonts of a light stylesheet cut to the icons it can draw (issue 22).

The theme draws its icons from Font Awesome's fonts: the solid one alone is 156 KB, the heaviest
file a page loads, asked for at the highest priority as soon as the page is first styled, so a
phone's first text waits on it too. A page draws a few dozen of its 1,400 icons, and each icon it
can draw is a rule of the light stylesheet (`.fa-moon:before{content:"\\f186"}`, or a custom
property such as `--pst-icon-check-circle:"\\f058"`). So each Font Awesome font of the stylesheet's
`@font-face` rules is replaced by a copy that holds only the characters the stylesheet names
(every escape in it, every character of its `content` strings, and every character beyond ASCII
written as itself), made from the font's TrueType
file with fontTools (which matplotlib, in the book's extra, installs) as WOFF (zlib: standard
library), named by its content.
"""

from __future__ import annotations

import hashlib
import io
import logging
import posixpath
import re
from pathlib import Path

#: The font families cut (icon fonts: text fonts would need every character of every page).
ICON_FAMILIES = ("Font Awesome",)
FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}")
SOURCE = re.compile(r"""\bsrc\s*:[^;}]*""")
TRUETYPE = re.compile(r"""url\(\s*["']?([^"')]+\.ttf)["']?\s*\)""")
ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})")
CONTENT = re.compile(r"""content\s*:\s*(["'])(.*?)\1""")


def named_characters(css: str) -> set[int]:
    r"""Every character the stylesheet may draw from an icon font.

    >>> sorted(hex(c) for c in named_characters('.a:before{content:"\\f186"} :root{--x:"\\e0a1"} .b:after{content:"ok"}'))
    ['0x6b', '0x6f', '0xe0a1', '0xf186']
    """
    found = {int(code, 16) for code in ESCAPE.findall(css)}
    for _, text in CONTENT.findall(css):
        found.update(ord(char) for char in ESCAPE.sub("", text))
    found.update(ord(char) for char in css if ord(char) > 0x7F)  # written as itself (`--pst-icon-bell:"…"`)
    return {code for code in found if code >= 0x20}


def _cut(font: bytes, characters: set[int]) -> bytes:
    from fontTools import subset  # the book's build only

    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its every step, at INFO, filled the build's output
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.ignore_missing_unicodes = True
    options.notdef_outline = True
    face = subset.load_font(io.BytesIO(font), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(characters))
    cutter.subset(face)
    out = io.BytesIO()
    subset.save_font(face, out, options)
    return out.getvalue()


def light_fonts(css: str, outdir: Path, folder: str) -> tuple[str, set[str]]:
    """The stylesheet (which sits in `folder` of `outdir`) with each icon font's sources replaced
    by one cut copy, written beside it; and the names of those copies."""
    characters = named_characters(css)
    written: set[str] = set()

    def cut(found: re.Match[str]) -> str:
        rule = found.group(0)
        truetype = TRUETYPE.search(rule)
        if not any(family in rule for family in ICON_FAMILIES) or truetype is None:
            return rule
        source = outdir / posixpath.normpath(posixpath.join(folder, truetype.group(1)))
        if not source.is_file():
            return rule
        font = source.read_bytes()
        key = hashlib.sha256(font + repr(sorted(characters)).encode()).hexdigest()[:16]
        name = f"{source.stem}-{key}.woff"
        if not (outdir / folder / name).is_file():
            (outdir / folder).mkdir(parents=True, exist_ok=True)
            (outdir / folder / name).write_bytes(_cut(font, characters))
        written.add(name)
        return SOURCE.sub(f'src:url("{name}") format("woff")', rule, count=1)

    return FONT_FACE.sub(cut, css), written
