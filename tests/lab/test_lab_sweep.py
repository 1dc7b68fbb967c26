"""lab.sweep and lab.summarise: one row per variant with Wilson and t intervals; any Rules field,
data values included, can be swept; bad fields, values and combinations are refused before any
game is played."""

from __future__ import annotations

import re
import time

import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from rulesbook import lab
from rulesbook.core import harness, protocol
from rulesbook.core.stats import wilson

from simulation_scale import scaled
import toy_game


@pytest.fixture
def toy(monkeypatch):
    """The toy race registered as a game, for the length of a test."""
    monkeypatch.setitem(protocol.GAMES, "toy", "toy_game")
    return toy_game


def figures(table: pd.DataFrame) -> list[str]:
    return [column.removesuffix("_low") for column in table.columns if column.endswith("_low")]


def test_a_sweep_has_one_row_per_variant_each_interval_around_its_estimate():
    table = lab.sweep("inferno", {"edition": ["en", "zh"], "two_pawns": [False, True]}, games=8, players=3, seed=1, bots="random")
    assert list(table["variant"]) == ["edition=en, two_pawns=False", "edition=en, two_pawns=True",
                                      "edition=zh, two_pawns=False", "edition=zh, two_pawns=True"]
    assert list(table["default"]) == [True, False, False, False]
    assert list(table["edition"]) == ["en", "en", "zh", "zh"] and list(table["two_pawns"]) == [False, True, False, True]
    assert (table["games"] == 8).all()
    names = figures(table)
    assert {"win_rate_0", "win_rate_1", "win_rate_2", "turns", "round_ending_cross", "ending_pile"} <= set(names)
    assert "win_rate" not in names  # someone always wins Inferno: the seats' rates say who
    for name in names:
        assert (table[f"{name}_low"] <= table[name]).all() and (table[name] <= table[f"{name}_high"]).all(), name
    rates = table[[f"win_rate_{seat}" for seat in range(3)]].sum(axis=1)
    assert rates.tolist() == pytest.approx([1.0] * 4)
    assert table.attrs["confidence"] == 0.95 and table.attrs["game"] == "inferno"


def test_intervals_shrink_with_more_games():
    few = lab.sweep("hudai", {"monk_health": [8, 16]}, games=30, seed=2, bots="random")
    many = lab.sweep("hudai", {"monk_health": [8, 16]}, games=480, seed=2, bots="random")
    for name in ("win_rate", "turns", "actions", "ending_health", "demon_health"):
        narrower = (few[f"{name}_high"] - few[f"{name}_low"]) / (many[f"{name}_high"] - many[f"{name}_low"])
        assert (narrower > 2).all(), (name, narrower.tolist())  # about 4 for 16 times the games


def test_the_default_rules_are_added_first_when_the_grid_leaves_them_out():
    table = lab.sweep("hudai", {"monk_health": [8, 16]}, games=4, bots="random")
    assert list(table["variant"]) == ["default", "monk_health=8", "monk_health=16"]
    assert list(table["default"]) == [True, False, False]
    # Hudai's games have a monk_health column (at the end), so the swept start value is rule_monk_health
    assert list(table["rule_monk_health"]) == [12, 8, 16]
    assert "monk_health" in figures(table)
    assert list(lab.sweep("hudai", {"monk_health": [8]}, games=2, bots="random", baseline=False)["variant"]) == ["monk_health=8"]


def test_the_table_and_the_rules_can_be_swept_together():
    table = lab.sweep("madness", {"players": [3, 5], "expert": [True]}, games=4, bots="random")
    assert list(table["variant"]) == ["default", "players=3, expert=True", "players=5, expert=True"]
    assert list(table["players"]) == [4, 3, 5]
    assert "win_rate" in figures(table) and "win_rate_0" not in figures(table)  # the expedition wins or loses together


