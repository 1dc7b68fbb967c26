"""What the games' pictures share: an SVG document that carries its own description, and the
object a notebook shows it through.

Every picture says in words what it shows (its `<desc>`): a screen reader reads it and the book
uses it as the picture's alt text, so the description is written once, inside the drawing.
Standard library only.
"""

from __future__ import annotations

import html
import re


#: Characters no XML document may hold, even as an entity (control characters, lone surrogates, two
#: non-characters): a name in a teacher's data file may carry one (JSON writes them as \u0001).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """Text for an SVG document: &, < and > as entities (what xml.sax.saxutils.escape writes,
    without its import of urllib and http.client, which a Play page would load for nothing), and
    a character XML cannot hold as the replacement character, so that the drawing still parses.

    >>> escape("MK+2 < 3 & 'b'")
    "MK+2 &lt; 3 &amp; 'b'"
    >>> escape("M\\x015") == "M\\ufffd5"
    True
    """
    return NOT_XML.sub("\ufffd", html.escape(text, quote=False))


def attribute(text: str) -> str:
    """Text for an attribute's value, between double quotes: `escape`'s, with the quotes as
    entities too (a space a teacher's pack names `M"5` must not end the attribute)."""
    return escape(text).replace('"', "&quot;")


def unescape(text: str) -> str:
    """The text `escape` wrote."""
    return html.unescape(text)


def checked_title(title: object) -> str | None:
    """A picture's title, text or None; ValueError otherwise (the picture's description says it).

    >>> checked_title(5)
    Traceback (most recent call last):
    ValueError: title is a text, not 5
    """
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title is a text, not {title!r}")
    return title


def svg_document(width: float, height: float, title: str, description: str, body: list[str], background: str) -> str:
    """An SVG image of the given size: its title and description first, then the background and body."""
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}" '
        'font-family="sans-serif" role="img">',
        f"<title>{escape(title)}</title><desc>{escape(description)}</desc>",
        f'<rect width="{width:g}" height="{height:g}" fill="{background}"/>',
        *body,
        "</svg>",
    ])


class Picture:
    """A drawing that notebooks show as SVG; its text form is short and stable, so outputs compare."""

    def __init__(self, svg: str, text: str):
        self.svg = svg
        self.text = text

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.text

    @property
    def description(self) -> str:
        """The alt text: what the drawing shows, in words (its `<desc>`)."""
        start = self.svg.index("<desc>") + len("<desc>")
        return unescape(self.svg[start:self.svg.index("</desc>")])
