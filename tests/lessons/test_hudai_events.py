"""The Hudai Pass lessons read the engine's events by kind and data, never by their sentences: the
same lessons, with every sentence of the engine reworded, find the same answers (issue 21)."""

from __future__ import annotations

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.hudai import HeuristicMonk, Rules, apply, engine, game_moment
from rulesbook.lessons import LessonGraph
from rulesbook.lessons.hudai.questions import CardsQuestion, LossQuestion, PowersQuestion, ReplayReferee
from rulesbook.lessons.hudai.table import TableReferee, turn_steps

CRUSHING = Rules(powers=("drain", "defend", "crush"))

#: (a question's class, its moment, its question): moments of the chapters' exercises.
QUESTIONS = [
    (CardsQuestion, game_moment("R5 G3 W1 K2", combo="R1"), "fits"),
    (CardsQuestion, game_moment("R1 R5 W2 G3 G6 B4"), "combo"),
    (CardsQuestion, game_moment("W5 W4 W2 W1", powers=(0, 0, 6), phase="obtain", rules=CRUSHING), "taken"),
    (CardsQuestion, game_moment("K6 R5 W1 K2", phase="obtain", draw_pile=""), "corrupts"),
    (PowersQuestion, game_moment("W1 W2 W5 W6", powers=(1, 0, 0), phase="obtain"), "fed"),
    (PowersQuestion, game_moment("W1 W2 W5 W6", powers=(1, 0, 0), phase="obtain"), "acts"),
    (PowersQuestion, game_moment("W5 W6 W3 W4", powers=(0, 2, 5), phase="obtain", corruption=3), "acts"),
]
LOSSES = [
    {"hand": "W1 W2 W3 W4", "staged_damage": 2, "monk_health": 2},
    {"hand": "W5 W6 W3 W4", "powers": (1, 1, 11)},
    {"hand": "W5 W6 K3 W4", "corruption": 12},
    {"hand": "W5 W6 W3 W4", "powers": (1, 1, 5), "corruption": 12},
]


def reword(monkeypatch) -> None:
    """Every sentence the engine says, reworded: each now says only its function's name, backwards."""
    names = [name for name in vars(engine) if name.startswith("_say_") or name == "_why_corrupted"]
    assert len(names) > 30
    for name in names:
        monkeypatch.setattr(engine, name, lambda *args, _name=name, **data: f"Quite other words: {_name[::-1]}")


def answers(question) -> tuple:
    return sorted(question.answers), sorted(question.reasons), question.places_asked, question.stage, question.table.to_json()


def lesson_facts() -> list:
    """What the lessons find on the moments above: answers, places, stages, the walk of a turn."""
    facts: list = [answers(kind(state, asked)) for kind, state, asked in QUESTIONS]
    facts += [answers(LossQuestion(game_moment(phase="obtain", draw_pile="", **fields))) for fields in LOSSES]
    walked = turn_steps(game_moment("R5 W1 G3 K6", powers=(3, 5, 2), staged_damage=2, phase="obtain"), "pass")
    facts.append([(step.place, step.stage, step.log, step.feeding, step.table.to_json()) for step in walked])
    node = LessonGraph(TableReferee(game_moment("R5 W1 G3 K6", combo="R1", powers=(3, 5, 2), staged_damage=1))).node("s0")
    facts.append({option: sorted(value["targets"]) for option, value in node["options"].items()})
    record = GameRecord.play("hudai", 1, seed=23, bots=[HeuristicMonk(23)])
    facts.append([(step[0].to_json(), step[1], step[5]) for step in ReplayReferee(record, turns=4).steps])
    return facts


def test_rewording_the_engines_sentences_changes_no_lessons_answer(monkeypatch):
    state = game_moment("K6 R5 W1 K2", phase="obtain", draw_pile="")
    assert "Black card K6 in hand corrupts the monk (HUD-R05): corruption 1/12." in [event.text for event in apply(state, "pass")[1]]
    original = lesson_facts()
    reword(monkeypatch)
    assert all(event.text.startswith("Quite other words") for event in apply(state, "pass")[1])
    assert lesson_facts() == original


def test_an_events_data_names_what_it_is_about():
    state = game_moment("K6 R5 W1 K2", phase="obtain", draw_pile="", powers=(0, 0, 4))
    events = apply(state, "pass")[1]
    corrupting = [dict(event.data) for event in events if event.kind == "corruption"]
    assert [(data["cause"], data.get("card"), data.get("power")) for data in corrupting] == [
        ("black", "K6", None), ("black", "K2", None), ("mind_pierce", None, 2)]
    assert [data["corruption"] for data in corrupting] == [1, 2, 3]
    feed = next(event for event in events if event.kind == "feed")
    assert feed.data["added"] == (2, 0, 2) and feed.data["powers"] == (2, 0, 6)
