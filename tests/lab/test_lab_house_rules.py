"""House rules as functions in the lab: swept and simulated like any rule, by `house` or whole
sets of `rules`, on one worker; a pool of processes takes them only where it inherits this
process's definitions (forked), and a Dask cluster never: refused naming the field."""

from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from rulesbook import lab
from rulesbook.core.house import HouseRuleError, forget, house_rule
from rulesbook.inferno import Rules

SEATS = ("result_0", "result_1", "result_2")


@pytest.fixture
def catch_up():
    @house_rule("test-lab-catch-up", "scoring")
    def change(state):
        """The last seat in the totals gains 2 points at each round's scoring."""
        last = min(range(state.players), key=state.totals.__getitem__)
        return dataclasses.replace(state, totals=tuple(total + 2 * (seat == last) for seat, total in enumerate(state.totals)))

    yield change
    forget("test-lab-catch-up")


def test_a_sweep_of_house_rules_plays_the_same_deals_under_each(catch_up):
    """Random bots take the same actions under both (they read no totals): every game's totals
    differ by the 2 points of each of the three rounds, and nothing else."""
    rows = lab.sweep("inferno", {"house": {"as printed": (), "catch-up": (catch_up,)}}, games=6, players=3, seed=1,
                     bots="random", per_game=True)
    printed, house = (rows[rows["house"] == label].reset_index(drop=True) for label in ("as printed", "catch-up"))
    assert list(rows["variant"].unique()) == ["house=as printed", "house=catch-up"] and len(printed) == len(house) == 6
    assert printed["default"].all() and not house["default"].any()
    assert (house[list(SEATS)].sum(axis=1) == printed[list(SEATS)].sum(axis=1) + 6).all()
    assert house["actions"].equals(printed["actions"])


def test_house_rules_are_swept_by_name_in_a_list_or_a_tuple_alike(catch_up):
    """("test-lab-catch-up",) is the same variant as ["test-lab-catch-up"], the rule itself, alone or in a list."""
    figures = [lab.sweep("inferno", {"house": [(), named]}, games=4, players=3, seed=1, bots="random", per_game=True)
               for named in (["test-lab-catch-up"], ("test-lab-catch-up",), (catch_up,), [catch_up], catch_up)]
    for other in figures[1:]:
        assert figures[0][list(SEATS)].equals(other[list(SEATS)])
        assert list(other["variant"].unique()) == ["house=none", "house=test-lab-catch-up"], other["variant"].unique()
    given = lab.simulate("inferno", games=2, players=3, seed=1, bots="random", rules={"house": [catch_up]})
    assert given[list(SEATS)].equals(lab.simulate("inferno", games=2, players=3, seed=1, bots="random",
                                                  rules={"house": ["test-lab-catch-up"]})[list(SEATS)])


def test_whole_sets_of_rules_with_house_rules_sweep_as_the_field_does(catch_up):
    by_field = lab.sweep("inferno", {"house": {"as printed": (), "catch-up": (catch_up,)}}, games=6, players=3, seed=1,
                         bots="random")
    by_rules = lab.sweep("inferno", {"rules": {"as printed": Rules(), "catch-up": Rules(house=(catch_up,))}}, games=6,
                         players=3, seed=1, bots="random")
    assert list(by_rules["rules"]) == ["as printed", "catch-up"]
    figures = [column for column in by_field.columns if column.startswith(("win_rate", "mean_result"))]
    assert figures and by_field[figures].equals(by_rules[figures])


def test_a_forked_pool_plays_house_rules_as_one_worker_does(catch_up):
    alone = lab.simulate("inferno", games=6, players=3, seed=2, rules=Rules(house=(catch_up,)))
    shared = lab.simulate("inferno", games=6, players=3, seed=2, rules=Rules(house=(catch_up,)), workers=2)
    pd.testing.assert_frame_equal(alone, shared)


def test_a_house_rule_that_fails_in_a_pool_is_told_as_on_one_worker():
    """It ended in BrokenProcessPool: the worker's HouseRuleError could not be pickled back."""
    @house_rule("test-lab-broken", "scoring")
    def broken(state):
        raise RuntimeError("oops")

    try:
        for workers in (1, 2):
            with pytest.raises(HouseRuleError, match=r"^house rule 'test-lab-broken' \(scoring\): the function raised RuntimeError: oops$"):
                lab.simulate("inferno", games=4, players=2, seed=1, bots="random", rules=Rules(house=(broken,)), workers=workers)
    finally:
        forget("test-lab-broken")


def test_a_house_rule_that_fails_as_the_first_game_is_set_up_is_its_own_error_with_its_cause():
    """The lab sets up a run's first game to refuse what the game cannot start; a teacher's function
    failing there was a plain ValueError with no cause, which `except HouseRuleError` missed."""
    @house_rule("test-lab-typo", "round_start")
    def typo(state):
        return state.totalz

    try:
        for call in (lambda: lab.simulate("inferno", games=2, players=2, rules=Rules(house=(typo,))),
                     lambda: lab.strength("inferno", ["random", "greedy"], games=2, players=2, rules=Rules(house=(typo,)))):
            with pytest.raises(HouseRuleError, match=r"^house rule 'test-lab-typo' \(round_start\): the function raised "
                                                     r"AttributeError: 'State' object has no attribute 'totalz'$") as failed:
                call()
            assert isinstance(failed.value.__cause__, AttributeError)
        with pytest.raises(HouseRuleError) as failed:  # in one variant only: which one is said
            lab.sweep("inferno", {"house": {"as printed": (), "typo": (typo,)}}, games=2, players=2)
        assert isinstance(failed.value.__cause__, AttributeError)
        assert failed.value.__notes__ == ["(in the variant house=typo of Mountain of Inferno)"]
    finally:
        forget("test-lab-typo")


def test_processes_started_afresh_or_a_cluster_are_refused_house_rules_naming_the_field(catch_up, monkeypatch):
    import rulesbook.lab.workers as workers

    monkeypatch.setattr(workers.multiprocessing, "get_start_method", lambda: "spawn")
    with pytest.raises(ValueError, match=r"the rule 'house' \(test-lab-catch-up\) holds functions defined in this Python "
                                         r"process, which processes started by 'spawn' do not have: play these rules "
                                         r"with workers=1"):
        lab.sweep("inferno", {"house": {"as printed": (), "catch-up": (catch_up,)}}, games=2, players=3, workers=2)

    class Client:  # what `client` must look like; refused before anything is sent to it
        def map(self, *args):
            raise AssertionError("nothing is sent")

        def cancel(self, futures):
            pass

        def nthreads(self):
            return {"worker": 1}

    with pytest.raises(ValueError, match="which a Dask cluster's workers do not have"):
        lab.simulate("inferno", games=2, players=3, rules=Rules(house=(catch_up,)), client=Client())
    assert len(lab.simulate("inferno", games=2, players=3, rules=Rules(house=(catch_up,)))) == 2  # one worker: always
