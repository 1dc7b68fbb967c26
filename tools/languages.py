"""The book in two languages: the English book (this folder) and the zh-TW book (zh-TW/), each its
own Jupyter Book build; `make book` puts the second into _build/html/zh-TW.

A Sphinx extension that both builds load (their _config.yml: local_extensions). Every page starts
with a link to the other book, in the other book's language: to the page's counterpart (the same
path, `book/inferno/scoring`) where there is one, else to the other book's first page. A zh-TW
page says `lang="zh-Hant-TW"` (the theme would write `zh-TW`, which does not name the script).

Why two books and not Sphinx's translation catalogues of one: the zh-TW chapters are written for
Taiwanese readers, with the Chinese edition's rules as their default, so their code cells differ
(`Rules(edition="zh")`, a board's words) and their text does not follow the English paragraph by
paragraph, as a catalogue of translated paragraphs would have it. The theme's own words come in
zh-TW from Sphinx's catalogues (`language: zh_TW`).
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from typing import Any

#: The zh-TW book's folder, from the English book's, and its place in the built site.
ZH_TW = "zh-TW"
#: The link to the other book, by the language a page is in: (its words to this page's counterpart,
#: its words to the other book's first page when this page has no counterpart, the other book's language).
SWITCH = {
    "en": ("繁體中文", "繁體中文版：火焰山", "zh-Hant-TW"),
    "zh_TW": ("English", "English: the whole book", "en"),
}


#: The theme's words that its catalogues leave in English on a zh-TW page (pydata-sphinx-theme has
#: no zh_TW catalogue), for _templates/ to say.
THEME_WORDS_ZH = {"rulesbook_colour_mode": "顏色模式"}


def is_zh(app: Any) -> bool:
    return (app.config.language or "en") == "zh_TW"


def counterpart(app: Any, pagename: str) -> tuple[str, bool]:
    """The other book's page for this one, as a path from this book's root, and whether it is this
    page's counterpart (else it is the other book's first page)."""
    here = Path(app.srcdir)
    other, prefix = (here.parent, "..") if is_zh(app) else (here / ZH_TW, ZH_TW)
    if any((other / f"{pagename}{suffix}").is_file() for suffix in (".ipynb", ".md")):
        return posixpath.join(prefix, f"{pagename}.html"), True
    return posixpath.join(prefix, "index.html"), False


def add_language_link(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The link at the top of the page's text, and a zh-TW page's language as the page says it."""
    if is_zh(app):
        context["language"] = "zh-Hant-TW"  # the theme writes it as the page's lang
        context.update(THEME_WORDS_ZH)
    if "body" not in context:
        return
    target, same = counterpart(app, pagename)
    same_words, other_words, lang = SWITCH[app.config.language or "en"]
    link = (f'<p class="rb-language"><a href="{html.escape(context["pathto"](target, 1))}" lang="{lang}" '
            f'hreflang="{lang}">{same_words if same else other_words}</a></p>')
    context["body"] = link + context["body"]


#: Chinese characters and the full-width punctuation around them (。，「」（）and the like).
_CJK = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
#: A line break in a paragraph's source between two Chinese characters; one at a text's edge.
_BREAK_INSIDE = re.compile(f"(?<=[{_CJK}])[ \\t]*\\n[ \\t]*(?=[{_CJK}])")
_BREAK_AT_END = re.compile(f"(?<=[{_CJK}])[ \\t]*\\n[ \\t]*$|^[ \\t]*\\n[ \\t]*$")
_BREAK_AT_START = re.compile(f"^[ \\t]*\\n[ \\t]*(?=[{_CJK}])")
_CJK_AT_END, _CJK_AT_START = re.compile(f"[{_CJK}]$"), re.compile(f"^[{_CJK}]")


def join_chinese_lines(app: Any, doctree: Any) -> None:
    """A zh-TW paragraph written over several source lines reads as one: HTML turns a line break
    into a space, which Chinese does not put between its characters ("可以反制。 這一頁"). A
    break next to an emphasis (**復原**) goes too, when Chinese stands on both sides of it."""
    if not is_zh(app):
        return
    from docutils import nodes

    for block in doctree.findall(lambda node: isinstance(node, nodes.TextElement) and not isinstance(node, (nodes.Inline, nodes.FixedTextElement))):
        texts = list(block.findall(nodes.Text))
        said = [str(text) for text in texts]
        for index, text in enumerate(said):
            if "\n" not in text or isinstance(texts[index].parent, (nodes.literal, nodes.raw)):
                continue
            before = next((words.rstrip() for words in reversed(said[:index]) if words.strip()), "")
            after = next((words.lstrip() for words in said[index + 1:] if words.strip()), "")
            joined = _BREAK_INSIDE.sub("", text)
            if _CJK_AT_START.search(after) and (joined.strip() or _CJK_AT_END.search(before)):
                joined = _BREAK_AT_END.sub("", joined)
            if _CJK_AT_END.search(before):
                joined = _BREAK_AT_START.sub("", joined)
            if joined != text:  # by place: a parent finds a child Text by its words, and many say "\n"
                parent = texts[index].parent
                parent[next(at for at, child in enumerate(parent.children) if child is texts[index])] = nodes.Text(joined)
                said[index] = joined


#: A hidden cell's toggle (myst-nb's "Show code cell {type}", its type in English) in the zh-TW book.
TOGGLES_ZH = {
    f"{verb} code cell {kind}": f"{verb_zh}{kind_zh}"
    for verb, verb_zh in (("Show", "顯示"), ("Hide", "隱藏"))
    for kind, kind_zh in (("source", "程式碼"), ("output", "程式碼的輸出"), ("outputs", "輸出"), ("content", "程式碼和輸出"))
}


def chinese_toggles(app: Any, doctree: Any, docname: str) -> None:
    """A zh-TW page's hidden cells open and close in Chinese. myst-nb writes the toggles' words when
    it writes the page (its post-transform), from a setting whose {type} it fills in English; so they
    are put into Chinese on the way out, before the page's HTML is written."""
    if not is_zh(app):
        return
    from myst_nb.sphinx_ import HideCodeCellNode
    from sphinx.util import logging

    for toggle in doctree.findall(HideCodeCellNode):
        for prompt in ("prompt_show", "prompt_hide"):
            if toggle[prompt] in TOGGLES_ZH:
                toggle[prompt] = TOGGLES_ZH[toggle[prompt]]
            else:
                logging.getLogger(__name__).warning("a hidden cell's toggle with no Chinese words: %r", toggle[prompt], location=toggle)


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", add_language_link)
    app.connect("doctree-read", join_chinese_lines)
    app.connect("doctree-resolved", chinese_toggles)
    # env_version: a change to what reading or writing a page does here (join_chinese_lines,
    # chinese_toggles) reads and writes every page again.
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 2}
