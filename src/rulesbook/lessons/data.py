"""The lesson data a board carries to a page: one contract for every game's board.

`pack` turns the records of a `LessonGraph` into the compact, JSON-ready dictionary that a
board's synced `lesson` trait holds; `unpack` reads it back (the browser robot of the site tests
and the widget tests use it). The board shell's JavaScript (widgets/board.js) reads the same
shape. Every sentence is written once in `texts`, every part of a picture state once in `parts`
(a view is {name: part index}: the cards of a Mountain are written once for all the positions of
its pawns), every view once in `views` and every list of clickable places once in `places`; the
rest refers to them by index::

    {
      "picture": "inferno",            # which game's picture draws the views
      "language": "zh-TW",             # only when the sentences are not English: the shell's words follow
      "title": str, "mode": "play" | "find", "start": node id,
      "texts": [str], "parts": [any JSON], "views": [{name: part index}], "places": [[place key]],
      "nodes": {node id: {
          "id": str, "view": view index, "places": places index,
          "decision": text, "hand": [[card code, label text]], "handLabel": text (whose hand; optional),
          "choices": {choice key: {"label": text, "options": {actor: option key},
                                   "actor": actor picked first, "says": {actor: text},
                                   "actors": {actor: its name, text}}
                               | {"label": text, "refusal": text}},
          "options": {option key: [one entry per place of the node, in order:
                                   a refusal text, or [next node id, say text, log text], and in
                                   an exercise also the reach text (what the find says)]},
          "idle": text, "hint": text}},
      "exercise": {} | {"choice", "option", "total": count, "salt": str, "right", "again", "done",
                        "missing": [sentence per count left, "{clue}" to fill],
                        "clues": [[answer tag, sealed clue], in the answers' order]}
    }

An exercise's page data never holds its answers as plain data (issue 24): its option's entries
are sealed, each under its place (`seal`, `entry_key`), with the sentences written into the entry
rather than into `texts`; a clue is sealed under its answer's tag (`answer_tag`, `clue_key`).
widgets/seal.js opens them the same way, one place at a time. `unpack` and `opened_exercise`
read a sealed lesson back (the site tests' robot and the widget tests use them).

Choice keys "h0", "h0+h1" press hand cards by index; any other key is an effect button. A
target whose node id is not in `nodes` is legal but beyond the lesson: a page says so and stays.

Standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from rulesbook.core.messages import Listed, Message, term
from rulesbook.core.words import capitalised

#: Sentences of a find exercise, as messages (said in the board's language); {say}, {found},
#: {total} are filled in on the page.
_EXERCISE_MESSAGES = {
    "right": Message.text("Right: {say} Found {found} of {total}."),
    "again": Message.text("You have found that one already: {found} of {total} so far."),
    "done": Message.text("Right: {say} That is all {total}: well done."),
}
#: The last sentence where there was one answer to find ("That is all 1" reads as a slip).
_ONLY_ONE = Message.text("Right: {say} That was the only one: well done.")
#: The same in English.
EXERCISE_WORDS = {key: message.say() for key, message in _EXERCISE_MESSAGES.items()}
#: What an exercise's answers are, counted ("two cards") and named ("the cards ...").
_COUNTED = {"card": term("card", "counted"), "cards": term("cards", "counted"),
            "place": term("place", "counted"), "places": term("places", "counted")}
_NAMED_NOUNS = {"cards": term("cards", "noun"), "places": term("places", "noun")}

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_words(count: int, language: str = "en") -> str:
    """A count as a learner reads it: "two", "twelve", 14 (in zh-TW, its digits)."""
    if language != "en":
        return str(count)
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def together(labels: list[str], language: str = "en") -> str:
    """Cards played together, as a choice's button names them: "Red Boy (Pig Monk) + Red Boy
    (Pig Monk)"; in zh-TW as the board's sentences list them, 紅孩兒（豬八戒）和紅孩兒（豬八戒）.

    >>> together(["MK+1", "PM+2", "SB+3"]), together(["MK+1", "PM+2", "SB+3"], "zh-TW")
    ('MK+1 + PM+2 + SB+3', 'MK+1、PM+2和SB+3')
    """
    return " + ".join(labels) if language == "en" else Listed(labels).say(language)


def exercise_words(language: str = "en") -> dict[str, str]:
    """The sentences of a find exercise in that language (`EXERCISE_WORDS` in English)."""
    return {key: message.say(language) for key, message in _EXERCISE_MESSAGES.items()}


def choice_say(clause: str, count: int, mode: str, language: str = "en") -> str:
    """What a board says when a choice is made: its clause and what the reader does next."""
    if count == 0:  # nowhere takes it now, for reasons that differ by place: each click says its own
        message = Message("{clause}. A click on a place says why.", clause=clause)
    elif mode == "find":
        message = Message("{clause}: find them all.", clause=clause) if count > 1 else Message("{clause}: find it.", clause=clause)
    elif count > 1:
        message = Message("{clause}, each marked with a dot.", clause=clause)
    else:
        message = Message("{clause}, marked with a dot.", clause=clause)
    return capitalised(message.say(language))


def _said_noun(nouns: dict[str, Message], word: str, language: str) -> str:
    """An exercise's noun in that language (a noun the catalogue does not name: as it is)."""
    return nouns[word].say(language) if word in nouns else word