def test_per_game_rows_sum_up_to_the_sweep_table():
    grid = {"edition": ["en", "zh"]}
    rows = lab.sweep("inferno", grid, games=6, players=2, seed=4, bots="random", per_game=True)
    table = lab.sweep("inferno", grid, games=6, players=2, seed=4, bots="random")
    assert len(rows) == 12 and list(rows.columns[:3]) == ["variant", "default", "edition"]
    assert list(rows["seed"]) == [f"4:{index}" for index in range(6)] * 2  # every variant plays the same deals
    again = lab.summarise(rows, by="variant")
    pd.testing.assert_frame_equal(again, table.drop(columns=["default", "beyond_noise", "edition"]), check_like=True)


def test_a_data_valued_field_is_swept_and_labelled_by_its_name(toy):
    table = lab.sweep("toy", {"deck": [toy.STANDARD, toy.SHORT], "target": [3, 6]}, games=5, bots="random", baseline=False)
    assert list(table["variant"]) == ["deck=standard, target=3", "deck=standard, target=6",
                                      "deck=short, target=3", "deck=short, target=6"]
    assert list(table["deck"]) == ["standard", "standard", "short", "short"]
    mine = toy.Deck("mine", (2,) * 8)
    labelled = lab.sweep("toy", {"deck": {"house deck": mine}}, games=3, bots="random")
    assert list(labelled["variant"]) == ["default", "deck=house deck"]
    twins = lab.sweep("toy", {"deck": [toy.Deck("custom", (1, 2)), toy.Deck("custom", (2, 1))], "target": [2]}, games=2)
    assert list(twins["deck"]) == ["standard", "custom", "custom #2"]


def test_a_data_value_of_the_wrong_kind_or_an_impossible_combination_is_refused(toy):
    with pytest.raises(ValueError, match=re.escape("bad value for the rule 'deck': 'small' cannot stand for a Deck: give the value itself")):
        lab.sweep("toy", {"deck": ["small"]}, games=2)
    with pytest.raises(ValueError, match=re.escape("bad value for the rule 'deck' of Toy Race: 42 is not a Deck")):
        lab.sweep("toy", {"deck": [toy.SHORT, 42]}, games=2)
    with pytest.raises(ValueError, match=re.escape("Toy Race refuses the variant deck=short, target=12: the short deck cannot reach a target of 12")):
        lab.sweep("toy", {"deck": [toy.STANDARD, toy.SHORT], "target": [12]}, games=2)


BAD = [
    ({"editon": ["en"]}, "Mountain of Inferno has no rule 'editon'; a sweep varies its rules (edition, two_pawns"),
    ({"edition": ["en", "fr"]}, "bad value for the rule 'edition': 'fr' is not one of en, zh"),
    ({"two_pawns": [True, 2]}, "bad value for the rule 'two_pawns' of Mountain of Inferno: 2 is not true or false"),
    ({"play_limit": [None, 0]}, "Mountain of Inferno refuses the variant play_limit=0: Rules.play_limit: must be at least 1"),
    ({"rounds_by_players": [((2, 4), (4, 4))]}, "refuses the variant rounds_by_players=[[2,4],[4,4]]: players: Mountain of Inferno is for 2 to 4 players, not 3"),
    ({"players": [2, 7]}, "Mountain of Inferno refuses the variant players=7: players: Mountain of Inferno is for 2 to 4 players, not 7"),
    ({"bots": ["random", "smart"]}, "refuses the variant bots=smart: Mountain of Inferno has no bot 'smart'"),
    ({"edition": "zh"}, "the values of 'edition' are a list (or {label: value}), not 'zh'"),
    ({"edition": []}, "'edition' has no values to try"),
    ({}, "a sweep needs the values to try"),
]


