"""A run (`rulesbook.core.harness`): checked whole before it plays; one game of it, its seed, its
table turned one seat a game, its result, the record kept when asked, the replay checked when
asked; the run's figures; the progress bar it draws (the pool that plays many games:
tests/lab/test_lab_workers.py)."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings, strategies as st

import rulesbook
from rulesbook.core import Progress, harness
from rulesbook.core.harness import MAX_GAMES, GameResult, Run, job_count, max_jobs, seat_bots, summarise
from rulesbook.core.stats import mean_interval, wilson
from rulesbook.core.house import HouseRuleError, forget, house_rule
from rulesbook.core.records import GameRecord
from simulation_scale import scaled


def test_each_bot_sits_in_every_seat_equally_often():
    bots = ["greedy", "random", "plain"]
    assert seat_bots(bots, 3, 0) == ["greedy", "random", "plain"]
    assert seat_bots(bots, 3, 1) == ["random", "plain", "greedy"]  # turned by one seat
    assert seat_bots(bots, 2, 2) == ["plain", "greedy"]
    for seat in range(3):
        assert sorted(seat_bots(bots, 3, index)[seat] for index in range(3)) == sorted(bots)


def test_a_game_of_a_run_is_played_from_its_own_seed_and_its_result_is_the_final_state():
    run = Run("inferno", 3, 2, seed="s", bots=("random", "greedy"), keep_records=frozenset({1}))
    result = run.play(1)
    assert (result.index, result.seed, result.bots) == (1, "s:1", ("greedy", "random"))
    record = result.record
    assert (record.game, record.players, record.seed, record.bots) == ("inferno", 2, "s:1", ["greedy", "random"])
    protocol, final = rulesbook.game("inferno"), record.final_state()
    assert result.returns == protocol.returns(final) and result.winners == protocol.winners(final) == final.winners != ()
    assert result.actions == len(record.actions) and result.facts == protocol.facts(final)
    assert result.rounds == tuple(protocol.rounds(final)) and len(result.rounds) >= 1
    assert run.play(0).record is None  # only the games asked for keep their record
    assert Run("inferno", 1, 2, verify=True).play(0).record is None  # a record made to verify is not kept


def test_a_run_that_verifies_replays_each_game_and_says_which_does_not_replay(monkeypatch):
    protocol = rulesbook.game("hudai")
    other = protocol.new_game(players=1, seed="another")
    monkeypatch.setattr(harness.GameRecord, "final_state", lambda record: other)  # a replay that goes astray
    assert Run("hudai", 1, 1, keep_records=frozenset({0})).play(0).record is not None  # not verified: not replayed
    with pytest.raises(AssertionError) as astray:
        Run("hudai", 1, 1, seed=7, verify=True).play(0)
    assert str(astray.value) == "game 0 (seed '7:0') does not replay to the same final state"


def _result(index, bots, returns, winners, ending, **facts):
    return GameResult(index, f"1:{index}", bots, returns, winners, actions=10 * (index + 1),
                      facts={"ending": ending, **facts})


def test_a_runs_figures_share_a_tie_and_count_each_bot_by_the_seats_it_took():
    run = Run("inferno", 3, 2, bots=("greedy", "random"))
    played = [
        _result(0, ("greedy", "random"), (30.0, 10.0), (0,), "cross", turns=20, tied=False),
        _result(1, ("random", "greedy"), (25.0, 25.0), (0, 1), "pile", turns=31, tied=True),  # a tie shares the win
        _result(2, ("greedy", "random"), (5.0, 15.0), (1,), "cross", turns=18, tied=False),
    ]
    seen = []
    figures = summarise(run, played, on_game=seen.append)
    assert seen == played
    assert (figures["game"], figures["players"], figures["games"], figures["bots"]) == ("inferno", 2, 3, ["greedy", "random"])
    assert figures["win_rate"] == 1.0 and figures["actions"] == 60
    assert figures["win_rate_by_seat"] == pytest.approx([1.5 / 3, 1.5 / 3])
    assert figures["win_rate_by_bot"] == pytest.approx({"greedy": 1.5 / 3, "random": 1.5 / 3})
    assert figures["mean_returns"] == pytest.approx([20.0, 50 / 3])
    assert figures["endings"] == {"cross": 2, "pile": 1}
    assert figures["means"] == pytest.approx({"turns": 23.0})  # a fact that is true or false is no number
    intervals = figures["intervals"]  # as the lab's tables give them: Wilson's for rates, Student's t for means
    assert intervals["win_rate"] == pytest.approx(list(wilson(3, 3)[1:]))
    assert intervals["win_rate_by_seat"] == [pytest.approx(list(wilson(1.5, 3)[1:]))] * 2
    assert intervals["win_rate_by_bot"] == {bot: pytest.approx(list(wilson(1.5, 3)[1:])) for bot in ("greedy", "random")}
    assert intervals["mean_returns"] == [pytest.approx(list(mean_interval(results)[1:])) for results in ([30, 25, 5], [10, 25, 15])]


def test_a_cooperative_win_is_whole_for_every_seat_and_a_loss_is_none():
    run = Run("madness", 2, 3, bots=("random",))
    played = [_result(0, ("random",) * 3, (1.0,) * 3, (0, 1, 2), "escape"),
              _result(1, ("random",) * 3, (0.0,) * 3, (), "madness")]
    figures = summarise(run, played)
    assert figures["win_rate"] == 0.5 and figures["win_rate_by_seat"] == [0.5, 0.5, 0.5]
    assert figures["win_rate_by_bot"] == {"random": 0.5}
    assert figures["intervals"]["win_rate_by_bot"] == {"random": pytest.approx(list(wilson(1, 2)[1:]))}  # two games, not six seats
    assert summarise(run, [])["win_rate"] == 0.0  # no game: no division by zero
    assert summarise(run, [])["intervals"] == {"win_rate": None, "win_rate_by_seat": [None] * 3, "win_rate_by_bot": {},
                                               "mean_returns": [None] * 3}  # no interval, and JSON has no NaN
    one = summarise(run, [GameResult(0, "1:0", ("random",) * 3, (1.0,) * 3, (0, 1, 2), 1, {})])
    assert one["win_rate"] == 1.0 and one["endings"] == {"?": 1}  # a game that says nothing of its ending
    # a result of 1 or 0 is the win: its mean is the games won, with their interval (Wilson's has one from one game)
    assert one["intervals"]["mean_returns"] == [one["intervals"]["win_rate"]] * 3 == [pytest.approx(list(wilson(1, 1)[1:]))] * 3
    points = summarise(Run("inferno", 1, 2), [_result(0, ("random",) * 2, (30.0, 10.0), (0,), "cross")])
    assert points["intervals"]["mean_returns"] == [None] * 2  # one game of points: a mean's spread is unknown


def test_a_mean_result_of_a_game_won_or_lost_is_the_share_won_with_its_interval_inside_0_to_1():
    """The audit: 4 wins in 5 of Hudai said mean_returns [0.245, 1.355] (Student's t), beside
    Wilson's interval of the same games won."""
    run = Run("hudai", 5, 1)
    played = [_result(index, ("heuristic",), (float(won),), (0,) if won else (), "won" if won else "health")
              for index, won in enumerate((1, 1, 0, 1, 1))]
    figures = summarise(run, played)
    assert figures["mean_returns"] == [0.8]
    assert figures["intervals"]["mean_returns"] == [figures["intervals"]["win_rate"]] == [pytest.approx(list(wilson(4, 5)[1:]))]
    assert 0 < figures["intervals"]["mean_returns"][0][0] < 0.8 < figures["intervals"]["mean_returns"][0][1] < 1


@settings(max_examples=scaled(60), deadline=None)
@given(st.sampled_from(["hudai", "madness"]), st.lists(st.booleans(), min_size=1, max_size=30))
def test_every_mean_result_of_a_game_won_or_lost_lies_within_0_to_1_and_holds_the_mean(name, wins):
    players = 1 if name == "hudai" else 3
    run = Run(name, len(wins), players)
    played = [_result(index, ("random",) * players, (float(won),) * players, tuple(range(players)) if won else (), "?")
              for index, won in enumerate(wins)]
    figures = summarise(run, played)
    for mean, (low, high) in zip(figures["mean_returns"], figures["intervals"]["mean_returns"]):
        assert 0 <= low <= mean <= high <= 1 and mean == pytest.approx(sum(wins) / len(wins))


def test_a_cooperative_bots_rate_is_over_the_games_it_played_in_however_many_seats_it_took():
    run = Run("madness", 3, 3, bots=("expedition", "random"))
    played = [_result(0, ("expedition", "random", "expedition"), (1.0,) * 3, (0, 1, 2), "escape"),
              _result(1, ("random", "expedition", "random"), (0.0,) * 3, (), "madness"),
              _result(2, ("expedition", "random", "expedition"), (0.0,) * 3, (), "madness")]
    figures = summarise(run, played)
    assert figures["win_rate_by_bot"] == pytest.approx({"expedition": 1 / 3, "random": 1 / 3})
    assert figures["intervals"]["win_rate_by_bot"]["expedition"] == pytest.approx(list(wilson(1, 3)[1:]))


def test_a_run_is_checked_whole_before_it_plays():
    assert Run("hudai", 0, 1).games == 0 and Run("hudai", MAX_GAMES, 1).games == MAX_GAMES  # both ends allowed
    for games in (-1, MAX_GAMES + 1, 2.0, True):
        with pytest.raises(ValueError) as refused:
            Run("hudai", games, 1)
        assert str(refused.value) == f"the number of games is a whole number from 0 to 1,000,000, not {games!r}"
    with pytest.raises(ValueError) as refused:
        Run("hudai", 1, 1, seed=1.5)
    assert str(refused.value) == "the seed is a whole number or a text, not 1.5"
    with pytest.raises(ValueError) as refused:  # the run's seed named, not its first game's
        Run("hudai", 1, 1, seed="x\ud800")
    assert str(refused.value) == "seed: 'x\\ud800' is not Unicode text (it holds half of a UTF-16 pair)"
    with pytest.raises(ValueError, match=r"^seed: a seed of more than 1,000 digits$"):  # str() of it: a raw ValueError
        Run("hudai", 1, 1, seed=10**5000)


def test_a_runs_seed_leaves_room_for_its_games_so_that_every_record_it_writes_reads_back():
    """A 1,500-character seed ran, and the record it wrote was refused by `rulesbook replay`."""
    with pytest.raises(ValueError) as refused:
        Run("hudai", 20, 1, seed="a" * 999)
    assert str(refused.value) == ("seed: a seed of 999 characters; each game's seed adds ':<game>' to it, and a record holds at "
                                  "most 1,000, so at most 997 here")
    run = Run("hudai", 20, 1, seed="a" * 997, keep_records=frozenset({19}))
    record = run.play(19).record
    assert len(record.seed) == 1000 and GameRecord.from_json(record.to_json()).seed == record.seed


def test_a_run_names_unknown_bots_and_fills_in_its_defaults():
    with pytest.raises(ValueError) as refused:
        Run("hudai", 1, 1, bots=("random", "shark", "eel"))
    assert str(refused.value) == f"Hudai Pass has no bot 'shark', 'eel'; its bots are {', '.join(rulesbook.game('hudai').bot_names)}"
    plain = Run("hudai", 1, 1)
    assert plain.bots == (rulesbook.game("hudai").bot_names[0],) and plain.rules == rulesbook.game("hudai").rules()
    assert job_count(max_jobs()) == max_jobs() and job_count(1) == 1
    with pytest.raises(ValueError, match=r"^jobs is a whole number from 1 to "):
        job_count(0)
    for jobs in (0, max_jobs() + 1, "2"):
        with pytest.raises(ValueError, match=rf"^workers is a whole number from 1 to {max_jobs()} .*, not {jobs!r}$"):
            job_count(jobs, "workers")


def test_a_progress_bar_writes_to_the_error_stream_unless_given_another_and_never_where_it_cannot_tell():
    assert Progress(1).stream is sys.stderr

    class Pipe:
        def write(self, text):
            raise AssertionError("a stream that cannot say it is a terminal is written nothing")

    quiet = Progress(2, stream=Pipe())
    quiet.advance(2)
    quiet.close()
    assert not quiet.enabled and quiet.done == 2


def test_a_run_the_game_cannot_start_is_refused_before_it_plays():
    """Its first game is set up at once, with the run's seats, seed and rules: a house rule that
    fails at the set-up of that very game refuses the run (the same rule on another table plays)."""

    @house_rule("test-seven", "round_start")
    def seven(state):
        if state.seed == "7:0" and state.players == 2:
            raise ValueError("not at this table")
        return state

    try:
        rules = rulesbook.game("inferno").rules(house=(seven,))
        with pytest.raises(HouseRuleError, match="not at this table"):
            Run("inferno", 1, 2, seed=7, rules=rules)
        assert Run("inferno", 1, 3, seed=7, rules=rules).players == 3 and Run("inferno", 1, 2, seed=8, rules=rules)
    finally:
        forget("test-seven")


def test_named_bots_are_seeded_from_the_games_seed_and_their_seat():
    run = Run("inferno", 2, 3, seed="s", bots=("random",), keep_records=frozenset({1}))
    protocol = rulesbook.game("inferno")
    same = GameRecord.play("inferno", 3, seed="s:1", bots=protocol.make_bots(["random"] * 3, "s:1"))
    assert run.play(1).record.actions == same.actions


def test_a_game_that_runs_past_the_games_bound_is_stopped_saying_so(monkeypatch):
    protocol = rulesbook.game("hudai")
    length = len(GameRecord.play("hudai", 1, seed=3, bots=["random"]).actions)
    monkeypatch.setattr(type(protocol), "max_actions", length)
    assert harness.play(protocol, 1, 3, protocol.rules(), ["random"]).actions == length  # at the bound: played
    monkeypatch.setattr(type(protocol), "max_actions", length - 1)
    with pytest.raises(RuntimeError) as stopped:
        harness.play(protocol, 1, 3, protocol.rules(), ["random"])
    assert str(stopped.value) == f"Hudai Pass: a game of seed 3 ran past {length - 1} actions"


def test_a_runs_speed_is_its_games_and_actions_over_the_seconds_it_took(monkeypatch):
    run = Run("inferno", 3, 2)
    played = [_result(index, ("random", "random"), (1.0, 0.0), (0,), "cross") for index in range(3)]  # 60 actions
    clock = iter([100.0, 100.623456])
    monkeypatch.setattr(harness.time, "perf_counter", lambda: next(clock))
    figures = summarise(run, played)
    assert (figures["seconds"], figures["games_per_second"], figures["actions_per_second"]) == (0.623, 4.81, 96.2)
    monkeypatch.setattr(harness.time, "perf_counter", lambda: 7.0)  # no time measured: no speed to say
    figures = summarise(run, played)
    assert (figures["seconds"], figures["games_per_second"], figures["actions_per_second"]) == (0.0, None, None)


def test_games_are_cut_into_batches_that_play_each_game_once():
    """One game a batch in this process (progress moves game by game); with workers, batches of a
    size that gives every worker several (games over eight per worker), at most 50, at least 1."""
    run = Run("hudai", 1000, 1)
    alone = harness.batches([(run, range(1000))])
    assert [batch.indexes for batch in alone] == [(index,) for index in range(1000)]
    for jobs, games, size in ((2, 100, 6), (2, 1000, 50), (4, 20, 1), (1, 40, 1)):
        cut = harness.batches([(run, range(games))], jobs)
        assert [index for batch in cut for index in batch.indexes] == list(range(games)), (jobs, games)
        assert {len(batch.indexes) for batch in cut[:-1]} <= {size} and 1 <= len(cut[-1].indexes) <= size, (jobs, games)


def test_a_runs_results_can_be_asked_for_some_of_its_games():
    run = Run("hudai", 10, 1, seed="some")
    assert [result.index for result in harness.results(run, indexes=[7, 2])] == [7, 2]
    assert [result.seed for result in harness.results(run, indexes=[3])] == ["some:3"]
