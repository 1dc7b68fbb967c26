"""The Mighty Bison King lesson (rulesbook.lessons.inferno.bison_turn): lessons as plain data whose
answers come from the rules library only."""

from __future__ import annotations

import json
import re

import pytest

from rulesbook.inferno import Colour, Position, Rules, bison_destinations
from rulesbook.inferno.effects import card_distances
from rulesbook.inferno.position import neighbours
from rulesbook.lessons import BisonLesson, LessonGraph, bison_lesson, cancel_rights, find_exercise, path_lengths, unpack
from rulesbook.lessons.data import opened_exercise

MOUNTAIN = Position.parse("""
MK+1   SB-3   DH+1   PM+2
DH+2@R PM+1   MK+2@Y SB+1
.      SB+2   PM+3   .
""")

def test_lesson_data_is_json_and_its_targets_are_the_rules_library_answer_MOI_R05():
    lesson = bison_lesson(MOUNTAIN, "R", ("BISON", "BISON"), moves=1)
    assert json.loads(json.dumps(lesson)) == lesson
    start = unpack(lesson)[lesson["start"]]
    for cards, option in ((1, "bison1:R"), (2, "bison2:R"), (1, "bison1:Y")):
        colour = option[-1]
        targets = {tuple(map(int, key.split(","))) for key in start["options"][option]["targets"]}
        assert targets == bison_destinations(MOUNTAIN, colour, cards)
        refusals = start["options"][option]["refusals"]
        assert all("(MOI-R05)" in reason for reason in refusals.values())
        assert set(refusals) | set(targets_keys := start["options"][option]["targets"]) == set(start["places"])
        assert set(refusals).isdisjoint(targets_keys)


def test_every_state_reached_in_the_lesson_has_its_record():
    lesson = bison_lesson(MOUNTAIN, "R", ("BISON",), step=True, moves=2)
    nodes = unpack(lesson)
    one_move = {target[0] for option in nodes[lesson["start"]]["options"].values() for target in option["targets"].values()}
    assert one_move <= set(nodes)


def test_three_bison_kings_are_refused_by_the_library_MOI_R05():
    referee = BisonLesson(MOUNTAIN, "R", ("BISON",) * 3)
    graph = LessonGraph(referee)
    choice = graph.node(graph.start_id)["choices"]["h0+h1+h2"]
    assert "MOI-R05" in choice["refusal"]


def test_path_lengths_never_revisit_a_card_MOI_R05():
    row = Position.parse("MK+1@R PM+1 SB+1 DH+1")
    lengths = path_lengths(row, (0, 0))
    assert lengths[(0, 3)] == {3} and lengths[(0, 0)] == {0}


def test_who_may_cancel_differs_by_edition_MOI_R06():
    en, zh = Rules(), Rules(edition="zh")
    assert cancel_rights(MOUNTAIN, "R", "Y", 1, en) == {Colour.YELLOW: "an Iron Fan Princess or a Guan Yin"}
    assert cancel_rights(MOUNTAIN, "R", "R", 2, en) == {}
    assert cancel_rights(MOUNTAIN, "R", "R", 2, zh) == {Colour.YELLOW: "two Iron Fan Princesses or one Guan Yin"}


def test_find_exercise_answers_are_the_destinations_MOI_R05():
    lesson = find_exercise(MOUNTAIN, "Y", cards=2)
    expected = sorted(f"{r},{c}" for r, c in bison_destinations(MOUNTAIN, "Y", 2))
    assert lesson["mode"] == "find" and opened_exercise(lesson)["answers"] == expected


#: The Mountains of the chapter *Mighty Bison King*: its board, its row of four and its exercise.
CHAPTER_MOUNTAINS = (
    MOUNTAIN,
    Position.parse("MK+1@R PM+1 SB+1 DH+1"),
    Position.parse("""
SB+1   MK+2   .      DH+3
PM+2@B DH+1   SB+2   MK+1
.      PM+1@R MK-3   PM+1
"""),
)
PATH_CLAIM = re.compile(r"moves? a pawn (\d+) (?:to|or) (\d+) cards, and no path from .+ to .+ that visits no card twice "
                        r"is that long: the shortest is (\d+) cards? \(MOI-R05\)$")


def every_simple_path_length(position: Position, start: tuple[int, int]) -> dict[tuple[int, int], set[int]]:
    """Every length of every path from start that visits no card twice, however long: no cap."""
    lengths: dict[tuple[int, int], set[int]] = {}
    path = [start]

    def walk(place: tuple[int, int]) -> None:
        lengths.setdefault(place, set()).add(len(path) - 1)
        for near in neighbours(place):
            if near in position.cards and near not in path:
                path.append(near)
                walk(near)
                path.pop()

    walk(start)
    return lengths


@pytest.mark.parametrize("mountain", CHAPTER_MOUNTAINS, ids=["board", "row", "exercise"])
def test_a_refusal_says_of_the_paths_only_what_every_path_bears_out_MOI_R05(mountain):
    """A card the pawn could stand on yet cannot reach is refused with the reach and the shortest path:
    no path of the reach's length exists and the shortest is as said, checked against every path
    (an 8-card path to (0, 3) on the chapter's board was once hidden behind "4 or 6 cards long")."""
    claimed = 0
    for colour in mountain.pawns:
        start = mountain.pawn(colour)
        every = every_simple_path_length(mountain, start)
        for cards in (1, 2):
            lesson = bison_lesson(mountain, colour, ("BISON",) * cards, pawns=(colour,), moves=1)
            refusals = unpack(lesson)[lesson["start"]]["options"][f"bison{cards}:{colour.letter}"]["refusals"]
            for key, reason in refusals.items():
                place = tuple(int(n) for n in key.split(","))
                if place not in mountain.cards or place == start or mountain.pawns_at(place):
                    continue
                found = PATH_CLAIM.search(reason)
                assert found, reason
                low, high, shortest = map(int, found.groups())
                assert (low, high) == (Rules().bison_steps(cards)[0], Rules().bison_steps(cards)[-1])
                assert not every[place] & set(range(low, high + 1)), (reason, sorted(every[place]))
                assert shortest == min(every[place]) == card_distances(mountain, start)[place], reason
                claimed += 1
    assert claimed


@pytest.mark.parametrize("cards", [0, 3, "1", True])
def test_a_find_exercise_for_other_than_one_or_two_bison_kings_is_refused_naming_cards_MOI_R05(cards):
    """It said "the choice '' is not offered here; nothing is" (0), listed every choice of three
    cards (3), or raised a TypeError ("1")."""
    with pytest.raises(ValueError) as refused:
        find_exercise(MOUNTAIN, "R", cards=cards)
    assert str(refused.value) == f"cards: one or two Mighty Bison King cards are played together (MOI-R05), not {cards!r}"


def test_a_find_exercise_with_nothing_to_find_is_refused_as_the_other_games_are_MOI_R05():
    """Two Bison Kings move a pawn 4 or 5 cards, and a row of four has no card that far: the board
    could never be done, yet it was made (Hudai's and Madness's find boards, and teach, refuse it)."""
    row = Position.parse("MK+1@R PM+1 SB+1 DH+1")
    assert bison_destinations(row, "R", 2) == set()
    with pytest.raises(ValueError) as refused:
        find_exercise(row, "R", cards=2)
    assert str(refused.value) == ("cards: two Mighty Bison King cards can take the red pawn to no card of this Mountain "
                                  "(MOI-R05): nothing to find; give another Mountain, pawn or number of cards")
    assert find_exercise(row, "R", cards=1)["mode"] == "find"  # one card: three places to find