@pytest.mark.parametrize("grid, message", BAD)
def test_bad_fields_values_and_combinations_are_refused_before_any_game(grid, message, monkeypatch):
    def no_game(*_):
        raise AssertionError("a game was played")

    monkeypatch.setattr(harness.Run, "play", no_game)
    started = time.perf_counter()
    with pytest.raises(ValueError, match=re.escape(message)):
        lab.sweep("inferno", grid, games=1000, players=3)
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("arguments, message", [
    (dict(games=0), "games is a whole number from 1 to 1,000,000, not 0"),
    (dict(games=-3), "games is a whole number from 1 to 1,000,000, not -3"),
    (dict(confidence=2), "confidence is a number between 0 and 1, such as 0.95, not 2"),
    (dict(confidence=0.0), "confidence is a number between 0 and 1, such as 0.95, not 0.0"),
    (dict(client=5), "client is a Dask distributed Client (lab.local_client() makes one), not 5"),
    (dict(workers=-1), "workers is a whole number from 1 to"),
    (dict(seed=1.5), "the seed is a whole number or a text, not 1.5"),
    (dict(players="3"), "players: expected a whole number, not '3'"),
    (dict(baseline="no"), "baseline is True or False, not 'no'"),
    (dict(per_game=1), "per_game is True or False, not 1"),
    (dict(progress=0), "progress is True or False (or None), not 0"),
    (dict(label=3), "label is the progress bar's words, as text, not 3"),
])
def test_bad_arguments_are_refused_by_name_before_any_game(arguments, message, monkeypatch):
    monkeypatch.setattr(harness.Run, "play", lambda *_: (_ for _ in ()).throw(AssertionError("a game was played")))
    with pytest.raises(ValueError, match=re.escape(message)):
        lab.sweep("inferno", {"two_pawns": [False, True]}, **{"games": 10, "players": 2, **arguments})


def test_summarise_groups_by_any_column():
    table = lab.simulate("inferno", games=12, players=2, seed=5, bots="random")
    by_first = lab.summarise(table, by="bot_0")
    assert list(by_first["bot_0"]) == ["random"] and by_first.loc[0, "games"] == 12
    whole = lab.summarise(table)
    assert len(whole) == 1 and whole.loc[0, "win_rate_0"] + whole.loc[0, "win_rate_1"] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="the table has no column 'seat'"):
        lab.summarise(table, by="seat")
    assert lab.summarise(table, by=("bot_0",)).equals(by_first)
    with pytest.raises(ValueError) as refused:  # a TypeError from inside before
        lab.summarise(table, by=5)
    assert str(refused.value) == "by is a column's name or a list of names, not 5"


def _madness_table(rows: list[tuple[bool, int, int, int, int]]) -> pd.DataFrame:
    """A table of Madness games as lab.simulate makes it, its figures as given: (won, relics,
    injuries, turns, long), `long` a teacher's own 0-or-1 column."""
    table = pd.DataFrame([{"game": index, "bot_0": ("expedition", "random")[index % 2], "won": won,
                           "ending": "escaped" if won else "no hope", "actions": 3 * turns, "turns": turns,
                           "relics": relics, "injuries": injuries, "margin": relics - injuries, "long": long}
                          for index, (won, relics, injuries, turns, long) in enumerate(rows)])
    table.attrs["game"] = "madness"
    return table


def test_a_column_of_0_and_1_is_a_share_and_a_count_stops_at_0():
    """A t interval passed both: a teacher's 0-or-1 column read [-0.08, 1.28] at five games, and a
    count of relics went below 0."""
    table = _madness_table([(True, 3, 1, 9, 1), (False, 0, 2, 4, 0), (True, 0, 0, 8, 1), (False, 0, 3, 3, 0),
                            (True, 0, 0, 7, 1)])
    summary = lab.summarise(table)
    assert [summary.loc[0, f"long{end}"] for end in ("", "_low", "_high")] == pytest.approx(wilson(3, 5))
    relics = lab.mean_interval(table["relics"])
    assert relics[1] < 0 and [summary.loc[0, f"relics{end}"] for end in ("", "_low", "_high")] == pytest.approx(
        (relics[0], 0.0, relics[2]))
    margin = lab.mean_interval(table["margin"])  # not a count: relics less injuries may be below 0
    assert [summary.loc[0, f"margin{end}"] for end in ("", "_low", "_high")] == pytest.approx(margin)
    # a count holding only 0 and 1 is no share (it could be 2): its t interval, stopped at 0 only
    ones = _madness_table([(True, 1, 0, 5, 1), (False, 0, 0, 5, 0), (True, 1, 0, 5, 1)])
    relics = lab.mean_interval(ones["relics"])
    assert [lab.summarise(ones).loc[0, f"relics{end}"] for end in ("", "_low", "_high")] == pytest.approx((relics[0], 0.0, relics[2]))
    # a count a teacher took below 0 is no longer the game's count: no bound of its own
    edited = table.assign(relics=table["relics"] - 1)
    assert [lab.summarise(edited).loc[0, f"relics{end}"] for end in ("", "_low", "_high")] == pytest.approx(
        lab.mean_interval(edited["relics"]))


