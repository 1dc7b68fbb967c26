"""lab.simulate: one row per game (or round), the columns its docstring documents, the same rows
in any number of processes, a seed per row that replays the game."""

from __future__ import annotations

import re

import nbformat
import pandas as pd
import pytest
from nbclient import NotebookClient

from rulesbook import GAMES, game, lab
from rulesbook.core import harness

#: Quick tables of every game: (players, bots).
QUICK = {"inferno": (3, "random"), "hudai": (1, "random"), "madness": (3, "expedition,random")}


def documented(doc: str, table: int) -> list[tuple[str, str]]:
    """(column, games) rows of the docstring's `table`-th table (0: per game, 1: per round)."""
    tables = re.findall(r"^\s*=+  =+  =+\n.*?\n\s*=+  =+  =+\n(.*?)\n\s*=+  =+  =+$", doc, re.S | re.M)
    rows = [line.split(None, 2) for line in tables[table].splitlines()]
    return [(row[0], row[1]) for row in rows if len(row) >= 2 and not line_is_continuation(row)]


def line_is_continuation(row: list[str]) -> bool:
    return row[0].startswith('"') or row[1] not in ("all", *GAMES)


def expected_columns(doc: str, table: int, name: str, players: int) -> set[str]:
    columns = set()
    for column, games in documented(doc, table):
        if games in ("all", name):
            seats = range(players) if "<seat>" in column else [None]
            columns.update(column.replace("<seat>", str(seat)) for seat in seats)
    return columns


@pytest.fixture(scope="module")
def tables() -> dict[str, pd.DataFrame]:
    return {name: lab.simulate(name, games=8, players=players, seed=3, bots=bots) for name, (players, bots) in QUICK.items()}


@pytest.mark.parametrize("name", GAMES)
def test_one_row_per_game_with_the_documented_columns(name, tables):
    players, _ = QUICK[name]
    table = tables[name]
    assert len(table) == 8 and list(table["game"]) == list(range(8))
    assert set(table.columns) == expected_columns(lab.simulate.__doc__, 0, name, players)
    assert list(table["seed"]) == [f"3:{index}" for index in range(8)]
    assert table.attrs["game"] == name and table.attrs["players"] == players


@pytest.mark.parametrize("name", GAMES)
def test_wins_results_and_winners_agree(name, tables):
    players, _ = QUICK[name]
    table = tables[name]
    wins = table[[f"win_{seat}" for seat in range(players)]]
    for row, shares in zip(table.itertuples(), wins.itertuples(index=False)):
        assert {seat for seat, share in enumerate(shares) if share > 0} == set(row.winners)
        assert row.won == bool(row.winners)
        if game(name).cooperative or players == 1:
            assert set(shares) <= {0.0, 1.0}
        else:  # a tie shares the win: the shares of one game add up to 1
            assert sum(shares) == pytest.approx(1.0)
            results = [getattr(row, f"result_{seat}") for seat in range(players)]
            assert set(row.winners) == {seat for seat, value in enumerate(results) if value == max(results)}


def test_the_bots_turn_one_seat_each_game(tables):
    table = tables["madness"]
    assert list(table.loc[0, ["bot_0", "bot_1", "bot_2"]]) == ["expedition", "random", "expedition"]
    # the filled line-up turns, so every game seats the same bots (tests/core/test_teacher_audit_core.py)
    assert list(table.loc[1, ["bot_0", "bot_1", "bot_2"]]) == ["random", "expedition", "expedition"]


def test_inferno_rounds_one_row_per_round_with_the_documented_columns(tables):
    rounds = lab.simulate("inferno", games=8, players=3, seed=3, bots="random", rounds=True)
    assert set(rounds.columns) == expected_columns(lab.simulate.__doc__, 1, "inferno", 3)
    games = tables["inferno"]
    assert rounds.groupby("game").size().tolist() == games["rounds"].tolist()
    assert rounds.groupby("game")["turns"].sum().tolist() == games["turns"].tolist()
    assert (rounds.groupby("game")["ending"].agg("/".join) == games.set_index("game")["round_endings"]).all()
    assert rounds.groupby("game")["ending"].apply(lambda endings: (endings == "cross").sum()).tolist() == games["crosses"].tolist()


