"""A stylesheet cut to the rules that can match something on the site (issue 22), standard library only.

The theme's stylesheet is most of what a phone waits for before it draws a page's first text
(397 KB, mostly Bootstrap rules for components the book never shows). A browser skips a rule
whose selectors match no element, so leaving such a rule out changes no element's style: the
light copy keeps every rule one of whose selectors could match, byte for byte and in the same
order (the cascade is the same), and drops the others.

"Could match" is judged generously, never the other way: a selector is kept unless it names a
class, id, element or attribute that nothing on the site has or could add. What the site has is
read from its built pages (`Names.read_page`) and from its scripts, which add classes and
attributes as they run (`show`, `collapsing`, `data-theme`...): every word of a script counts
(`Names.read_script`), and a word that ends or starts with a hyphen (a piece of a name a script
puts together, such as `bs-` in `bs-tooltip-auto`) keeps every name it begins or ends. Pseudo-
classes and what is inside `:not()`, `:is()`, `:has()`... are not judged (kept). Every at-rule
other than @media, @supports, @container, @layer and @document is kept whole (@font-face,
@keyframes, @property...); those keep the rules of theirs that survive, and go when none does.
Anything this reader does not follow is kept as it is.

>>> names = Names()
>>> names.read_page('<p class="note" id="top">Hi</p><script src="a.js?v=1"></script>')
['a.js?v=1']
>>> names.read_script('el.classList.add("show"); x = `bs-${kind}-auto`; kind = "tooltip"')
>>> print(light_css(".note{color:red}.card{color:blue}p.show,h1{margin:0}"
...                 "@media (min-width:9px){#top{x:1}.modal{x:2}}@media print{.modal{x:3}}"
...                 "@font-face{font-family:f}.bs-tooltip-auto .note{x:4}", names))
.note{color:red}p.show,h1{margin:0}@media (min-width:9px){#top{x:1}}@font-face{font-family:f}.bs-tooltip-auto .note{x:4}
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

#: At-rules whose block is a list of rules: each rule judged, the at-rule kept while one survives.
GROUPING = ("media", "supports", "container", "layer", "document", "-moz-document", "scope", "starting-style")

#: A word of a script (a name it may give an element): letters, digits, `_` and `-`.
WORD = re.compile(r"-?[A-Za-z_][\w-]*")
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}\s?|.)", re.S)
_NAME = r"(?:[\w-]|\\[0-9a-fA-F]{1,6}\s?|\\.|[^\x00-\x7f])+"
_SIMPLE = re.compile(rf"""
    (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')   # a string (in an attribute's value)
  | (?P<kind>[.#])(?P<name>{_NAME})              # a class or an id
  | \[\s*(?:(?:{_NAME}|\*)?\|)?(?P<attr>{_NAME})   # an attribute's name (its value not judged)
  | (?P<pseudo>::?{_NAME})                        # a pseudo-class or -element: not judged
  | (?:(?:{_NAME}|\*)?\|)?(?P<type>{_NAME}|\*)     # an element's name
  | (?P<other>.)
""", re.X | re.S)


def _unescaped(name: str) -> str:
    def one(found: re.Match[str]) -> str:
        text = found.group(1)
        if re.fullmatch(r"[0-9a-fA-F]{1,6}\s?", text):
            return chr(int(text.strip(), 16) or 0xFFFD)
        return text
    return _ESCAPE.sub(one, name)


@dataclass
class Names:
    """What the site's elements are called, or may be called once its scripts run."""

    tags: set[str] = field(default_factory=lambda: {"html", "head", "body", "*"})
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)

    def read_page(self, html: str) -> list[str]:
        """Every element's name, classes, id and attribute names; every word of its inline
        scripts. Returns the addresses of the scripts it loads (`src`), for `read_script`."""
        reader = _PageReader(self)
        reader.feed(html)
        reader.close()
        return reader.sources

    def read_script(self, text: str) -> None:
        self.words.update(WORD.findall(text))

    def settled(self) -> Names:
        """The words sorted into pieces (a word's start or end) for `has`, read once."""
        self._starts = {word for word in self.words if word.endswith("-") and len(word) > 1}
        self._ends = {word for word in self.words if word.startswith("-") and len(word) > 1}
        self._lower_words = {word.lower() for word in self.words}
        self._made_names: dict[str, bool] = {}
        return self

    def _made(self, name: str) -> bool:
        """A word of a script, or one joined to a start piece, an end piece or both (`bs-`
        `tooltip` `-auto`: a name a script puts together)."""
        if name in self.words:
            return True
        if name not in self._made_names:
            hyphens = [i for i, char in enumerate(name) if char == "-"]
            starts = [0] + [i + 1 for i in hyphens if name[:i + 1] in self._starts]
            ends = [len(name)] + [i for i in hyphens if name[i:] in self._ends]
            self._made_names[name] = any(
                (start, end) != (0, len(name)) and start < end and name[start:end] in self.words
                for start in starts for end in ends)
        return self._made_names[name]

    def has(self, kind: str, name: str) -> bool:
        """Whether some element may be a `kind` (tag, class, id, attribute) of this name."""
        if not hasattr(self, "_starts"):
            self.settled()
        if kind == "class":
            return name in self.classes or self._made(name)
        if kind == "id":
            return name in self.ids or self._made(name)
        lower = name.lower()
        known = self.tags if kind == "tag" else self.attributes
        return lower in known or lower in self._lower_words


class _PageReader(HTMLParser):
    def __init__(self, names: Names) -> None:
        super().__init__(convert_charrefs=True)
        self.names = names
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = self.names
        names.tags.add(tag)
        for name, value in attrs:
            names.attributes.add(name)
            if name == "class" and value:
                names.classes.update(value.split())
            elif name == "id" and value:
                names.ids.add(value)
            elif name == "src" and tag == "script" and value:
                self.sources.append(value)

    def handle_data(self, data: str) -> None:
        if self.lasttag in ("script", "template"):  # code (or data) that may name elements
            self.names.read_script(data)


def may_match(selector: str, names: Names) -> bool:
    """Whether one complex selector (no commas) could match an element of the site.

    >>> names = Names(classes={"a"}, ids={"b"}, attributes={"data-x"})
    >>> [may_match(s, names) for s in (".a #b", "div.a", "p > .c", "[data-x='1'] .a:not(.c)", "a::before", "svg|rect")]
    [True, False, False, True, False, False]
    """
    depth = 0
    for found in _SIMPLE.finditer(selector):
        text = found.group(0)
        if found.group("other"):
            depth += text in "([" and 1 or text in ")]" and -1 or 0
            continue
        if depth > 0 or found.group("pseudo") or found.group("string"):  # not judged
            continue
        if found.group("kind"):
            kind = "class" if found.group("kind") == "." else "id"
            if not names.has(kind, _unescaped(found.group("name"))):
                return False
        elif found.group("attr"):
            if not names.has("attribute", _unescaped(found.group("attr"))):
                return False
            depth += 1  # the rest of the brackets (the value) is not judged
        elif found.group("type") and found.group("type") != "*":
            if not names.has("tag", _unescaped(found.group("type"))):
                return False
    return True


def _split(text: str, stop: str) -> list[str]:
    """`text` cut at each top-level `stop` character (not inside brackets, strings or comments)."""
    parts, start, depth, i = [], 0, 0, 0
    while i < len(text):
        char = text[i]
        if char in "\"'":
            i = _string_end(text, i)
            continue
        if text.startswith("/*", i):
            i = _comment_end(text, i)
            continue
        if char == "\\":
            i += 2
            continue
        depth += char in "([" and 1 or char in ")]" and -1 or 0
        if char == stop and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def selector_kept(prelude: str, names: Names) -> bool:
    """A rule is kept whole when one of its selectors may match (the list is never rewritten: a
    browser drops a whole list that has one selector it cannot read)."""
    return any(may_match(part.strip(), names) for part in _split(_uncommented(prelude), ","))


def _string_end(text: str, start: int) -> int:
    quote, i = text[start], start + 1
    while i < len(text) and text[i] != quote and text[i] != "\n":
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _comment_end(text: str, start: int) -> int:
    end = text.find("*/", start + 2)
    return len(text) if end < 0 else end + 2


def _uncommented(text: str) -> str:
    return re.sub(r"/\*.*?(\*/|$)", " ", text, flags=re.S)


def _block_end(text: str, start: int) -> int:
    """The index just past the `}` that closes the `{` at `start`."""
    depth, i = 0, start
    while i < len(text):
        char = text[i]
        if char in "\"'":
            i = _string_end(text, i)
            continue
        if text.startswith("/*", i):
            i = _comment_end(text, i)
            continue
        if char == "\\":
            i += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def rules(text: str) -> Iterator[tuple[str, str | None]]:
    """The rules of a list, each as (prelude, block with its braces) or (statement, None); the
    comments between them left out.

    >>> list(rules('@charset "x";/* c */ a{b:c} @media print{p{q:r}}'))
    [('@charset "x";', None), ('a', '{b:c}'), ('@media print', '{p{q:r}}')]
    """
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if text.startswith("/*", i):
            i = _comment_end(text, i)
            continue
        start, j = i, i
        while j < len(text) and text[j] not in "{;}":
            if text[j] in "\"'":
                j = _string_end(text, j)
            elif text.startswith("/*", j):
                j = _comment_end(text, j)
            else:
                j += 2 if text[j] == "\\" else 1
        if j >= len(text) or text[j] in ";}":  # a statement (an @import, @charset...), or a stray brace
            yield text[start:j + 1].strip(), None
            i = j + 1
            continue
        end = _block_end(text, j)
        yield text[start:j].strip(), text[j:end]
        i = end


def light_css(text: str, names: Names) -> str:
    """The rules of `text` that may match something the site has (see the module's docstring)."""
    kept = []
    for prelude, block in rules(text):
        if block is None:
            kept.append(prelude)
            continue
        if prelude.startswith("@"):
            at = re.match(r"@([\w-]+)", prelude)
            if at and at.group(1).lower() in GROUPING:
                inner = light_css(block[1:-1], names)
                if inner:
                    kept.append(f"{prelude}{{{inner}}}")
                continue
            kept.append(prelude + block)
        elif selector_kept(prelude, names):
            kept.append(prelude + block)
    return "".join(kept)
