"""Exercises of your own, in a few lines: a find exercise on any moment of any of the three games.

Choose the moment in the game's own notation (each game's `game_moment`), the question (which
choice the reader has made: hand cards "h0" or "h0+h1", an effect, a Hudai Pass step such as
"obtain", a Madness decision such as "fly"), and the wording; get a board that checks every
click with the rules engine. It checks itself when made: a card name with a typo or a moment that
cannot arise is refused by `game_moment`, and a question with nothing to find, a choice the moment
does not offer or wording with a placeholder it does not know is a ValueError naming it.

>>> from rulesbook import teach
>>> from rulesbook.inferno import game_moment
>>> moment = game_moment("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "SB+2"])
>>> board = teach.exercise(moment, "h0", prompt="Where may MK+2 be laid?",
...                        right="Yes. {Say} {found} of {total} so far.", hint="look beside the cards")
>>> len(board.exercise["answers"]), board.exercise["right"]
(10, 'Yes. {Say} {found} of {total} so far.')
>>> board.click((-1, -1))   # a wrong click: the engine's refusal, its rule cited
'A disciple must touch a card of the Mountain along a side, not only at a corner (rulebook I)'
>>> board.click((-1, 0))
'Yes. MK+2 may be laid at (-1, 0): it touches the Mountain along a side. 1 of 10 so far.'


The sentences: `right` (an answer found) and `done` (the last one) may use {say} (what the board
says of the answer, as a clause: "the PM+1 card at (0, 1) works."), {Say} (the same with a
capital, to start a sentence), {found} and {total}; `again` (found already) only {found} and
{total}. `hint` is what the Hint button adds to "Two places are still missing: ...", as written,
one sentence for every answer or one for some (a dict by the answer's place, as
`board.exercise["answers"]` names them; an answer left out keeps the board's own hint, such as
"look beside the MK+1 card at (0, 0)"). The board fills a placeholder written just so and shows
every other brace as it is, so any other brace is refused: "{ found }", "{found:>3}", "{{found}}"
(which would show as "{1}").
"""

from __future__ import annotations

import re
from typing import Any

from rulesbook.hudai.state import State as HudaiState
from rulesbook.inferno.state import State as InfernoState
from rulesbook.lessons.graph import place_key
from rulesbook.madness.state import State as MadnessState
from rulesbook.widgets import HudaiTable, InfernoBoard, MadnessExpedition
from rulesbook.widgets.board import Board

#: The placeholders a sentence of an exercise may hold (filled in on the page and in Python).
PLACEHOLDERS = ("say", "Say", "found", "total")
#: Those the board fills in each sentence (board.js `answer`): a place found again has nothing to
#: say, and a hint goes into the board's own sentence as it is.
_FILLED = {"right": PLACEHOLDERS, "done": PLACEHOLDERS, "again": ("found", "total"), "hint": ()}
_BRACED = re.compile(r"\{([^{}]*)\}")