def chosen_option(record: dict[str, Any], choice: str, actor: str | None = None) -> str:
    """The option that `choice` leads to on one state's record, made by `actor` (by default the
    one the choice names: the pawn or seat that plays). A teacher names both by hand, so a choice
    not offered, or an actor it is not made for, is a ValueError that lists what is."""
    picked = record["choices"].get(choice)
    if picked is None or "options" not in picked:
        offered = [key for key, value in record["choices"].items() if "options" in value]
        raise ValueError(f"the choice {choice!r} is not offered here; "
                         + (f"the choices are {', '.join(offered)}" if offered else "nothing is"))
    options = picked["options"]
    if not actor:
        return options[picked["actor"]]
    if actor not in options:
        raise ValueError(f"the choice {choice!r} is made for {', '.join(options)} here, not {actor!r}")
    return options[actor]


def exercise(record: dict[str, Any], choice: str, actor: str | None = None,
             noun: tuple[str, str] = ("place", "places"), language: str = "en") -> dict[str, Any]:
    """A find exercise on one state's record: with `choice` made (for `actor`), find every target.

    `noun` names an answer, singular and plural ("card", "cards"), for the hints that count what
    is left; `language` the language of its sentences. Raises ValueError when the choice is not
    offered (`chosen_option`).
    """
    option = chosen_option(record, choice, actor)
    targets = record["options"][option]["targets"]
    answers = sorted(targets, key=record["places"].index)
    clues = record["options"][option].get("clues", {})
    total = len(answers)
    one, many = noun
    found = (Message("All {total} {noun} found: nothing is missing.", total=total, noun=_said_noun(_COUNTED, many, language))
             if total != 1 else Message("It is found: nothing is missing."))
    missing = [found.say(language)]
    for left in range(1, total + 1):
        number = capitalised(number_words(left, language))
        if left == 1:
            counted = Message("{number} {noun} is still missing: {clue}.", number=number, noun=_said_noun(_COUNTED, one, language), clue="{clue}")
        else:
            counted = Message("{number} {noun} are still missing: {clue}.", number=number, noun=_said_noun(_COUNTED, many, language), clue="{clue}")
        missing.append(counted.say(language))
    anywhere = Message("try the {noun} you have not clicked yet", noun=_said_noun(_NAMED_NOUNS, many, language)).say(language)
    return {
        "choice": choice,
        "option": option,
        "answers": answers,
        **exercise_words(language),
        **({"done": _ONLY_ONE.say(language)} if total == 1 else {}),
        "missing": missing,
        "clues": {place: clues.get(place) or anywhere for place in answers},
    }