@pytest.mark.parametrize("name", ["hudai", "madness"])
def test_rounds_are_refused_for_a_game_without_rounds(name):
    with pytest.raises(ValueError, match=f"{game(name).title} has no rounds; rounds=True is for inferno"):
        lab.simulate(name, games=1, rounds=True)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_rows_in_one_process_or_four(name):
    players, bots = QUICK[name]
    bots = "random"  # the quick bot: the rows, not the bots, are under test
    alone = lab.simulate(name, games=12, players=players, seed="w", bots=bots, workers=1)
    shared = lab.simulate(name, games=12, players=players, seed="w", bots=bots, workers=4)
    pd.testing.assert_frame_equal(alone, shared)


def test_a_row_depends_only_on_the_seed_and_the_game_index():
    some = lab.simulate("hudai", games=6, seed=9, bots="random")
    more = lab.simulate("hudai", games=10, seed=9, bots="random")
    pd.testing.assert_frame_equal(some, more.head(6))
    other = lab.simulate("hudai", games=6, seed=10, bots="random")
    assert list(other["seed"]) != list(some["seed"])


@pytest.mark.parametrize("name", GAMES)
def test_the_seed_of_a_row_replays_its_game(name, tables):
    table = tables[name]
    record = lab.record(table, 5)
    assert record.seed == table.loc[5, "seed"] and record.bots == [table.loc[5, f"bot_{seat}"] for seat in range(QUICK[name][0])]
    protocol = game(name)
    final = record.final_state()
    assert protocol.is_over(final)
    assert list(protocol.returns(final)) == [table.loc[5, f"result_{seat}"] for seat in range(QUICK[name][0])]
    assert protocol.facts(final)["turns"] == table.loc[5, "turns"]


def test_rules_as_fields_text_or_a_value_give_the_same_rows():
    inferno = game("inferno")
    as_text = lab.simulate("inferno", games=3, players=2, seed=1, bots="random", rules="edition=zh,two_pawns=true")
    as_fields = lab.simulate("inferno", games=3, players=2, seed=1, bots="random", rules={"edition": "zh", "two_pawns": True})
    as_value = lab.simulate("inferno", games=3, players=2, seed=1, bots="random", rules=inferno.rules(edition="zh", two_pawns=True))
    pd.testing.assert_frame_equal(as_text, as_fields)
    pd.testing.assert_frame_equal(as_text, as_value)
    assert as_text.attrs["rules"] == inferno.rules(edition="zh", two_pawns=True)


def test_rules_given_as_a_records_json_holds_them_are_read_as_the_record_is():
    """Lists for tuples and house rules by name (Hudai's powers as a list and Inferno's house
    rules by name were refused as not of the field's type)."""
    from rulesbook.core.house import forget, house_rule

    @house_rule("lab-list-check", "scoring")
    def unchanged(state):
        return state

    try:
        for name, data in [("hudai", {"powers": ["drain", "crush", "confuse"]}), ("inferno", {"house": ["lab-list-check"]}),
                           ("inferno", {"rounds_by_players": [[2, 2], [3, 3], [4, 2]]})]:
            table = lab.simulate(name, games=2, seed=1, rules=data)
            assert table.attrs["rules"] == game(name).rules_from_dict(data)
        with pytest.raises(ValueError) as refused:
            lab.simulate("hudai", games=2, rules={"powers": ["drain", "fly", "confuse"]})
        assert str(refused.value) == "Rules.powers: 'fly' is not a demon power; use crush, mind_pierce, defend, drain, confuse, entangle"
    finally:
        forget("lab-list-check")


