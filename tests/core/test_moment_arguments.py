"""A teacher's typing, fuzzed: each game's `game_moment` given values of every kind for its keyword
arguments (numbers, texts, lists, dicts, objects) either makes a moment or refuses it with a
DataError that names the argument, in all three games alike (a bad card code is named by the
argument it was typed in, its own words after). Never a TypeError,
KeyError or AttributeError from inside, which is what a notebook would show as a traceback."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from simulation_scale import scaled

from rulesbook.core.data import DataError
from rulesbook.hudai import game_moment as hudai_moment
from rulesbook.inferno import game_moment as inferno_moment
from rulesbook.madness import game_moment as madness_moment

#: The moment each game starts from, before the keyword arguments.
MOMENTS = {
    "inferno": (inferno_moment, ("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON", "SB+2"])),
    "hudai": (hudai_moment, ("W1 R5",)),
    "madness": (madness_moment, (4,)),
}

#: Values a teacher might type in the wrong place: some right for one argument or another.
VALUES = [
    None, 0, 1, -1, 3, 99, 2.5, True, "", "x", "R5", "X1", "Seals", "MK+2", "0,1", "zh", "value", [], [1], ["x"], ["R5"],
    ["X1"], ["value"], [[1, 2]], {}, {0: 1}, {0: ["Tools 6"]}, {9: [1]}, {"a": 1}, (1, 2), (2, 3), ((0, "Tools 3"),),
    [(1, "Tools 3")], {0: [1, 2]}, b"x", object(),
]


def keywords(game: str) -> list[str]:
    make, _ = MOMENTS[game]
    return [parameter.name for parameter in inspect.signature(make).parameters.values() if parameter.kind is parameter.KEYWORD_ONLY]


def made_or_refused(game: str, arguments: dict) -> None:
    make, first = MOMENTS[game]
    try:
        make(*first, **arguments)
    except DataError as error:
        assert error.why, arguments  # refused in words
        if error.field != "state":  # else a moment each argument allows and the game's invariants refuse
            assert error.field.split(".")[0].split("[")[0] in arguments, (error.field, arguments)


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_each_keyword_argument_given_each_value_makes_a_moment_or_a_value_error(game):
    """Every argument alone with every value: what a check further in would fail on first."""
    for name in keywords(game):
        for value in VALUES:
            made_or_refused(game, {name: value})


@pytest.mark.parametrize("game", sorted(MOMENTS))
@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_two_keyword_arguments_make_a_moment_or_a_value_error(game, data):
    chosen = data.draw(st.lists(st.sampled_from(keywords(game)), min_size=2, max_size=2, unique=True), label="arguments")
    made_or_refused(game, {name: data.draw(st.sampled_from(VALUES), label=name) for name in chosen})