@settings(max_examples=scaled(80), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 4), st.integers(0, 4), st.integers(0, 30), st.integers(0, 1)),
                min_size=1, max_size=12),
       st.sampled_from([None, "bot_0"]), st.sampled_from([0.9, 0.95, 0.99]))
def test_every_interval_of_a_summary_lies_within_what_its_figure_can_be_and_holds_it(rows, by, confidence):
    summary = lab.summarise(_madness_table(rows), by=by, confidence=confidence)
    shares = ["long", "win_rate", *(f"ending_{ending.replace(' ', '_')}" for ending in ("escaped", "no hope", "injuries"))]
    counts = ["actions", "turns", "relics", "injuries"]
    for name in [*shares, *counts, "margin"]:
        for figure, low, high in zip(summary[name], summary[f"{name}_low"], summary[f"{name}_high"]):
            if low != low:  # one game: a t interval has no spread to go by
                assert name in (*counts, "margin") and high != high
                continue
            assert low <= figure <= high, name
            assert name not in shares or 0 <= low <= high <= 1, name
            assert name not in counts or 0 <= low, name


def test_summarise_names_every_count_whose_interval_stops_at_0():
    said = " ".join(lab.summarise.__doc__.split())
    for name in protocol.GAMES:
        assert all(count in said for count in protocol.game(name).counts), name


def test_labels_are_readable():
    assert lab.label(((2, 4), (3, 3))) == "[[2,4],[3,3]]"
    assert lab.label(("drain", "crush", "confuse")) == "drain/crush/confuse"
    assert lab.label(None) == "None" and lab.label(True) == "True"

    class CardSet:
        source = "/home/teacher/harsh_cards.csv"

    assert lab.label(CardSet()) == "harsh_cards.csv"
    assert lab.label(object()) == "object"


def test_every_variant_starts_from_the_rules_given_and_the_grid_overrides_them():
    from rulesbook import game
    from rulesbook.lab.variants import variants

    points = variants(game("inferno"), {"two_pawns": [False, True], "play_limit": [2]}, games=1, players=2, seed=1,
                      bots=None, rules="edition=zh,play_limit=3")
    assert [point.label for point in points] == ["default", "two_pawns=False, play_limit=2", "two_pawns=True, play_limit=2"]
    assert [point.run.rules.edition for point in points] == ["zh"] * 3
    assert [point.run.rules.play_limit for point in points] == [3, 2, 2]
    assert points[0].settings == {"two_pawns": False, "play_limit": 3}
    assert points[2].run.rules == game("inferno").rules(edition="zh", play_limit=2, two_pawns=True)


