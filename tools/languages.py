"""The book in two languages: the English book (this folder) and the zh-TW book (zh-TW/), each its
own Jupyter Book build; `make book` puts the second into _build/html/zh-TW.

A Sphinx extension that both builds load (their _config.yml: local_extensions). Every page starts
with a link to the other book, in the other book's language, to the page's counterpart (the same
path, `book/inferno/scoring`); a page that has none ends with a link to the other book's first page. A zh-TW
page says `lang="zh-Hant-TW"` (the theme would write `zh-TW`, which does not name the script).

Why two books and not Sphinx's translation catalogues of one: the zh-TW chapters are written for
Taiwanese readers, with the Chinese edition's rules as their default, so their code cells differ
(`Rules(edition="zh")`, a board's words) and their text does not follow the English paragraph by
paragraph, as a catalogue of translated paragraphs would have it. The theme's own words come in
zh-TW from Sphinx's catalogues (`language: zh_TW`) and, first, from the project's
(locale/zh_TW/LC_MESSAGES/sphinx.po): the theme ships only a Simplified `zh` catalogue, which gettext
took for zh_TW. The copy button's words, which its script picks by the page's lang, are added here;
and the search index cuts Chinese into words (jieba, with the game's own terms), else a Chinese
search found only a page whose title it was.
"""

from __future__ import annotations

import hashlib
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


#: The theme's words in zh-TW: the catalogue Sphinx reads before its own and the theme's.
THEME_WORDS = Path(__file__).resolve().parents[1] / "locale" / "zh_TW" / "LC_MESSAGES" / "sphinx.po"
#: The copy button's words (sphinx-copybutton has them for zh-CN only), by the page's lang.
COPY_WORDS_ZH = {"copy": "複製", "copy_to_clipboard": "複製到剪貼簿", "copy_success": "已複製！", "copy_failure": "無法複製"}


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
    if "body" not in context:
        return
    target, same = counterpart(app, pagename)
    same_words, other_words, lang = SWITCH[app.config.language or "en"]
    link = (f'<p class="rb-language"><a href="{html.escape(context["pathto"](target, 1))}" lang="{lang}" '
            f'hreflang="{lang}">{same_words if same else other_words}</a></p>')
    # A page with no counterpart (the English book's Hudai Pass and Madness) keeps the link at its
    # end: at its top it was the first thing a reader met, a link to a book of another game.
    context["body"] = link + context["body"] if same else context["body"] + link


#: Chinese characters and the full-width punctuation around them (。，「」（）and the like).
_CJK = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
#: A line break in a paragraph's source between two Chinese characters; one at a text's edge.
_BREAK_INSIDE = re.compile(f"(?<=[{_CJK}])[ \\t]*\\n[ \\t]*(?=[{_CJK}])")
_BREAK_AT_END = re.compile(f"(?<=[{_CJK}])[ \\t]*\\n[ \\t]*$|^[ \\t]*\\n[ \\t]*$")
_BREAK_AT_START = re.compile(f"^[ \\t]*\\n[ \\t]*(?=[{_CJK}])")
_CJK_AT_END, _CJK_AT_START = re.compile(f"[{_CJK}]$"), re.compile(f"^[{_CJK}]")
#: Chinese punctuation, after which Chinese puts no space whatever follows ("卡牌遊戲，2 到 4 人").
_MARKS = "。，、；：！？"
_BREAK_AFTER_MARK = re.compile(f"(?<=[{_MARKS}])[ \t]*\n[ \t]*")
_MARK_AT_END = re.compile(f"[{_MARKS}]$")


def join_chinese_lines(app: Any, doctree: Any) -> None:
    """A zh-TW paragraph written over several source lines reads as one: HTML turns a line break
    into a space, which Chinese does not put between its characters ("可以反制。 這一頁"). A
    break next to an emphasis (**復原**) goes too, when Chinese stands on both sides of it, and
    any break after Chinese punctuation ("卡牌遊戲，\n2 到 4 人")."""
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
            joined = _BREAK_AFTER_MARK.sub("", _BREAK_INSIDE.sub("", text))
            if _CJK_AT_START.search(after) and (joined.strip() or _CJK_AT_END.search(before)):
                joined = _BREAK_AT_END.sub("", joined)
            if _CJK_AT_END.search(before):
                joined = _BREAK_AT_START.sub("", joined)
            if _MARK_AT_END.search(before):
                joined = re.sub(r"^[ \t]*\n[ \t]*", "", joined)
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


def search_words(app: Any, config: Any) -> None:
    """A zh-TW search finds the words of a Chinese page: Sphinx's Chinese index cuts text into
    words with jieba (a build dependency), told the game's own terms (唐僧標記, 觀世音菩薩 ...) from
    the message catalogue, so that each is one word as well as its parts."""
    if (config.language or "en") != "zh_TW":
        return
    import logging

    import jieba

    from rulesbook.core.messages import term
    from rulesbook.inferno.names import TERMS

    jieba.setLogLevel(logging.WARNING)  # its notes on loading its dictionary, on every build
    words = sorted({term(english, context).say("zh-TW") for _, english, context in TERMS})
    path = Path(app.doctreedir) / "search-words.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    words = [word for word in words if len(word) > 1 and re.fullmatch(f"[{_CJK}]+", word) and not re.search("[「」：]", word)]
    path.write_text("".join(f"{word} 100000\n" for word in words), encoding="utf-8")
    config.html_search_options = {**(config.html_search_options or {}), "dict": str(path)}


def chinese_copy_button(app: Any, exception: Exception | None) -> None:
    """The copy button of a zh-TW page's code says 複製: its script picks its words by the page's
    lang, which has no zh-Hant-TW entry (it said "Copy"); the entry is added to the built script."""
    if exception or not is_zh(app) or app.builder.format != "html":
        return
    script = Path(app.outdir) / "_static" / "copybutton.js"
    text = script.read_text(encoding="utf-8")
    if "'zh-Hant-TW'" in text:
        return
    if "const messages = {\n" not in text:
        raise RuntimeError(f"{script}: no `const messages = {{` to add the zh-Hant-TW words to (sphinx-copybutton changed)")
    entry = "  'zh-Hant-TW': {\n" + "".join(f"    '{key}': '{word}',\n" for key, word in COPY_WORDS_ZH.items()) + "  },\n"
    script.write_text(text.replace("const messages = {\n", "const messages = {\n" + entry, 1), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", add_language_link)
    app.connect("doctree-read", join_chinese_lines)
    app.connect("doctree-resolved", chinese_toggles)
    app.connect("config-inited", search_words)
    app.connect("build-finished", chinese_copy_button)
    # A change to the theme's zh-TW words writes every page again (the pages keep the words).
    app.add_config_value("rulesbook_theme_words", _digest(THEME_WORDS), "html")
    # env_version: a change to what reading or writing a page does here (join_chinese_lines,
    # chinese_toggles) reads and writes every page again.
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 3}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.is_file() else ""