def seal(value: Any, key: str) -> str:
    """`value` as JSON, XORed with SHA-256 blocks of `key` and a block count, in base64: read
    only by who has the key (`unseal`; widgets/seal.js). It hides answers from the page source;
    it is no lock against a reader who hashes every place."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, _stream(key, len(data))))).decode("ascii")


def unseal(sealed: str, key: str) -> Any:
    """What `seal` sealed under `key`. A wrong key or broken data raises ValueError."""
    data = base64.b64decode(sealed, validate=True)
    return json.loads(bytes(a ^ b for a, b in zip(data, _stream(key, len(data)))).decode())


def _stream(key: str, length: int) -> bytes:
    blocks = (hashlib.sha256(f"{key}#{block}".encode()).digest() for block in range(-(-length // 32)))
    return b"".join(blocks)[:length]


def entry_key(salt: str, place: str) -> str:
    """The key that seals what a click on `place` leads to, in an exercise."""
    return f"{salt}|entry|{place}"


def answer_tag(salt: str, place: str) -> str:
    """The name of an answer among the clues: a hash of its place, which does not give its key."""
    return hashlib.sha256(f"{salt}|tag|{place}".encode()).hexdigest()[:12]


def clue_key(salt: str, tag: str) -> str:
    """The key that seals the clue of the answer tagged `tag` (a hint opens it with no click)."""
    return f"{salt}|clue|{tag}"


def exercise_salt(record: dict[str, Any], exercise: dict[str, Any]) -> str:
    """A salt of its own for each exercise (its position, choice and option), the same at every
    build: a page does not change when nothing did, and a reader's progress names the exercise by it."""
    asked = json.dumps([record["view"], record["places"], exercise["choice"], exercise["option"]], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(asked.encode()).hexdigest()[:16]


def sealed_exercise(exercise: dict[str, Any], salt: str) -> dict[str, Any]:
    """The page form of an exercise record: its count and words, the clues sealed, no answers."""
    words = {key: value for key, value in exercise.items() if key not in ("answers", "clues")}
    clues = []
    for place in exercise["answers"]:
        tag = answer_tag(salt, place)
        clues.append([tag, seal(exercise["clues"][place], clue_key(salt, tag))])
    return {**words, "total": len(exercise["answers"]), "salt": salt, "clues": clues}


def opened_exercise(lesson: dict[str, Any]) -> dict[str, Any]:
    """An exercise record as `exercise` made it, read back from sealed page data (the tests'
    robot plays a page with it): its answers are the places whose entry opens to a target."""
    sealed = lesson["exercise"]
    salt = sealed["salt"]
    node = unpack(lesson)[lesson["start"]]
    answers = [place for place in node["places"] if place in node["options"][sealed["option"]]["targets"]]
    clues = dict(sealed["clues"])
    words = {key: value for key, value in sealed.items() if key not in ("total", "salt", "clues")}
    return {**words, "answers": answers,
            "clues": {place: unseal(clues[answer_tag(salt, place)], clue_key(salt, answer_tag(salt, place))) for place in answers}}


class Packer:
    """Page data built a few records at a time: the tables only grow, so an index given out stays
    valid, and `delta()` is what was added since the last call (a Play page's lesson grows a state
    at a time; rulesbook.lessons.play). `pack` is one Packer used once."""

    def __init__(self, mode: str = "play", exercise: dict[str, Any] | None = None, salt: str = "", language: str = "en"):
        self.mode = mode
        self.language = language
        self.exercise = exercise or {}
        self.salt = salt
        self.texts: list[str] = []
        self._text_index: dict[str, int] = {}
        self.tables: dict[str, tuple[list[Any], dict[str, int]]] = {"views": ([], {}), "parts": ([], {}), "places": ([], {})}
        self.nodes: dict[str, Any] = {}
        self._sent = {"texts": 0, "views": 0, "parts": 0, "places": 0}
        self._new_nodes: dict[str, Any] = {}

    def text(self, value: str) -> int:
        found = self._text_index.get(value)
        if found is None:
            found = self._text_index[value] = len(self.texts)
            self.texts.append(value)
        return found

    def shared(self, table: str, value: Any) -> int:
        values, index = self.tables[table]
        key = repr(value)
        found = index.get(key)
        if found is None:
            found = index[key] = len(values)
            values.append(value)
        return found

    def add(self, records: dict[str, dict[str, Any]]) -> None:
        """Pack these node records (a record packed again replaces the one before)."""
        for node_id, record in records.items():
            self.nodes[node_id] = self._new_nodes[node_id] = self._node(node_id, record)

    def _node(self, node_id: str, record: dict[str, Any]) -> dict[str, Any]:
        text, mode = self.text, self.mode
        places = record["places"]
        choices: dict[str, Any] = {}
        for key, choice in record["choices"].items():
            if "refusal" in choice:
                choices[key] = {"label": text(choice["label"]), "refusal": text(choice["refusal"])}
                continue
            says = {}
            for actor, option in choice["options"].items():
                count = len(record["options"][option]["targets"])
                says[actor] = text(choice_say(choice["says"][actor], count, mode, self.language))
            choices[key] = {"label": text(choice["label"]), "options": choice["options"], "actor": choice["actor"], "says": says,
                            "actors": {actor: text(name) for actor, name in choice["actors"].items()}}
        options: dict[str, list[Any]] = {}
        kept = 4 if mode == "find" else 3  # a lesson never says the reach clause: leave it out
        for key, option in record["options"].items():
            targets, refusals = option["targets"], option["refusals"]
            if self.salt:  # an exercise: its answers sealed, their sentences in them; no other option on the page
                if key == self.exercise["option"]:
                    options[key] = [seal(list(targets[place][:kept]) if place in targets else refusals[place], entry_key(self.salt, place))
                                    for place in places]
                continue
            options[key] = [
                [targets[place][0], *map(text, targets[place][1:kept])] if place in targets else text(refusals[place])
                for place in places
            ]
        node = {
            "id": node_id,
            "view": self.shared("views", {name: self.shared("parts", part) for name, part in record["view"].items()}),
            "places": self.shared("places", places),
            "decision": text(record["decision"]),
            "hand": [[card["code"], text(card["label"])] for card in record["hand"]],
            "choices": choices,
            "options": options,
            "idle": text(record["idle"]),
            # An exercise's Hint speaks from its sealed clues; the state's own hint may name the answers.
            "hint": text("" if self.salt else record["hint"]),
        }
        if record.get("hand_label"):
            node["handLabel"] = text(record["hand_label"])
        return node

    def lesson(self, start: str, *, picture: str, title: str = "") -> dict[str, Any]:
        """The whole page data so far (see the module's docstring)."""
        self.delta()
        said = {"language": self.language} if self.language != "en" else {}  # English data as it always was
        return {
            "picture": picture,
            **said,
            "title": title,
            "mode": self.mode,
            "start": start,
            "nodes": dict(self.nodes),
            "texts": list(self.texts),
            "parts": list(self.tables["parts"][0]),
            "views": list(self.tables["views"][0]),
            "places": list(self.tables["places"][0]),
            "exercise": sealed_exercise(self.exercise, self.salt) if self.exercise else {},
        }

    def delta(self) -> dict[str, Any]:
        """What was added since the last `delta` or `lesson`: the new entries of each table, to be
        appended to the page's (their indices follow on), and the nodes packed since (to be set)."""
        tables = {"texts": self.texts, **{name: values for name, (values, _) in self.tables.items()}}
        out: dict[str, Any] = {name: values[self._sent[name]:] for name, values in tables.items()}
        out["nodes"] = self._new_nodes
        self._sent = {name: len(values) for name, values in tables.items()}
        self._new_nodes = {}
        return out


def pack(records: dict[str, dict[str, Any]], start: str, *, picture: str, title: str = "", mode: str = "play",
         exercise: dict[str, Any] | None = None, language: str = "en") -> dict[str, Any]:
    """The page data of these node records (see the module's docstring), its sentences in `language`."""
    packer = Packer(mode, exercise, exercise_salt(records[start], exercise) if exercise else "", language)
    packer.add(records)
    return packer.lesson(start, picture=picture, title=title)


def unpack(lesson: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every node of page data with its sentences, view and places written out: {id: record}.

    A record has the keys of a `LessonGraph` record ("view", "places", "decision", "hand",
    "hand_label", "choices" with "says", "options" with "targets" and "refusals", "idle", "hint"); the
    sentences of the choices are the ones the page shows. In a lesson (not an exercise) a
    target's reach clause is its say.
    """
    texts = lesson["texts"]
    out = {}
    for node_id, node in lesson["nodes"].items():
        places = lesson["places"][node["places"]]
        choices = {}
        for key, choice in node["choices"].items():
            if "refusal" in choice:
                choices[key] = {"label": texts[choice["label"]], "refusal": texts[choice["refusal"]]}
            else:
                choices[key] = {"label": texts[choice["label"]], "options": dict(choice["options"]), "actor": choice["actor"],
                                "says": {actor: texts[index] for actor, index in choice["says"].items()},
                                "actors": {actor: texts[index] for actor, index in choice["actors"].items()}}
        options = {}
        sealed = lesson.get("exercise", {}).get("option")
        for key, entries in node["options"].items():
            targets, refusals = {}, {}
            for place, entry in zip(places, entries):
                if key == sealed:
                    opened = unseal(entry, entry_key(lesson["exercise"]["salt"], place))
                    if isinstance(opened, list):
                        targets[place] = opened
                    else:
                        refusals[place] = opened
                elif isinstance(entry, list):
                    words = [texts[index] for index in entry[1:]]
                    targets[place] = [entry[0], *words, *words[:1] * (4 - len(entry))]  # reach: the say
                else:
                    refusals[place] = texts[entry]
            options[key] = {"targets": targets, "refusals": refusals}
        out[node_id] = {
            "id": node_id,
            "view": {name: lesson["parts"][part] for name, part in lesson["views"][node["view"]].items()},
            "places": list(places),
            "decision": texts[node["decision"]],
            "hand": [{"code": code, "label": texts[label]} for code, label in node["hand"]],
            "hand_label": texts[node["handLabel"]] if "handLabel" in node else "",
            "choices": choices,
            "options": options,
            "idle": texts[node["idle"]],
            "hint": texts[node["hint"]],
        }
    return out