def exercise(moment: InfernoState | HudaiState | MadnessState, ask: str, *, actor: str | int | None = None,
             prompt: str = "", right: str | None = None, again: str | None = None, done: str | None = None,
             hint: str | dict[str, str] | None = None, language: str | None = None) -> Board:
    """A find exercise on `moment`: with `ask` chosen (for `actor`: a pawn's colour in Mountain of
    Inferno, a seat in Madness; none in Hudai Pass, where the monk makes every choice), the reader finds every place the engine accepts. A Mountain of
    Inferno exercise speaks `language` ("zh-TW"; by default the one `rulesbook.widgets.speak` chose);
    the other games' boards speak English only, and another `language` for them is a ValueError."""
    if not isinstance(ask, str):
        raise ValueError(f"ask: the choice made, as 'h0', 'obtain' or 'fly', not {ask!r}")
    if not isinstance(prompt, str):
        raise ValueError(f"prompt: a question is text, not {prompt!r}")
    if prompt and not prompt.strip():
        raise ValueError("prompt: a question of blanks only; give it words or leave it out")
    if hint is not None and not isinstance(hint, (str, dict)):
        raise ValueError(f"hint: one sentence, or a sentence for each answer ({{answer: sentence}}), not {hint!r}")
    if isinstance(moment, (HudaiState, MadnessState)) and language is not None and language != "en":
        title = "a Hudai Pass" if isinstance(moment, HudaiState) else "an At the Mountains of Madness"
        raise ValueError(f"language: {title} board speaks English only ('en'): only Mountain of Inferno's boards speak "
                         f"zh-TW; not {language!r}")
    if isinstance(moment, InfernoState):
        board: Board = InfernoBoard.find_in_game(moment, ask, None if actor is None else str(actor), title=prompt,
                                                  language=language)
    elif isinstance(moment, HudaiState):
        if actor is not None:  # a solo game: every choice is the monk's
            raise ValueError(f"actor: Hudai Pass has one player, the monk, who makes every choice; leave actor out, not {actor!r}")
        board = HudaiTable.find(moment, ask, None, title=prompt)
    elif isinstance(moment, MadnessState):
        if actor is not None and (isinstance(actor, bool) or not isinstance(actor, int)):
            raise ValueError(f"actor: a seat of the table, 0 to {moment.players - 1}, not {actor!r}")
        board = MadnessExpedition.find(moment, ask, seat=actor, title=prompt)
    else:
        raise TypeError(f"moment: a moment of one of the games (their game_moment), not {type(moment).__name__}")
    record = board.exercise
    if not record.get("answers"):
        raise ValueError(f"ask: {ask!r} has nothing to find on this moment: every click would be refused")
    words = {"right": right, "again": again, "done": done}
    for name, sentence in words.items():
        if sentence is not None:
            record[name] = _checked(name, sentence, _FILLED[name])
    if hint is not None:
        record["clues"] = _clues(hint, record["answers"], record["clues"])
    return board.asked(record)


def _checked(name: str, sentence: str, filled: tuple[str, ...]) -> str:
    """The sentence, if the board shows it as written but for the placeholders in `filled`: it
    fills {name} for those (board.js `fill`) and shows every other brace as it is."""
    if not isinstance(sentence, str) or not sentence.strip():
        raise ValueError(f"{name}: a sentence is needed, not {sentence!r}")
    may = (f"this sentence may use {', '.join('{' + placeholder + '}' for placeholder in filled)}" if filled
           else "a hint is shown as written, with no placeholders")
    for braced in _BRACED.finditer(sentence):
        if braced.group(1) not in filled:
            meant = re.split(r"[!:]", braced.group(1))[0].strip()
            how = f"write {{{meant}}}, with no blanks, conversion or format; " if meant in filled else ""
            raise ValueError(f"{name}: no placeholder {braced.group(0)}; {how}{may}")
    stray = re.search(r"[{}]", _BRACED.sub(lambda braced: " " * len(braced.group(0)), sentence))
    if stray:
        raise ValueError(f"{name}: the {stray.group(0)!r} at character {stray.start() + 1} of {sentence!r} belongs to no "
                         f"placeholder, and the board would show it as written (a doubled brace is no escape); {may}")
    return sentence


def _clues(hint: str | dict[Any, str], answers: list[str], own: dict[str, str]) -> dict[str, str]:
    """Each answer's hint; a grid place may be named as a board's click names it, (row, column).
    An answer the dict leaves out keeps the board's own hint (`own`), so a teacher may write one
    for the answer a class misses most and leave the rest."""
    if isinstance(hint, str):
        return {place: _checked("hint", hint, _FILLED["hint"]) for place in answers}
    keys: dict[Any, list[Any]] = {}
    for key in hint:
        keys.setdefault(_answer_key(key), []).append(key)
    twice = next((named for named in keys.values() if len(named) > 1), None)
    if twice:
        raise ValueError(f"hint: {' and '.join(map(repr, twice))} name the same answer; give each answer once")
    hint = {_answer_key(key): sentence for key, sentence in hint.items()}
    unknown = sorted(str(key) for key in set(hint) - set(answers))
    if unknown:
        raise ValueError(f"hint: {', '.join(unknown)} is not among the answers ({', '.join(answers)})")
    return {place: _checked(f"hint[{place!r}]", hint[place], _FILLED["hint"]) if place in hint else own[place]
            for place in answers}


def _answer_key(key: Any) -> Any:
    """An answer as the exercise names it: a grid place (row, column) as "row,column"."""
    if isinstance(key, tuple) and len(key) == 2 and all(type(number) is int for number in key):
        return place_key(key)
    return key


__all__ = ["PLACEHOLDERS", "exercise"]
