"""The message catalogue: the zh-TW .po a translator edits, compiled to the .mo the library reads.

    python tools/catalogue.py          compile the .po to the .mo, widgets/words.zh-TW.json and play_words.zh-TW.json
    python tools/catalogue.py update   add every msgid the library says and the .po lacks (msgstr "")
    python tools/catalogue.py check    exit 1 when a msgid lacks its zh-TW form or a file is out of date

The msgids are found as xgettext would, without it: every `Message("...")`, `Message.text("...")`,
`Message.sentence("...")`, `term("...", "context")` and both templates of `counted(n, "...", "...")` with literal text in src/rulesbook, plus the words no literal holds
(the game's names, its rulebook sections, the board shell's words of widgets/words.json and the
whole-game board's buttons). Standard library only: the .mo format is written here.
"""

from __future__ import annotations

import ast
import json
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "rulesbook"
LOCALE = SRC / "core" / "locale"
LANGUAGE = "zh-TW"
PO = LOCALE / "zh_TW" / "LC_MESSAGES" / "rulesbook.po"
MO = PO.with_suffix(".mo")
WORDS = ROOT / "widgets" / "words.json"
WORDS_ZH = ROOT / "widgets" / "words.zh-TW.json"
PLAY_WORDS = ROOT / "widgets" / "play_words.json"
PLAY_WORDS_ZH = ROOT / "widgets" / "play_words.zh-TW.json"
#: The JavaScript's words: each English file, its zh-TW file (same keys) and their msgctxt in the
#: .po: the board shell's (every board) and the Play page's own (its status line, its buttons).
WORD_FILES = ((WORDS, WORDS_ZH, "board"), (PLAY_WORDS, PLAY_WORDS_ZH, "play"))
HEADER = "Project-Id-Version: rulesbook\nLanguage: zh_TW\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"

Key = tuple[str | None, str]  # (msgctxt, msgid)