BAD = [
    (dict(rules={"editon": "zh"}), "Mountain of Inferno has no rule 'editon'"),
    (dict(rules="edition=fr"), "bad value for the rule 'edition'"),
    (dict(rules={"two_pawns": "maybe"}), "bad value for the rule 'two_pawns'"),
    (dict(rules={"play_limit": 0}), "refuses the rules play_limit=0: Rules.play_limit: must be at least 1"),
    (dict(rules=list(range(40))), "a dict of fields or FIELD=VALUE text, not [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16..."),
    (dict(players=5), "Mountain of Inferno is for 2 to 4 players, not 5"),
    (dict(bots="clever"), "Mountain of Inferno has no bot 'clever'"),
    (dict(games=-1), "games is a whole number from 1 to 1,000,000, not -1"),
    (dict(games=0), "games is a whole number from 1 to 1,000,000, not 0"),  # a table of nothing, as the command line refuses
    (dict(games=10**12), "games is a whole number from 1 to 1,000,000, not 1000000000000"),
    (dict(games=True), "games is a whole number from 1 to 1,000,000, not True"),
    (dict(games=2.0), "games is a whole number from 1 to 1,000,000, not 2.0"),
    (dict(players=True), "players: expected a whole number, not True"),
    (dict(seed=[1]), "the seed is a whole number or a text, not [1]"),
    (dict(seed=None), "the seed is a whole number or a text, not None"),
    (dict(bots=5), "bots are names, as 'greedy,random' or ['greedy', 'random'], not 5"),
    (dict(workers=0), "workers is a whole number from 1 to"),
    (dict(workers=10**6), "(4 per core of this machine), not 1000000"),
    (dict(workers="2"), "workers is a whole number from 1 to"),
    (dict(client=5), "client is a Dask distributed Client (lab.local_client() makes one), not 5"),
    (dict(progress="yes"), "progress is True or False (or None), not 'yes'"),
    (dict(rounds="yes"), "rounds is True or False, not 'yes'"),
]


@pytest.mark.parametrize("arguments, message", BAD)
def test_bad_input_is_refused_before_any_game_is_played(arguments, message, monkeypatch):
    def no_game(*_):
        raise AssertionError("a game was played")

    monkeypatch.setattr(harness.Run, "play", no_game)
    with pytest.raises(ValueError, match=re.escape(message)):
        lab.simulate("inferno", **{"games": 5, **arguments})


def test_a_record_is_only_of_a_game_the_table_holds(monkeypatch):
    table = lab.simulate("hudai", games=3, seed=2, bots="random")
    assert lab.record(table, 2).seed == "2:2"
    assert lab.record(table[table["game"] == 1], 1).seed == "2:1"
    monkeypatch.setattr(harness.Run, "play", lambda *_: (_ for _ in ()).throw(AssertionError("a game was played")))
    for game, says in [(99, "game 99 is not in the table: its games are numbered 0 to 2"),
                       (-1, "game -1 is not in the table: its games are numbered 0 to 2"),
                       (True, "game is the number of one of the table's games (its 'game' column), not True"),
                       ("1", "game is the number of one of the table's games (its 'game' column), not '1'")]:
        with pytest.raises(ValueError, match=re.escape(says)):
            lab.record(table, game)
    with pytest.raises(ValueError, match=re.escape("game 0 is not in the table: its games are numbered 1 to 2")):
        lab.record(table[table["game"] > 0], 0)
    with pytest.raises(ValueError, match="table does not say how its games were played"):
        lab.record({"game": [0]}, 0)
    with pytest.raises(ValueError, match="table does not say how its games were played"):
        lab.record(pd.DataFrame({"game": [0]}), 0)


def test_a_game_is_named_by_any_whole_number_pandas_gives():
    """`g.loc[g.result_0.idxmax(), "game"]` is numpy's int64, which was refused."""
    np = pytest.importorskip("numpy")
    table = lab.simulate("hudai", games=3, seed=2, bots="random")
    best = table.loc[table["actions"].idxmax(), "game"]
    assert isinstance(best, np.integer) and lab.record(table, best).seed == f"2:{best}"
    assert lab.record(table, np.uint8(1)).seed == "2:1"
    for game in (np.True_, np.float64(1.0), 1.0):
        with pytest.raises(ValueError, match=re.escape(f"game is the number of one of the table's games (its 'game' column), not {game!r}")):
            lab.record(table, game)


def test_a_game_of_a_sweep_is_played_again_by_its_variant():
    rows = lab.sweep("inferno", {"two_pawns": [False, True]}, games=3, players=2, seed=7, bots="random", per_game=True)
    twos = rows[rows["variant"] == "two_pawns=True"]
    best = twos.loc[twos["result_0"].idxmax()]
    for record in (lab.record(rows, best["game"], "two_pawns=True"), lab.record(twos, best["game"])):  # one variant: no need to name it
        assert record.rules.two_pawns and record.seed == best["seed"]
        assert list(game("inferno").returns(record.final_state())) == [best["result_0"], best["result_1"]]
    with pytest.raises(ValueError, match=re.escape("the table holds the games of 2 variants, numbered alike: name one, as "
                                                   "variant='two_pawns=False' (its 'variant' column)")):
        lab.record(rows, 0)
    with pytest.raises(ValueError, match=re.escape("the table has no variant 'two_pawns=yes'; its variants are 'two_pawns=False', 'two_pawns=True'")):
        lab.record(rows, 0, "two_pawns=yes")
    with pytest.raises(ValueError, match=re.escape("variant='two_pawns=True' is for a table of many variants")):
        lab.record(lab.simulate("inferno", games=1, players=2), 0, "two_pawns=True")
    summary = lab.sweep("inferno", {"two_pawns": [False, True]}, games=3, players=2, seed=7, bots="random")
    with pytest.raises(ValueError, match=re.escape("(a table from lab.simulate, or lab.sweep(..., per_game=True), does)")):
        lab.record(summary, 0)


