"""One word for each thing in the zh-TW book (locale/zh_TW/glossary.json): the
engine's msgstr, the boards' words, the zh-TW chapters and pages and the theme's strings never use a
word the glossary rejects, outside the contexts it allows, so a learner never meets one thing under
two names (紅色 and 紅方 for the red player, 動作 and 行動 for an action)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogue as tool  # noqa: E402  (tools/catalogue.py)

GLOSSARY_FILE = ROOT / "locale" / "zh_TW" / "glossary.json"
GLOSSARY = json.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
REJECTED = [(term, rejected) for term in GLOSSARY["terms"] for rejected in term["reject"]]


def zh_texts(root: Path = ROOT) -> Iterator[tuple[str, str, str]]:
    """(file, where in it, text) of every zh-TW text of the book's four places."""
    for po in (tool.PO, root / "locale" / "zh_TW" / "LC_MESSAGES" / "sphinx.po"):
        po = root / po.relative_to(ROOT)
        for (context, msgid), msgstr in tool.read_po(po.read_text(encoding="utf-8")).items():
            yield po.name, f"{context or ''}|{msgid}", msgstr
    for words in ("words.zh-TW.json", "play_words.zh-TW.json"):
        for key, value in json.loads((root / "widgets" / words).read_text(encoding="utf-8")).items():
            yield words, key, value
    for chapter in sorted((root / "zh-TW" / "book").rglob("*.ipynb")):
        for number, cell in enumerate(json.loads(chapter.read_text(encoding="utf-8"))["cells"]):
            yield str(chapter.relative_to(root)), f"cell {number}", "".join(cell["source"])
    for page in sorted((root / "zh-TW" / "book").rglob("*.md")):
        yield str(page.relative_to(root)), "page", page.read_text(encoding="utf-8")


def misuses(pattern: str, allowed: list[str], text: str) -> list[str]:
    """Each match of a rejected pattern in a text that no allowed context covers, with its neighbours."""
    spans = [match.span() for context in allowed for match in re.finditer(context, text, re.M)]
    return [text[max(0, match.start() - 8):match.end() + 8].replace("\n", " ")
            for match in re.finditer(pattern, text)
            if not any(start <= match.start() and match.end() <= end for start, end in spans)]


@pytest.mark.parametrize(("term", "rejected"), REJECTED, ids=[f"{number}-{term['en'][:24]}" for number, (term, _) in enumerate(REJECTED)])
def test_the_book_says_each_thing_by_its_one_word(term, rejected):
    found = [f"{file} [{where[:40]}]: …{excerpt}…" for file, where, text in zh_texts()
             for excerpt in misuses(rejected["pattern"], rejected["allowed"], text)]
    assert not found, f"{rejected['pattern']} where the glossary says {term['zh']} ({term['en']}):\n" + "\n".join(found)


def test_every_chosen_word_is_the_books_and_none_is_its_own_rejected_word():
    said = "\n".join(text for *_, text in zh_texts())
    for term in GLOSSARY["terms"]:
        assert term["why"] and term["en"], term
        for word in term["zh"].split(" / "):
            assert word in said, f"{word} ({term['en']}) is in the glossary but nowhere in the book"
            for rejected in term["reject"]:
                assert not misuses(rejected["pattern"], rejected["allowed"], word), (word, rejected)


def test_a_rejected_word_is_found_and_its_allowed_context_spared():
    assert misuses("[紅黃藍黑]色", ["[紅黃藍黑]色的?唐僧標記"], "紅色打出牛魔王：黃色唐僧標記走了") == ["紅色打出牛魔王：黃色"]
    assert misuses("出牌", ["打出牌"], "打出牌以後") == []