# --- the msgids the library says ------------------------------------------------------------------
def source_msgids(root: Path = SRC) -> dict[Key, str]:
    """{(context, msgid): where} of every literal message in the source under root."""
    found: dict[Key, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            for key in _literal_messages(node):
                found.setdefault(key, str(path.relative_to(root.parent)))
    return found


def _literal_messages(node: ast.AST) -> list[Key]:
    """The msgids a call says: a `Message`'s template, a `term`'s word, or both templates of a
    `counted` (its one and its many)."""
    if not isinstance(node, ast.Call) or not node.args:
        return []
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name == "counted":
        return [(None, text.value) for text in node.args[1:3] if isinstance(text, ast.Constant) and isinstance(text.value, str)]
    text = node.args[0]
    if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
        return []
    if name == "Message" or (name in ("text", "sentence") and isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "Message"):
        return [(None, text.value)]
    context = node.args[1] if len(node.args) == 2 else None
    if name == "term" and isinstance(context, ast.Constant) and isinstance(context.value, str):
        return [(context.value, text.value)]
    return []


def data_msgids() -> dict[Key, str]:
    """The words no literal in the code holds: names, sections, the board shell's words, buttons."""
    sys.path.insert(0, str(SRC.parent))
    from rulesbook.inferno.bots import BOTS
    from rulesbook.inferno.names import EVENT_CODES, RULE_SECTIONS, TERMS
    from rulesbook.inferno.render import TRACK_MARK
    from rulesbook.lessons.inferno.whole_game import NAMED

    found: dict[Key, str] = {}
    found.update({(context, english): "rulesbook.inferno.names.TERMS" for _, english, context in TERMS})
    found.update({("player", english): "rulesbook.inferno.names.player_word" for _, english, context in TERMS if context == "colour"})
    found.update({("card", code): "rulesbook.inferno.names.EVENT_CODES" for code in EVENT_CODES})
    found.update({("rule", rule): "rulesbook.inferno.names.RULE_SECTIONS" for rule in RULE_SECTIONS})
    found.update({("list", word): "rulesbook.core.messages.Listed" for word in ("and", "or", "none")})
    found.update({("button", label): "rulesbook.lessons.inferno.whole_game.NAMED" for _, label in NAMED.values()})
    found.update({("bot", name): "rulesbook.inferno.bots.BOTS" for name in BOTS})
    found.update({("marker", f"{shape}s"): "rulesbook.inferno.render.TRACK_MARK" for shape in TRACK_MARK.values()})
    for english, _, context in WORD_FILES:
        words = json.loads(english.read_text(encoding="utf-8"))
        found.update({(context, text): f"widgets/{english.name}: {key}" for key, text in words.items()})
    return found


def msgids() -> dict[Key, str]:
    """Every msgid the library says, with where it comes from."""
    return {**source_msgids(), **data_msgids()}


# --- the .po, read and written ----------------------------------------------------------------------
def read_po(text: str) -> dict[Key, str]:
    """{(msgctxt, msgid): msgstr} of a .po file's entries (the header entry left out)."""
    entries: dict[Key, str] = {}
    fields: dict[str, str] = {}
    last = ""

    def finish() -> None:
        if "msgid" in fields and fields["msgid"]:
            entries[(fields.get("msgctxt"), fields["msgid"])] = fields.get("msgstr", "")
        fields.clear()

    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            fields[last] += _unquoted(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgstr"):
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and "msgstr" in fields or keyword == "msgctxt" and "msgid" in fields:
            finish()
        last = keyword
        fields[keyword] = _unquoted(rest, number)
    finish()
    return entries


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquoted(text: str, number: int) -> str:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"line {number}: expected a quoted string, not {text!r}")
    out, chars = [], iter(text[1:-1])
    for char in chars:
        out.append(_ESCAPES[next(chars)] if char == "\\" else char)
    return "".join(out)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def po_entry(key: Key, msgstr: str, where: str = "") -> str:
    context, msgid = key
    lines = [f"#: {where}"] if where else []
    if context is not None:
        lines.append(f"msgctxt {_quoted(context)}")
    lines += [f"msgid {_quoted(msgid)}", f"msgstr {_quoted(msgstr)}"]
    return "\n".join(lines) + "\n"


# --- the .mo ----------------------------------------------------------------------------------------
def mo_bytes(entries: dict[Key, str]) -> bytes:
    """The GNU .mo file of these entries (those with a msgstr), with the UTF-8 header, sorted as
    gettext expects; no hash table (gettext.GNUTranslations reads the whole catalogue)."""
    pairs = {"": HEADER}
    for (context, msgid), msgstr in entries.items():
        if msgstr:
            pairs[msgid if context is None else f"{context}\x04{msgid}"] = msgstr
    keys = sorted(pairs, key=lambda key: key.encode("utf-8"))
    ids = [key.encode("utf-8") for key in keys]
    strs = [pairs[key].encode("utf-8") for key in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count  # the header, then the two tables of (length, offset)
    tables, blob = [], b""
    for strings in (ids, strs):
        table = []
        for data in strings:
            table.append((len(data), start + len(blob)))
            blob += data + b"\0"
        tables.append(table)
    out = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    for table in tables:
        out += b"".join(struct.pack("<2I", length, offset) for length, offset in table)
    return out + blob


def board_words(entries: dict[Key, str], english: Path = WORDS, context: str = "board") -> str:
    """widgets/words.zh-TW.json: the board shell's words (widgets/words.json) in zh-TW, same keys
    (or another of WORD_FILES: the Play page's)."""
    words = json.loads(english.read_text(encoding="utf-8"))
    said = {key: entries.get((context, text)) or text for key, text in words.items()}
    return json.dumps(said, ensure_ascii=False, indent=2) + "\n"


# --- the jobs -----------------------------------------------------------------------------------------
def missing(entries: dict[Key, str], said: dict[Key, str] | None = None) -> dict[Key, str]:
    """{key: where} of every msgid the library says (or of `said`) whose zh-TW form the .po lacks."""
    return {key: where for key, where in (msgids() if said is None else said).items() if not entries.get(key)}


def compile_catalogue() -> None:
    entries = read_po(PO.read_text(encoding="utf-8"))
    MO.write_bytes(mo_bytes(entries))
    for english, chinese, context in WORD_FILES:
        chinese.write_text(board_words(entries, english, context), encoding="utf-8")


def update() -> int:
    """Append the msgids the .po lacks, with an empty msgstr for the translator; how many."""
    text = PO.read_text(encoding="utf-8")
    entries = read_po(text)
    new = {key: where for key, where in msgids().items() if key not in entries}
    if new:
        text = text.rstrip("\n") + "\n\n" + "\n".join(po_entry(key, "", where) for key, where in new.items())
        PO.write_text(text, encoding="utf-8")
    return len(new)


def check() -> list[str]:
    """What is wrong: msgids with no zh-TW form, a .mo or words file that the .po does not make."""
    entries = read_po(PO.read_text(encoding="utf-8"))
    problems = [f"no zh-TW form: {key[1]!r} ({key[0] or 'no context'}; {where})" for key, where in missing(entries).items()]
    if MO.read_bytes() != mo_bytes(entries):
        problems.append(f"{MO.relative_to(ROOT)} is not the .po compiled: run python tools/catalogue.py")
    for english, chinese, context in WORD_FILES:
        if chinese.read_text(encoding="utf-8") != board_words(entries, english, context):
            problems.append(f"{chinese.relative_to(ROOT)} is not the .po's: run python tools/catalogue.py")
    return problems


def main(argv: list[str]) -> int:
    job = argv[0] if argv else "compile"
    if job == "compile":
        compile_catalogue()
        return 0
    if job == "update":
        print(f"{update()} msgids added to {PO.relative_to(ROOT)}")
        return 0
    if job == "check":
        problems = check()
        print("\n".join(problems) or "the catalogue is complete and compiled")
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