def test_a_summary_is_not_summed_up_again():
    """It made a table of 108 columns: the means of rates and of their intervals."""
    games = lab.simulate("hudai", games=3, bots="random")
    summary = lab.summarise(games)
    for table in (summary, lab.sweep("hudai", {"monk_health": [10, 12]}, games=3, bots="random")):
        with pytest.raises(ValueError, match=re.escape("the table looks like a summary already ('win_rate' comes with win_rate_low "
                                                       "and win_rate_high): summarise the table of games it was made from")):
            lab.summarise(table)
    for empty in (games[games["turns"] > 10**6], games.iloc[0:0]):  # a filter that kept no game: a row of NaN
        with pytest.raises(ValueError, match=re.escape("the table holds no games to sum up (a filter of its rows kept none?)")):
            lab.summarise(empty)


@pytest.mark.parametrize("name", GAMES)
def test_every_ending_of_the_game_has_its_rate_even_where_no_game_ended_so(name):
    """A small run's summary had no column for an ending none of its games reached (a KeyError
    on `ending_cross` for a chapter's line copied into a 10-game run): the columns are the game's."""
    table = lab.simulate(name, games=1, bots="random", seed=3)
    summary = lab.summarise(table)
    endings = game(name).endings
    assert endings and set(table["ending"]) <= set(endings)
    unseen = [ending for ending in endings if ending not in set(table["ending"])]
    assert unseen, "the run is meant to leave an ending out"
    for ending in unseen:
        column = "ending_" + re.sub(r"\W+", "_", ending)
        assert summary.loc[0, column] == 0 and summary.loc[0, f"{column}_low"] == 0 and 0 < summary.loc[0, f"{column}_high"] < 1
    if "round_endings" in table.columns:
        assert {f"round_ending_{ending}" for ending in endings} <= set(summary.columns)


def test_summarise_refuses_a_bad_confidence_and_what_is_not_a_table():
    table = lab.simulate("hudai", games=2, bots="random")
    for confidence in (2, 0, 1, -0.5, float("nan"), "95%", True):
        with pytest.raises(ValueError, match=re.escape(f"confidence is a number between 0 and 1, such as 0.95, not {confidence!r}")):
            lab.summarise(table, confidence=confidence)
    with pytest.raises(ValueError, match="table is a table of games"):
        lab.summarise([1, 2])


def test_a_local_cluster_of_no_workers_is_refused_before_it_starts():
    for workers in (0, -2, "2", 2.5, 10**6):
        with pytest.raises(ValueError, match="workers is a whole number from 1 to"):
            lab.local_client(workers)


def test_no_progress_bar_when_nobody_watches_and_a_text_bar_when_asked(capsys, monkeypatch):
    lab.simulate("hudai", games=5, bots="random")
    assert capsys.readouterr().err == ""
    lab.simulate("hudai", games=5, bots="random", progress=True)
    err = capsys.readouterr().err
    assert "hudai" in err and "5/5" in err and "game" in err
    monkeypatch.setenv("RULESBOOK_PROGRESS", "1")
    lab.simulate("hudai", games=3, bots="random")
    assert "3/3" in capsys.readouterr().err
    monkeypatch.setenv("RULESBOOK_PROGRESS", "0")
    lab.simulate("hudai", games=3, bots="random")
    lab.simulate("hudai", games=3, bots="random", progress=False)
    assert capsys.readouterr().err == ""


def test_a_notebook_bar_in_jupyter():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from rulesbook import lab\ntable = lab.simulate('hudai', games=4, bots='random')\nlen(table)")])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = notebook.cells[0].outputs
    assert any("application/vnd.jupyter.widget-view+json" in output.get("data", {}) for output in outputs), outputs
    assert outputs[-1]["data"]["text/plain"] == "4"