def test_whole_sets_of_rules_are_swept_side_by_side_by_name():
    from rulesbook import game
    from rulesbook.inferno import Rules
    from rulesbook.lab.variants import variants

    named = {"EN": Rules(), "ZH turn": Rules(mixed_plays=False), "ZH": Rules(edition="zh"), "slow": "play_limit=1"}
    points = variants(game("inferno"), {"rules": named}, games=1, players=3, seed=1, bots=None, rules=None)
    assert [point.label for point in points] == ["EN", "ZH turn", "ZH", "slow"]
    assert [point.default for point in points] == [True, False, False, False]  # the defaults are one of them: no row added
    assert [point.settings for point in points] == [{"rules": name} for name in named]
    assert [point.run.rules for point in points] == [Rules(), Rules(mixed_plays=False), Rules(edition="zh"), Rules(play_limit=1)]
    # each set is the fields it sets, on top of the rules every variant starts from; the grid's own fields last
    started = variants(game("inferno"), {"rules": [Rules(two_pawns=True), {"play_limit": 2}], "step_any_pawn": [True]},
                       games=1, players=3, seed=1, bots=None, rules="edition=zh")
    assert [point.label for point in started] == ["default", "two_pawns=True, step_any_pawn=True",
                                                  "play_limit=2, step_any_pawn=True"]
    assert started[0].settings == {"rules": "default", "step_any_pawn": True}
    assert started[1].run.rules == Rules(edition="zh", two_pawns=True) and started[2].run.rules == Rules(edition="zh", play_limit=2)
    table = lab.sweep("inferno", {"rules": named}, games=2, players=3, seed=1, bots="random")
    assert list(table["rules"]) == list(named) and table.attrs["swept"] == ["rules"]
    assert list(table["variant"]) == list(table["rules"]), "a set of rules is its own label: the columns merge"


def test_a_bad_set_of_rules_is_refused_by_name_before_any_game(monkeypatch):
    from rulesbook.inferno import Rules

    monkeypatch.setattr(harness.Run, "play", lambda *_: (_ for _ in ()).throw(AssertionError("a game was played")))
    with pytest.raises(ValueError, match=re.escape("Mountain of Inferno has no rule 'rounds'")):
        lab.sweep("inferno", {"rules": {"short": {"rounds": 2}}}, games=100)
    with pytest.raises(ValueError, match=re.escape("refuses the variant one card: Rules.play_limit: must be at least 1")):
        lab.sweep("inferno", {"rules": {"one card": "play_limit=0"}}, games=100)
    with pytest.raises(ValueError, match=re.escape("rules for Hudai Pass are its Rules, a dict of fields or FIELD=VALUE text, not the Rules of Mountain of Inferno")):
        lab.sweep("hudai", {"rules": {"wrong game": Rules()}}, games=100)


def test_a_variant_says_which_figures_differ_from_the_default_beyond_the_noise():
    table = lab.sweep("inferno", {"play_limit": [None, 3], "edition": ["en", "zh"]}, games=60, players=3, seed=1, bots="random")
    said = dict(zip(table["variant"], table["beyond_noise"]))
    assert said["play_limit=None, edition=en"] == "" and table.loc[0, "default"]
    assert said["play_limit=3, edition=en"] == "none: every game ended as under the default", "random bots never play three cards a turn"
    assert "turns" in said["play_limit=None, edition=zh"].split(", ")
    for _, row in table.iterrows():  # every figure named has intervals apart from the default's, and only those
        for name in [column for column in table.columns if f"{column}_low" in table.columns]:
            apart = row[f"{name}_low"] > table.loc[0, f"{name}_high"] or row[f"{name}_high"] < table.loc[0, f"{name}_low"]
            assert (name in row["beyond_noise"].split(", ")) == (apart and not row["default"]), (row["variant"], name)
    pawns = lab.sweep("inferno", {"two_pawns": [False, True]}, games=20, players=3, seed=1, bots="random", per_game=True)
    alone, shared = (pawns[pawns["two_pawns"] == value].drop(columns=["variant", "default", "two_pawns"]).reset_index(drop=True)
                     for value in (False, True))
    assert not alone.equals(shared)  # games played otherwise, with figures within the noise: plain "none"
    assert lab.sweep("inferno", {"two_pawns": [False, True]}, games=20, players=3, seed=1, bots="random")["beyond_noise"].tolist() == ["", "none"]
    no_default = lab.sweep("inferno", {"edition": ["zh"]}, games=4, players=2, seed=1, bots="random", baseline=False)
    assert list(no_default["beyond_noise"]) == [""]
