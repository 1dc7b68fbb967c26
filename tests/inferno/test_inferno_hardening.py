"""Every boundary of Mountain of Inferno, tried as a hostile user would (issue 21): a state's JSON, a
rules value, an action built by hand, the notation. Each bad input is a clear ValueError subclass
(DataError, NotationError, IllegalAction) naming the field or token and why, and nothing changes."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.inferno import (
    REACH,
    Cancel,
    Colour,
    DiscardEvents,
    Disciple,
    DiscipleCard,
    LayDisciple,
    Phase,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    ROW,
    Position,
    Rules,
    State,
    Step,
    apply,
    apply_legal,
    best_window,
    bison_destinations,
    complete_crosses,
    cut_places,
    game_moment,
    is_connected,
    legal_actions,
    new_game,
    parse_action,
    parse_card,
    placements,
    position_svg,
    princess_destinations,
    red_boy_targets,
    refusal,
    score,
    show,
    step_destinations,
    windows,
)
from rulesbook.inferno.protocol import GAME
from inferno_moments import played
from simulation_scale import scaled
from state_bounds import by_phase, check_play_from_the_bound

MK1 = DiscipleCard(Disciple.MONKEY_KING, 1)
LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."


GOOD = played().to_dict()


def loaded(change) -> State:
    data = copy.deepcopy(GOOD)
    change(data)
    return State.from_dict(data)


# --- a state's JSON ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text, field", [
    ("null", "state"),
    ("{}", "state.rules"),
    ("[1, 2]", "state"),
    ('"inferno"', "state"),
    ("[" * 5000 + "]" * 5000, "state"),
    ('{"seat": NaN}', "state"),
    ("{" + '"a":' * 3 + "1" + "}" * 3, "state"),
    ("not json", "state"),
])
def test_json_that_is_no_state_is_refused_naming_where(text, field):
    with pytest.raises(DataError) as error:
        State.from_json(text)
    assert error.value.field == field, str(error.value)


def test_a_state_of_another_type_than_text_is_refused():
    with pytest.raises(DataError, match="expected JSON text"):
        State.from_json(None)
    with pytest.raises(DataError, match="state: expected an object"):
        State.from_dict([GOOD])


@pytest.mark.parametrize("change, field, why", [
    (lambda d: d.pop("hands"), "state.hands", "missing"),
    (lambda d: d.pop("seat"), "state.seat", "missing"),
    (lambda d: d.update(seat="0"), "state.seat", "expected a whole number"),
    (lambda d: d.update(seat=7), "state.seat", "from 0 to 2, not 7"),
    (lambda d: d.update(seat=-1), "state.seat", "not -1"),
    (lambda d: d.update(seat=True), "state.seat", "not True"),
    (lambda d: d.update(first_seat=3), "state.first_seat", "from 0 to 2"),
    (lambda d: d.update(hands=5), "state.hands", "expected a list"),
    (lambda d: d.update(totals=[-1, 0, 0]), "state.totals[0]", "from 0 to 1000000, not -1"),
    (lambda d: d.update(totals=[10**400, 0, 0]), "state.totals[0]", "from 0 to 1000000, not " + "1" + "0" * 56 + "..."),
    (lambda d: d.update(totals=[1.5, 0, 0]), "state.totals[0]", "whole number"),
    # room for the 3 rounds still to score, 27 points each at most, below 1,000,000 (MOI-R12)
    (lambda d: d.update(totals=[0, 999_920, 0]), "state.totals[1]", "at most 999,919 points either way with 3 rounds still to "
                                                                   "score, not 999920: a round moves it by at most 27"),
    (lambda d: d.update(turns=-5), "state.turns", "not -5"),
    (lambda d: d.update(round=0), "state.round", "not 0"),
    (lambda d: d.update(round=9), "state.round", "not 9"),
    (lambda d: d.update(phase="dance"), "state.phase", "unknown phase 'dance'"),
    (lambda d: d.update(phase=1), "state.phase", "expected text"),
    (lambda d: d["hands"].__setitem__(0, ["XX+9"]), "state.hands[0][0]", "unknown card"),
    (lambda d: d["hands"].__setitem__(0, ["MK+1"] * 8), "state.hands[0]", "holds 8 items; at most 3"),
    (lambda d: d.update(draw_pile=["MK+1"] * 100), "state.draw_pile", "holds 100 items; at most 52"),
    (lambda d: d.update(colours=["R", "R", "B"]), "state.colours", "different colours"),
    (lambda d: d.update(colours=["R", "G", "B"]), "state.colours[1]", "expected a colour letter"),
    (lambda d: d.update(rules={"two_pawns": "false"}), "state.rules.two_pawns", "expected true or false, not 'false'"),
    (lambda d: d.update(rules=[1, 2]), "state.rules", "expected an object"),
    (lambda d: d.update(extra=1), "state", "no field 'extra'"),
    (lambda d: d.update(game="hudai"), "state.game", "not of Mountain of Inferno"),
    (lambda d: d["mountain"].append([0, 10**6, "MK+1"]), "state.mountain", ""),
    (lambda d: d["mountain"].__setitem__(0, [0, 0, "BISON"]), "state.mountain[0][2]", "not a disciple"),
    (lambda d: d["mountain"].__setitem__(0, "MK+1"), "state.mountain[0]", "expected [row, column, card]"),
    (lambda d: d["pawns"].update(R=[50, 50]), "state.pawns.R", "where there is no card"),
    (lambda d: d["pawns"].update(K=[0, 0]), "state.pawns.K", "belongs to no player"),
    (lambda d: d.update(pending={"effect": "stay", "player": 0, "responders": [1]}), "state.pending.effect", "not an effect"),
    (lambda d: d.update(results=[{"round": 1}]), "state.results[0].reason", "missing"),
])
def test_a_state_with_a_bad_field_is_refused_naming_it(change, field, why):
    with pytest.raises(DataError) as error:
        loaded(change)
    assert error.value.field.startswith(field) and why in error.value.why, str(error.value)


@pytest.mark.parametrize("change, why", [
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]) if d["hands"][0] and d["hands"][1] else d["hands"][0].append(d["hands"][1][0]),
     "the 52 cards are not all in the game exactly once"),  # a card twice, another lost
    (lambda d: d["discard_pile"].append("MK+3"), "the 52 cards"),
    (lambda d: d["mountain"].append([40, 40, d["draw_pile"].pop()]) if d["draw_pile"][-1][:2] in ("MK", "PM", "SB", "DH") else
     d["mountain"].append([40, 40, "MK+3"]), ""),
    (lambda d: d.update(pending={"effect": "bison R 0,1", "player": 0, "responders": [0]}), ""),
])
def test_a_state_that_breaks_the_games_invariants_is_refused(change, why):
    with pytest.raises(DataError) as error:
        loaded(change)
    assert why in str(error.value)


def test_a_state_that_breaks_two_invariants_is_refused_naming_both_apart():
    """Every problem is said at once, so a teacher mending a state file mends it in one go."""
    def both(data):
        data["discard_pile"].append("MK+3")  # a card too many
        data.update(phase="play", pending={"effect": "bison R 0,1", "player": 0, "responders": [1]})  # an answer awaited out of turn
    with pytest.raises(DataError) as error:
        loaded(both)
    assert error.value.field == "state"
    # the effect waiting holds a Bison King of its own, a second card too many
    assert error.value.why.split("; ") == ["the 52 cards are not all in the game exactly once (MOI-R01): too many BISON MK+3",
                                           "an effect waits for an answer outside the respond phase"]


def test_a_good_state_loads_back_exactly_and_a_refused_one_changes_nothing():
    state = played(seed=9, players=4, moves=70)
    text = state.to_json()
    assert State.from_json(text) == state and State.from_json(text).to_json() == text
    data = state.to_dict()
    before = json.dumps(data)
    with pytest.raises(DataError):
        State.from_dict({**data, "seat": 9})
    assert json.dumps(data) == before


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=6) | st.sampled_from(["MK+1", "R", "play"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=12)


@given(st.sampled_from(sorted(GOOD)), JSON)
def test_any_field_replaced_by_any_json_loads_a_good_state_or_raises_the_clear_error(name, value):
    data = {**copy.deepcopy(GOOD), name: value}
    try:
        state = State.from_dict(data)
    except DataError as error:
        assert error.field.startswith(("state", "Rules", "rules")) or error.field == "", str(error)
    else:
        assert state.problems() == [] and State.from_json(state.to_json()) == state


@given(st.data())
def test_a_state_text_cut_or_tampered_anywhere_loads_or_raises_the_clear_error(data):
    text = played(seed=data.draw(st.integers(0, 5)), moves=data.draw(st.integers(0, 50))).to_json()
    index = data.draw(st.integers(0, len(text) - 1))
    tampered = text[:index] + data.draw(st.sampled_from(["", "1", "-", '"', "[", "}", "null", "9" * 5000])) + text[index + 1:]
    try:
        state = State.from_json(tampered)
    except DataError as error:
        assert error.field.startswith(("state", "Rules", "rules")) or error.field == ""
    else:
        state.invariants()
        played_on(state, index)


def played_on(state: State, seed: int) -> State:
    """Random legal actions to the game's end: a state that loads is one the engine plays on."""
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            return state
        actions = legal_actions(state)
        assert actions, "a game that is not over always has a legal action"
        state, _ = apply(state, rng.choice(actions))
    raise AssertionError("the game never ends")


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_a_state_with_a_pawn_left_off_the_mountain_plays_on_to_the_end(edition):
    """As a game moment set up by hand may leave one: that player has no pawn to step, and scores 0."""
    for seed in range(3):
        state = played(seed=seed, players=3, moves=20 + 10 * seed, rules=Rules(edition=edition))
        assert state.phase is not Phase.PLACE_PAWN and not state.results
        for colour in state.colours:
            data = state.to_dict()
            del data["pawns"][colour.letter]
            if state.pending is not None and getattr(state.pending.effect, "colour", None) is colour:
                with pytest.raises(DataError, match="state.pending.effect: .* no .* pawn on the Mountain"):
                    State.from_dict(data)  # the effect waiting for answers moves that pawn: it cannot have been played
                continue
            end = played_on(State.from_dict(data), seed)
            assert end.results[0].raw[state.colours.index(colour)] == 0  # in this round; the next lays out every pawn


def test_the_protocol_loads_through_the_same_validating_path():
    with pytest.raises(DataError, match="state.seat"):
        GAME.from_json(json.dumps({**GOOD, "seat": 5}))
    assert GAME.invariants(played()) == []


# --- rules --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("make, words", [
    (lambda: Rules(two_pawns="false"), "Rules.two_pawns: expected true or false, not 'false'"),
    (lambda: Rules(play_limit=2.0), "Rules.play_limit"),
    (lambda: Rules(play_limit=0), "Rules.play_limit: must be at least 1"),
    (lambda: Rules(shared_card_limit=9), "Rules.shared_card_limit: must be 2 to 4"),
    (lambda: Rules(edition="fr"), "unknown edition 'fr'"),
    (lambda: Rules(rounds_by_players=((4, 0),)), "rounds_by_players: a game of 4 players needs 1 to 16 rounds, not 0"),
    (lambda: Rules(rounds_by_players=((2, 10_000),)), "not 10000"),
    (lambda: Rules(rounds_by_players=((5, 2),)), "for 2 to 4 players, not 5"),
    (lambda: Rules(rounds_by_players=((2, 2), (2, 3))), "gives the rounds of 2 players twice"),
    (lambda: Rules(rounds_by_players=()), "Rules.rounds_by_players: gives the rounds of no table: give at least one "
                                          "(players, rounds) pair (MOI-R03)"),  # was taken, then "rounds only for none players"
    (lambda: Rules(rounds_by_players=((2, "4"),)), "Rules.rounds_by_players"),
    (lambda: Rules.from_dict({"two_pawns": "false"}), "Rules.two_pawns"),
    (lambda: Rules.from_dict({"rounds_by_players": [[4, 0]]}), "not 0"),
    (lambda: Rules.from_dict({"turbo": True}), "no field 'turbo'"),
    (lambda: Rules.from_dict([1, 2]), "rules: expected an object"),
])
def test_bad_rules_are_refused_when_made(make, words):
    with pytest.raises(DataError) as error:
        make()
    assert words in str(error.value)


def test_rules_with_no_rounds_for_the_players_are_refused_when_the_game_is_made():
    rules = Rules(rounds_by_players=((2, 4),))
    assert new_game(2, rules=rules).rules == rules
    with pytest.raises(DataError, match="rounds_by_players gives rounds only for 2 players"):
        new_game(4, rules=rules)
    with pytest.raises(DataError, match="rounds_by_players"):
        GAME.new_game(4, rules=rules)


def test_the_players_are_a_count_or_their_colours_in_seat_order():
    assert new_game(["R", "Y", "B"], seed=3) == new_game(3, seed=3)
    four = new_game(("black", Colour.RED, "y", "B"), seed=3)
    assert four.colours == (Colour.BLACK, Colour.RED, Colour.YELLOW, Colour.BLUE)
    assert four.mountain == new_game(4, seed=3).mountain and four.decision.seat == 0  # black places the first pawn
    assert new_game(["Y", "K"]).colours == (Colour.YELLOW, Colour.BLACK)
    assert new_game() == new_game(4, seed=0) != new_game(3, seed=0) and new_game(2, seed=0) != new_game(2, seed=1)  # the defaults
    for players in (1, 5, True):
        with pytest.raises(DataError) as raised:
            new_game(players)
        assert str(raised.value) == f"players: Mountain of Inferno is for 2 to 4 players, not {players} (rulebook, Object of the Game)"
    for players in ([], ["R"], ["R", "R"], ["R", "Y", "B", "K", "R"]):
        with pytest.raises(DataError) as raised:
            new_game(players)
        assert str(raised.value) == f"players: expected 2 to 4 different colours, one per player, not {players!r}"
    for players in ("RY", 2.5, None, {"R", "Y"}):
        with pytest.raises(DataError) as raised:
            new_game(players)
        assert str(raised.value) == f"players: expected a number of players or their colours in seat order, not {players!r}"
    with pytest.raises(NotationError, match="'Z': unknown pawn colour"):
        new_game(["R", "Z"])


def test_the_most_rounds_a_game_may_have_keeps_every_game_under_max_actions():
    from rulesbook.inferno.rules import MOST_ROUNDS

    rng = random.Random(1)
    state = new_game(4, seed=1, rules=Rules(rounds_by_players=((4, MOST_ROUNDS),)))
    actions = 0
    while not state.is_over:
        state, _ = apply_legal(state, rng.choice(legal_actions(state)))
        actions += 1
    assert len(state.results) == MOST_ROUNDS and actions < GAME.max_actions // 4


@given(st.dictionaries(st.sampled_from(["edition", "two_pawns", "play_limit", "rounds_by_players", "shared_card_limit",
                                        "mixed_plays"]), JSON, max_size=3))
def test_any_rules_data_makes_rules_or_raises_the_clear_error(data):
    try:
        rules = Rules.from_dict(data)
    except DataError:
        return
    assert Rules.from_dict(rules.to_dict()) == rules
    rules.check_types()


# --- actions built by hand ----------------------------------------------------------------------------
@pytest.mark.parametrize("make, field", [
    (lambda: PlacePawn(()), "PlacePawn.place"),
    (lambda: PlacePawn((0.0, 0.0)), "PlacePawn.place"),
    (lambda: PlacePawn((True, 0)), "PlacePawn.place"),
    (lambda: PlacePawn([0, 0]), "PlacePawn.place"),
    (lambda: PlacePawn((0, 10**9)), "PlacePawn.place"),
    (lambda: LayDisciple(None, (0, 0)), "LayDisciple.card"),
    (lambda: LayDisciple(parse_card("BISON"), (0, 0)), "LayDisciple.card"),
    (lambda: LayDisciple(MK1, "0,0"), "LayDisciple.place"),
    (lambda: PlayBison("R", (0, 1)), "PlayBison.colour"),
    (lambda: PlayBison(Colour.RED, (0, 1), 3), "PlayBison.count"),
    (lambda: PlayBison(Colour.RED, (0, 1), True), "PlayBison.count"),
    (lambda: PlayPrincess(Colour.RED, (0.5, 1)), "PlayPrincess.place"),
    (lambda: PlayRedBoy((), (0, 1)), "PlayRedBoy.pictures"),
    (lambda: PlayRedBoy(("MK",), (0, 1)), "PlayRedBoy.pictures"),
    (lambda: PlayRedBoy((Disciple.PIG_MONK,) * 3, (0, 1)), "PlayRedBoy.pictures"),
    (lambda: DiscardEvents(()), "DiscardEvents.cards"),
    (lambda: DiscardEvents((MK1,)), "DiscardEvents.cards"),
    (lambda: Cancel(("GUANYIN",)), "Cancel.cards"),
    (lambda: Step(None, (0, 0)), "Step.colour"),
])
def test_an_action_built_with_wrong_types_is_refused_by_its_own_check(make, field):
    with pytest.raises(DataError) as error:
        make()
    assert error.value.field == field and len(str(error.value)) < 300


@pytest.mark.parametrize("value", [object(), "stay", None, 3, ("pawn", (0, 0))])
def test_a_value_that_is_no_action_is_refused_not_taken_for_another(value):
    state = game_moment(LINE, ["SB+2", "PM+2", "MK+2"], phase=Phase.STEP)
    before = state.to_json()
    if isinstance(value, str):
        assert refusal(state, value) is None  # text is parsed: "stay" is a Stay
        return
    error = refusal(state, value)
    assert isinstance(error, IllegalAction) and "not an action of Mountain of Inferno" in error.reason
    with pytest.raises(IllegalAction):
        apply(state, value)
    with pytest.raises(IllegalAction, match="not an action"):
        apply_legal(state, value)
    assert state.to_json() == before


PLACES = st.one_of(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), st.tuples(st.floats(-2, 2), st.integers(0, 2)),
                   st.just(()), st.none(), st.text(max_size=3), st.tuples(st.integers(-3, 3)))
COLOURS = st.one_of(st.sampled_from(list(Colour)), st.sampled_from(["R", None, 0]))
CARDS = st.one_of(st.sampled_from([MK1, parse_card("SB+2"), parse_card("BISON"), parse_card("GUANYIN"), parse_card("FAN")]),
                  st.none(), st.text(max_size=3))
HAND_BUILT = st.one_of(
    st.builds(PlacePawn, PLACES), st.builds(LayDisciple, CARDS, PLACES), st.builds(PlayBison, COLOURS, PLACES, st.sampled_from([1, 2, 3, 0])),
    st.builds(PlayPrincess, COLOURS, PLACES), st.builds(Step, COLOURS, PLACES),
    st.builds(PlayRedBoy, st.lists(st.sampled_from(list(Disciple) + ["MK"]), max_size=3).map(tuple), PLACES),
    st.builds(DiscardEvents, st.lists(CARDS, max_size=4).map(tuple)), st.builds(Cancel, st.lists(CARDS, max_size=3).map(tuple)),
)
MOMENTS = [played(seed, players, moves) for seed, players, moves in ((1, 2, 0), (2, 3, 12), (3, 4, 30), (5, 2, 60), (6, 3, 90))]


@given(st.data())
def test_a_hand_built_action_is_refused_when_made_or_judged_cleanly_and_replays_from_its_text(data):
    try:
        action = data.draw(HAND_BUILT)
    except DataError:
        return  # refused by the action's own check
    state = data.draw(st.sampled_from(MOMENTS))
    before = state.to_json()
    error = refusal(state, action)
    assert error is None or (isinstance(error, IllegalAction) and error.rule and str(error))
    assert parse_action(action.text()) == action  # every action that exists can be written and replayed
    if error is None:
        after, _ = apply(state, action)
        after.invariants()
    assert state.to_json() == before


# --- notation -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("parse, token", [
    (lambda: parse_card("MK+" + "9" * 5000), "MK+999"),
    (lambda: Position.parse("MK+" + "1" * 5000), "MK+111"),
    (lambda: parse_action("pawn " + "1" * 5000 + ",0"), "1111"),
    (lambda: parse_action("lay MK+1 0," + "1" * 5000), "0,111"),
    (lambda: parse_action("bison R 1," + "9" * 5000), "1,999"),
])
def test_a_number_of_5000_digits_is_a_notation_error_naming_the_token(parse, token):
    with pytest.raises(NotationError) as error:
        parse()
    assert error.value.token.startswith(token) and len(str(error.value)) < 300


def test_a_position_far_away_or_very_tall_is_refused_quickly():
    started = time.perf_counter()
    with pytest.raises(NotationError, match=f"at most {REACH + 1} rows"):
        Position.parse(".\n" * 30_000 + "MK+1")
    with pytest.raises(NotationError, match=f"at most {REACH + 1} places"):
        Position.parse(". " * 30_000 + "MK+1")
    with pytest.raises(ValueError, match="two whole numbers from -100 to 100"):
        Position({(0, 0): MK1, (10**6, 0): parse_card("MK+2")})
    with pytest.raises(ValueError, match="two whole numbers"):
        Position({(0.0, 0): MK1})
    corners = Position({(-REACH, -REACH): MK1, (REACH, REACH): parse_card("MK+2")})  # as far apart as places go
    assert len(str(corners).splitlines()) == 2 * REACH + 1
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("text, token, why", [
    ("MK+1 . PM+1", "PM+1", "MOI-R15"),
    ("MK+1\n.\nPM+1@R", "PM+1@R", "one piece"),
])
def test_a_mountain_in_two_pieces_is_refused_by_the_notation(text, token, why):
    with pytest.raises(NotationError) as error:
        Position.parse(text)
    assert error.value.token == token and why in str(error.value)
    assert len(Position.parse(text, whole=False)) == 2  # a figure of what the rules forbid


@pytest.mark.parametrize("make, field", [
    (lambda: game_moment(Position.parse("MK+1@R . PM+1@Y", whole=False), ["SB+1", "DH+1"]), "state"),
    (lambda: game_moment(LINE, ["SB+1 SB+2 SB+3 DH+3 PM+3 PM-3 DH-3 BISON", "DH+1", "FAN"]), "hands[0]"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], seat=3), "seat"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], seat=-1), "seat"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], phase="playing"), "phase"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], phase=3), "phase"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], draw_pile=99), "draw_pile"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], totals=(-1, 0, 0)), "totals"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], totals=(10**400, 0, 0)), "state"),  # no game reaches it (MOST_POINTS)
    (lambda: game_moment(LINE, ["MK+3", "MK+3", "FAN"]), "hands"),
    (lambda: game_moment(LINE, "SB+1 DH+2"), "hands"),
    (lambda: game_moment(LINE, [5, "DH+2", "FAN"]), "hands[0]"),
    # of the wrong kind: a TypeError or AttributeError from inside before
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], totals=5), "totals"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], colours=5), "colours"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], rules="zh"), "rules"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], seed=1.5), "seed"),
    (lambda: game_moment(LINE, ["SB+1", "DH+2", "FAN"], seed=None), "seed"),
])
def test_a_game_moment_no_game_can_reach_is_refused(make, field):
    with pytest.raises(DataError) as error:
        make()
    assert error.value.field == field, str(error.value)


def test_a_game_moment_s_seed_shuffles_the_rounds_after_it_as_the_other_games_moments_do():
    """The moment's own cards stay as given; the next round's deal comes from its seed (0 unless given)."""
    moments = {seed: game_moment(LINE, ["SB+1", "DH+2", "FAN"], seed=seed) for seed in (0, 7, "seven")}
    assert [moment.seed for moment in moments.values()] == [0, 7, "seven"]
    assert moments[7].hands == moments[0].hands and moments[7].draw_pile == moments[0].draw_pile
    assert game_moment(LINE, ["SB+1", "DH+2", "FAN"]) == moments[0]
    assert State.from_json(moments["seven"].to_json()) == moments["seven"]


def shifted(data, columns=60):
    """The Mountain and its pawns moved that many columns to the right."""
    data["mountain"] = [[row, column + columns, code] for row, column, code in data["mountain"]]
    data["pawns"] = {letter: [row, column + columns] for letter, (row, column) in data["pawns"].items()}


def test_a_game_whose_cards_lie_far_away_is_refused_so_that_its_play_stays_within_reach():
    far = Position({(0, 60): MK1, (1, 60): parse_card("PM+1")}, {Colour.RED: (0, 60), Colour.YELLOW: (1, 60)})
    with pytest.raises(DataError, match="further than 52 rows or columns"):
        game_moment(far, ["SB+1", "DH+1"])
    with pytest.raises(DataError, match="further than 52"):
        loaded(shifted)
    edge = Position({(0, 52): MK1, (1, 52): parse_card("PM+1")}, {Colour.RED: (0, 52), Colour.YELLOW: (1, 52)})
    assert len(legal_actions(game_moment(edge, ["SB+1", "DH+1"]))) > 1  # lays beside it are actions


def test_a_game_moment_of_a_split_mountain_given_as_text_is_refused_by_the_notation():
    with pytest.raises(NotationError, match="MOI-R15"):
        game_moment("MK+1@R . PM+1@Y", ["SB+1", "DH+1"])


@pytest.mark.parametrize(("arguments", "says"), [
    (dict(position=5), "position: a Position or its notation, as 'MK+1@R PM+1', not 5"),
    (dict(position="MK+1@R PM+1", highlights="0,1"), "highlights is a list of places (row, column), not '0,1'"),
    (dict(position="MK+1@R PM+1", highlights=[5]), "highlights: a place is (row, column), two whole numbers from -100 to 100, not 5"),
    (dict(position="MK+1@R PM+1", marks=[(0, 0.5)]), "marks: a place is (row, column), two whole numbers from -100 to 100, not (0, 0.5)"),
])
def test_a_picture_of_the_mountain_names_an_argument_it_cannot_draw(arguments, says):
    with pytest.raises(ValueError) as refused:
        show(**arguments)
    assert str(refused.value) == says


def test_a_picture_of_the_mountain_may_be_asked_for_in_its_notation():
    assert show("MK+1@R PM+1", highlights=[(0, 1)]).position == Position.parse("MK+1@R PM+1")


# --- the functions a teacher calls, given text or a value of the wrong kind ---------------------------------
TWO_PAWNS = Rules(two_pawns=True)


@pytest.mark.parametrize("rules", ["zh", {"edition": "zh"}, Rules, 3])
def test_rules_that_are_no_rules_value_are_refused_naming_what_was_given(rules):
    """Before, 'str' object has no attribute 'max_pawns_per_card', or '>' not supported ... 'property'."""
    position = Position.parse(LINE)
    for make in (lambda: Position.parse("MK+1", rules), lambda: bison_destinations(position, "R", rules=rules),
                 lambda: step_destinations(position, "R", rules=rules), lambda: score(position, "R", rules=rules),
                 lambda: red_boy_targets(position, "MK", rules=rules), lambda: complete_crosses(position, rules=rules)):
        with pytest.raises(DataError) as refused:
            make()
        assert refused.value.field == "rules"
        assert str(refused.value) == f"rules: expected the Rules of Mountain of Inferno, not {rules!r}"


@pytest.mark.parametrize("ask", [
    placements, lambda p: bison_destinations(p, "R"), lambda p: bison_destinations(p, "Y", 2), lambda p: step_destinations(p, "B"),
    lambda p: princess_destinations(p, "Y"), lambda p: red_boy_targets(p, "DH"), lambda p: red_boy_targets(p, None),
    lambda p: score(p, "R"), lambda p: score(p, "B"), complete_crosses, lambda p: best_window(p, (0, 0), ROW),
    lambda p: list(windows(p, (0, 2), ROW)), lambda p: position_svg(p), lambda p: cut_places(p), lambda p: is_connected(p),
], ids=["placements", "bison", "bison2", "step", "princess", "red boy", "red boys", "score R", "score B", "crosses", "best window",
        "windows", "svg", "cut places", "is connected"])
def test_what_the_mountain_allows_may_be_asked_of_its_notation_as_show_takes_it(ask):
    assert ask(LINE) == ask(Position.parse(LINE))


def test_a_mountain_in_notation_is_read_under_the_rules_given_with_it():
    text = "MK+1@RY PM+1"
    assert step_destinations(text, "R", rules=TWO_PAWNS) == step_destinations(Position.parse(text, TWO_PAWNS), "R", rules=TWO_PAWNS)
    with pytest.raises(NotationError, match="MOI-R13"):
        step_destinations(text, "R")


@pytest.mark.parametrize("ask", [
    placements, lambda p: bison_destinations(p, "R"), lambda p: step_destinations(p, "R"), lambda p: princess_destinations(p, "R"),
    lambda p: red_boy_targets(p, "MK"), lambda p: score(p, "R"), complete_crosses, lambda p: best_window(p, (0, 0), ROW),
    lambda p: list(windows(p, (0, 0), ROW)), position_svg,
])
@pytest.mark.parametrize("given", [5, None, ["MK+1@R"]])
def test_a_mountain_that_is_neither_a_position_nor_its_notation_is_refused_naming_position(ask, given):
    with pytest.raises(DataError) as refused:
        ask(given)
    assert str(refused.value) == f"position: a Position or its notation, as 'MK+1@R PM+1', not {given!r}"


@pytest.mark.parametrize("given", ["MK+1", [(0, "a")], 5])
def test_places_that_are_no_places_are_refused_by_the_mountains_shape_questions(given):
    """A text is read as a Mountain (above); other values are lists of (row, column) places, checked."""
    for ask in (cut_places, is_connected):
        if isinstance(given, str):
            assert ask(given) == ask(Position.parse(given))
        else:
            with pytest.raises(ValueError, match="places"):
                ask(given)


def test_a_card_laid_by_hand_may_be_written_in_notation():
    position = Position.parse(LINE)
    assert position.with_card((1, 0), "MK+2") == position.with_card((1, 0), parse_card("MK+2"))
    assert position.with_card((1, 0), "pm-3").card_at((1, 0)) == parse_card("PM-3")
    with pytest.raises(NotationError, match="only a disciple"):
        position.with_card((1, 0), "BISON")
    with pytest.raises(NotationError, match="MK\\+9"):
        position.with_card((1, 0), "MK+9")
    with pytest.raises(DataError) as refused:
        position.with_card((1, 0), 5)
    assert str(refused.value) == "card: expected a disciple card (MK+2, ...), not 5"


@pytest.mark.parametrize("picture", ["XX", "", 5, "BISON"])
def test_a_red_boy_picture_that_is_no_disciple_is_refused_listing_the_disciples(picture):
    with pytest.raises(DataError) as refused:
        red_boy_targets(Position.parse(LINE), picture)
    assert str(refused.value) == f"picture: unknown disciple code {picture!r}; expected one of MK, PM, SB, DH"
    assert red_boy_targets(LINE, "dh") == red_boy_targets(LINE, Disciple.DRAGON_HORSE)


def test_colours_that_leave_a_pawn_of_the_mountain_to_no_player_say_so_of_the_colours_given():
    with pytest.raises(DataError) as refused:
        game_moment("MK+1@R PM+1@Y", ["SB+1", "DH+2"], colours=["B", "K"])
    assert str(refused.value) == ("colours: ['B', 'K'] leaves out the red and yellow pawns on the Mountain; "
                                  "every pawn there must be one of the players' colours")
    with pytest.raises(DataError) as refused:  # no colours given: the Mountain shows a pawn more than there are hands
        game_moment("MK+1@R PM+1@Y SB+1@B", ["SB+2", "DH+2"])
    assert str(refused.value) == "mountain: the blue pawn belongs to no player here"


def test_a_game_moment_takes_the_phase_as_its_text_too():
    assert game_moment(LINE, ["SB+2", "DH+2", "FAN"], phase="play").phase is Phase.PLAY
    assert game_moment(LINE, ["SB+2", "DH+2", "FAN"], phase="step").phase is Phase.STEP
    with pytest.raises(DataError) as refused:
        game_moment(LINE, ["SB+2", "DH+2", "FAN"], phase="playing")
    assert str(refused.value) == "phase: one of place_pawn, play, respond, step, over, not 'playing'"


@pytest.mark.parametrize("place, direction, says", [
    (5, ROW, "a place is (row, column)"), ((0, 0), (0, 2), "direction: ROW (0, 1) or COLUMN (1, 0), not (0, 2)"),
])
def test_windows_asked_along_no_row_or_column_or_through_no_place_are_refused_when_asked(place, direction, says):
    for ask in (lambda: windows(Position.parse(LINE), place, direction), lambda: best_window(LINE, place, direction)):
        with pytest.raises(ValueError, match=re.escape(says)):
            ask()


# --- a state's JSON that types alone let through: what no game reaches is refused when loaded -------------
@functools.cache
def waiting_for_answers(kind: type, players: int = 3) -> State:
    """A state of a random game in which an effect of that kind waits for answers."""
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(players, seed=seed)
        while not state.is_over:
            if state.phase is Phase.RESPOND and type(state.pending.effect) is kind:
                return state
            state, _ = apply_legal(state, rng.choice(legal_actions(state)))
    raise AssertionError(f"no game of 300 waits for an answer to a {kind.__name__}")


def empty_place(state: State) -> tuple[int, int]:
    return next(place for place in ((row, column) for row in range(-3, 4) for column in range(-3, 4)) if place not in state.mountain.cards)


def tampered_effect(kind: type, make) -> dict:
    """The JSON of a state waiting for answers to that kind of effect, the effect's text made anew."""
    state = waiting_for_answers(kind)
    data = state.to_dict()
    data["pending"]["effect"] = make(state, state.pending.effect)
    return data


def place_text(place: tuple[int, int]) -> str:
    return f"{place[0]},{place[1]}"


@pytest.mark.parametrize("kind, make, why", [
    (PlayRedBoy, lambda s, e: " ".join([*e.text().split()[:-1], place_text(empty_place(s))]), "there is no card at"),
    (PlayRedBoy, lambda s, e: " ".join([*e.text().split()[:-1], place_text(s.mountain.pawn("R"))]), "never discards a card holding a pawn (MOI-R16)"),
    (PlayPrincess, lambda s, e: f"fan K {place_text(e.place)}", "there is no black pawn on the Mountain"),
    (PlayPrincess, lambda s, e: f"fan {e.colour.letter} 40,40", "must touch the rest of the Mountain along a side (MOI-R15)"),
    (PlayBison, lambda s, e: f"bison K {place_text(e.place)}", "there is no black pawn on the Mountain"),
    (PlayBison, lambda s, e: f"bison {e.colour.letter} 40,40", "(MOI-R05)"),
])
def test_an_effect_waiting_for_answers_is_checked_on_the_mountain_as_when_it_was_played(kind, make, why):
    """Before, a Red Boy aimed at no card loaded and crashed with a KeyError when nobody cancelled;
    a Princess sent far away split the Mountain (MOI-R15) once resolved."""
    data = tampered_effect(kind, make)
    with pytest.raises(DataError) as refused:
        State.from_dict(data)
    assert refused.value.field == "state.pending.effect" and why in refused.value.why, str(refused.value)
    assert "cannot have been played on this Mountain" in refused.value.why


@pytest.mark.parametrize("kind", [PlayRedBoy, PlayPrincess, PlayBison])
def test_an_effect_waiting_for_answers_loads_back_as_the_engine_left_it(kind):
    state = waiting_for_answers(kind)
    assert State.from_json(state.to_json()) == state


def test_those_asked_to_answer_an_effect_are_those_the_engine_asks():
    tried = 0
    for kind in (PlayRedBoy, PlayPrincess, PlayBison):
        state = waiting_for_answers(kind)
        pending = state.pending
        for seat in set(range(state.players)) - {pending.player, *pending.responders}:
            data = state.to_dict()
            data["pending"]["responders"] = [seat]  # a seat not entitled, or holding nothing that cancels it
            with pytest.raises(DataError) as refused:
                State.from_dict(data)
            assert refused.value.field == "state.pending.responders", str(refused.value)
            tried += 1
    assert tried
    data = waiting_for_answers(PlayRedBoy).to_dict()
    data["seat"] = (data["seat"] + 1) % 3
    with pytest.raises(DataError, match="played by another player than the one whose turn it is"):
        State.from_dict(data)


def at_play(players: int = 2, seed: int = 0, rules: Rules | None = None) -> State:
    """A new game once every pawn is placed and the hands are dealt."""
    state = new_game(players, seed=seed, rules=rules)
    while state.phase is Phase.PLACE_PAWN:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_two_pawns_on_one_card_are_refused_unless_the_optional_rule_allows_it_MOI_R13():
    """Before, such a state loaded, and 6 of its listed legal actions were then refused by apply."""
    data = at_play().to_dict()
    data["pawns"]["Y"] = data["pawns"]["R"]
    with pytest.raises(DataError, match="a card holds more pawns than the rules allow: one, without the optional rule"):
        State.from_dict(data)
    data["rules"]["two_pawns"] = True
    assert State.from_dict(data).mountain.pawns_at(tuple(data["pawns"]["R"])) == (Colour.RED, Colour.YELLOW)
    shared = Position.parse("MK+1@RY PM+1 SB+1", Rules(two_pawns=True))
    with pytest.raises(DataError, match="more pawns than the rules allow"):
        game_moment(shared, ["SB+2", "DH+2"])
    assert game_moment(shared, ["SB+2", "DH+2"], rules=Rules(two_pawns=True)).mountain == shared


def test_a_state_placing_pawns_holds_no_hand_and_none_of_the_pawns_still_to_place_MOI_R19():
    """Before, a dealt state relabelled "place_pawn" loaded, and two pawns later each hand held 6 cards."""
    data = at_play().to_dict()
    data["phase"] = "place_pawn"
    with pytest.raises(DataError) as refused:
        State.from_dict(data)
    assert refused.value.why.split("; ") == [
        "the hands hold cards while the pawns are placed, before the deal (MOI-R19)",
        "the red and yellow pawns stand on the Mountain before their turn to be placed (MOI-R19)"]
    start = new_game(3, seed=2)
    one = apply(start, legal_actions(start)[0])[0]
    for state in (start, one):
        assert State.from_json(state.to_json()) == state
    data = one.to_dict()
    data["seat"] = 0  # red has placed: it may not place again
    with pytest.raises(DataError, match=re.escape("the red pawn stands on the Mountain before its turn to be placed (MOI-R19)")):
        State.from_dict(data)
    data = one.to_dict()
    data["turns"] = 3
    with pytest.raises(DataError, match="a turn was taken while the pawns are placed"):
        State.from_dict(data)
    reverse = new_game(3, seed=2, rules=Rules(pawns_placed_in_reverse=True))  # blue places first, then yellow
    after = apply(reverse, legal_actions(reverse)[0])[0]
    assert after.seat == 1 and State.from_json(after.to_json()) == after
    # A moment may leave out the pawns of those who placed already (setting-up's exercise shows red and yellow)
    moment = game_moment("PM+2 MK+3@R DH+2 SB+2\nPM+1 SB+1 DH+1 MK+2", ["", "", "", ""], draw_pile=44, seat=2, phase=Phase.PLACE_PAWN)
    assert [action.text() for action in legal_actions(moment)][:1] == ["pawn 0,0"]
    with pytest.raises(DataError, match="the hands hold cards while the pawns are placed"):
        game_moment(LINE, ["SB+2", "DH+2", "FAN"], phase=Phase.PLACE_PAWN, seat=1)
    with pytest.raises(DataError, match="the yellow and blue pawns stand"):
        game_moment(LINE, ["", "", ""], phase=Phase.PLACE_PAWN, seat=1)


def finished(seed: int = 1, players: int = 2, rules: Rules | None = None) -> State:
    state, rng = new_game(players, seed=seed, rules=rules), random.Random(seed)
    while not state.is_over:
        state, _ = apply_legal(state, rng.choice(legal_actions(state)))
    return state


RESULT = {"round": 1, "reason": "a", "ender": 0, "raw": [5, -2], "scored": [5, 0], "turns": 9}


@pytest.mark.parametrize("change, why", [
    (lambda d: d.update(phase="play"), "round 4 is played with 4 rounds scored, not 3 (MOI-R03)"),
    (lambda d: d.update(phase="step", played=[]), "round 4 is played with 4 rounds scored, not 3"),
    (lambda d: d.update(round=3), "the game is over after round 3 with 4 rounds scored"),
    (lambda d: d.update(results=d["results"][:3]), "the game is over after round 4 with 3 rounds scored"),
    (lambda d: d["results"][1].update(round=1), "the results are not those of rounds 1, 2, 3 ... in order"),
    (lambda d: d["results"][0].update(scored=[7, 7], raw=[7, 6]), "scored points are not its raw points"),
])
def test_the_results_are_one_per_round_played_in_order_as_scored_MOI_R12(change, why):
    """Before, a finished game relabelled 'play' loaded and the engine made a 5th round of 4,
    whose state did not load again."""
    data = finished().to_dict()
    assert len(data["results"]) == data["round"] == 4 and State.from_dict(data) == finished()
    change(data)
    with pytest.raises(DataError) as refused:
        State.from_dict(data)
    assert why in refused.value.why, str(refused.value)


@pytest.mark.parametrize("change, why", [
    (lambda d: d.update(results=[RESULT, {**RESULT, "round": 2}, {**RESULT, "round": 3}]), "round 1 is played with 3 rounds scored"),
    (lambda d: d.update(round=3), "round 3 is played with 0 rounds scored, not 2"),
    (lambda d: d.update(results=[{**RESULT, "round": 99}]), "the results are not those of rounds 1, 2, 3"),
    (lambda d: d.update(results=[{**RESULT, "scored": [1000, 0]}]), "scored points are not its raw points"),
    (lambda d: d.update(results=[{**RESULT, "turns": 0}]), "state.results[0].turns"),
])
def test_results_that_no_round_played_makes_are_refused(change, why):
    data = at_play().to_dict()
    change(data)
    with pytest.raises(DataError) as refused:
        State.from_dict(data)
    assert why in str(refused.value)


def test_the_results_scored_under_each_rule_for_negative_scores_load_back_MOI_R12():
    for rules in (Rules(), Rules(edition="zh"), Rules(negative_scores_kept=True)):
        for seed in range(4):
            state = finished(seed, 3, rules)
            assert State.from_json(state.to_json()) == state
    zh = finished(1, 2, Rules(edition="zh")).to_dict()
    zh["results"][0].update(raw=[-3, 4], scored=[-1, 4])  # a total of 1 dropped to 0: it moves by -1
    zh["totals"] = [5, 5]
    State.from_dict(zh)
    zh["results"][0].update(scored=[-4, 4])
    with pytest.raises(DataError, match="scored points are not its raw points"):
        State.from_dict(zh)


@pytest.mark.parametrize("phase", ["play", "step", "place_pawn", "over"])
def test_cards_played_this_turn_are_cards_on_the_table_within_the_turns_limit_MOI_R04(phase):
    """Before, 52 Iron Fan Princesses "played this turn" loaded in any phase, under play_limit 2 too."""
    state = finished(seed=3) if phase == "over" else at_play(3, seed=2, rules=Rules(play_limit=2))
    data = state.to_dict()
    data.update(phase=phase, played=["FAN"] * 52)
    with pytest.raises(DataError) as refused:
        State.from_dict(data)
    assert refused.value.field == "state", str(refused.value)


def test_the_cards_played_this_turn_are_checked_against_the_rules_of_the_turn_MOI_R04():
    state = at_play(3, seed=2, rules=Rules(play_limit=2))
    on_table = [card for _, _, card in state.to_dict()["mountain"]][:3]
    for played_cards, why in [(on_table, "3 cards were played this turn, more than the 2 a turn allows"),
                              (on_table[:2], None), (["BISON"], "neither in the Mountain, nor in the discard pile")]:
        data = state.to_dict()
        data["played"] = played_cards
        if why is None:
            assert State.from_dict(data).played == tuple(map(parse_card, played_cards))
        else:
            with pytest.raises(DataError, match=re.escape(why)):
                State.from_dict(data)
    for rules, why in [(Rules(edition="zh"), "disciples and events were played in one turn"), (Rules(), None)]:
        moment = game_moment(LINE, ["SB+2", "DH+3", "FAN"], draw_pile=10, rules=rules).to_dict()  # the rest is discarded
        assert "BISON" in moment["discard_pile"]
        moment["played"] = ["MK+1", "BISON"]
        if why is None:
            assert len(State.from_dict(moment).played) == 2  # EN mixes them (MOI-R04)
        else:
            with pytest.raises(DataError, match=why):
                State.from_dict(moment)


def test_the_turns_of_a_round_are_bounded_by_its_draws_so_the_engine_never_passes_the_bound():
    """Before, turns 1,000,000 (the most a state could count) loaded, and one turn later the
    engine's state did not load again. A round's turns are bounded by what it drew (`_turn_problems`):
    a state within the bound plays on, every state after it within the bound too."""
    state = at_play(3, seed=5)
    data = state.to_dict()
    drawn = 52 - len(state.draw_pile)
    data["turns"] = 3 * drawn  # at the bound: turns + 3 * pile = 3 * 52
    bounded = State.from_dict(data)
    rng = random.Random(5)
    while not bounded.is_over:
        bounded, _ = apply(bounded, rng.choice(legal_actions(bounded)))
        assert State.from_json(bounded.to_json()) == bounded
    data["turns"] += 1
    with pytest.raises(DataError, match="turns were taken this round, more than its draws allow"):
        State.from_dict(data)
    data["turns"] = 10**6
    with pytest.raises(DataError, match="more than its draws allow"):
        State.from_dict(data)
    data.update(turns=0, idle_turns=3)
    with pytest.raises(DataError, match="state.idle_turns: expected a whole number from 0 to 2, not 3"):
        State.from_dict(data)


TAMPERINGS = st.sampled_from(["phase", "swap", "effect"])


@given(st.data())
def test_a_state_tampered_as_a_person_would_loads_a_state_the_engine_plays_on_or_is_refused(data):
    """A phase relabelled, a field taken from another real state, an effect waiting for answers
    changed: either a clear DataError, or a state whose every legal action apply accepts, to the
    game's end, every state on the way loading back."""
    kind = data.draw(TAMPERINGS)
    if kind == "effect":
        state = waiting_for_answers(data.draw(st.sampled_from([PlayRedBoy, PlayPrincess, PlayBison])))
        text = state.pending.effect.text().split()
        place = data.draw(st.tuples(st.integers(-3, 4), st.integers(-3, 5)))
        text[-1] = place_text(place)
        if text[0] in ("bison", "bison2", "fan"):
            text[1] = data.draw(st.sampled_from("RYBK"))
        tampered = state.to_dict()
        tampered["pending"]["effect"] = " ".join(text)
    else:
        state = played(seed=data.draw(st.integers(0, 5)), moves=data.draw(st.integers(0, 120)))
        tampered = state.to_dict()
        if kind == "phase":
            tampered["phase"] = data.draw(st.sampled_from([phase.value for phase in Phase]))
        else:
            other = played(seed=data.draw(st.integers(6, 9)), moves=data.draw(st.integers(0, 120))).to_dict()
            name = data.draw(st.sampled_from(sorted(set(tampered) - {"game", "rules", "colours"})))
            tampered[name] = other[name]
    try:
        loaded_state = State.from_dict(tampered)
    except DataError as error:
        assert error.field.startswith("state"), str(error)
        return
    rng = random.Random(0)
    while not loaded_state.is_over:
        actions = legal_actions(loaded_state)
        for action in actions:
            assert refusal(loaded_state, action) is None, (loaded_state, action)
        loaded_state, _ = apply(loaded_state, rng.choice(actions))
        assert State.from_json(loaded_state.to_json()) == loaded_state


# --- the analysis functions: the library's errors, naming the argument or the rule ---------------------
@pytest.mark.parametrize("ask", [
    lambda: list(windows("MK+1@R PM+1", (0, 5), (0, 1))),
    lambda: best_window(Position.parse("MK+1@R PM+1"), (5, 5), (0, 1)),
    lambda: best_window("MK+1@R PM+1", (1, 0), (1, 0), complete=True),
])
def test_a_window_through_a_place_with_no_card_is_refused_saying_so(ask):
    """Before, a bare KeyError."""
    with pytest.raises(DataError) as refused:
        ask()
    assert refused.value.field == "place" and "there is no card at" in refused.value.why, str(refused.value)


@pytest.mark.parametrize("ask", [score, bison_destinations, princess_destinations, step_destinations])
def test_asking_about_a_pawn_that_is_not_on_the_mountain_is_a_data_error_naming_the_colour(ask):
    """Before, a plain ValueError (and "Z", no colour at all, a NotationError)."""
    with pytest.raises(DataError) as refused:
        ask(Position.parse(LINE), "K")
    assert str(refused.value) == "colour: there is no black pawn on this Mountain"
    with pytest.raises(NotationError):
        ask(Position.parse(LINE), "Z")


def test_the_analysis_functions_refuse_what_the_rules_forbid_as_an_illegal_action_citing_the_rule():
    with pytest.raises(IllegalAction) as refused:
        score(Position.parse(LINE), "R", True)
    assert refused.value.rule == "MOI-R11, MOI-R13"
    assert str(refused.value) == "the red pawn is not alone at a complete cross, so it cannot score the doubled cross (MOI-R11, MOI-R13)"
    with pytest.raises(IllegalAction) as refused:
        bison_destinations(LINE, "R", 3)
    assert refused.value.rule == "MOI-R05"
    assert str(refused.value) == "one or two Mighty Bison King cards may be played together, not 3 (MOI-R05)"


@pytest.mark.parametrize("cards", [True, False, "1", 1.0, None])
def test_a_count_of_bison_kings_that_is_no_whole_number_is_refused_not_taken_for_one(cards):
    """Before, True was taken for 1 (True == 1)."""
    with pytest.raises(DataError) as refused:
        bison_destinations(LINE, "R", cards)
    assert refused.value.field == "cards", str(refused.value)
    assert bison_destinations(LINE, "R", 1) == bison_destinations(LINE, "R")


@pytest.mark.parametrize("place, direction, field", [(5, ROW, "place"), ((0, 0), (0, 2), "direction"), ((0, 0), (2, 2), "direction")])
def test_windows_along_no_line_or_through_no_place_name_the_argument(place, direction, field):
    with pytest.raises(DataError) as refused:
        windows(LINE, place, direction)
    assert refused.value.field == field, str(refused.value)


# --- a place in an action's text ------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["pawn ０,０", "pawn ٠,٠", "pawn 0_0,0", "pawn +0,-0", "pawn 00,0", "pawn 0,-0", "pawn +1,2",
                                  "pawn 01,2", "pawn 1,٢", "lay MK+2 0,+1", "step R -01,0", "pawn 1,2.0", "pawn ,"])
def test_a_place_is_written_with_ascii_digits_as_the_notation_writes_it(text):
    """Before, int() read full-width and Arabic-Indic digits, underscores, '+' and leading zeros."""
    with pytest.raises(NotationError):
        parse_action(text)


def test_every_place_of_an_action_reads_back_from_the_text_it_is_written_as():
    for row in (-REACH, -10, -1, 0, 1, 9, 10, REACH):
        for column in (-REACH, -1, 0, 7, REACH):
            assert parse_action(PlacePawn((row, column)).text()) == PlacePawn((row, column))
            assert parse_action(f"pawn {row},{column}").place == (row, column)


def test_a_state_whose_cards_are_not_the_deck_names_those_missing_and_those_too_many_MOI_R01():
    """Whoever mends a state file (or a house rule that deals a card) learns which card to look for,
    as Hudai Pass's state says its own (HUD-R01)."""
    lost = GOOD["draw_pile"][0]
    twice = next(code for code in GOOD["draw_pile"] if code != lost)  # another card, in its place
    with pytest.raises(DataError) as error:
        loaded(lambda data: data["draw_pile"].__setitem__(0, twice))
    assert f"the 52 cards are not all in the game exactly once (MOI-R01): missing {lost}, too many {twice}" in str(error.value)


@pytest.mark.parametrize("phase", [Phase.RESPOND, "respond"])
def test_a_moment_waiting_for_an_answer_is_refused_saying_how_one_is_reached(phase):
    """A moment set by hand has no effect waiting: "an answer is awaited but no effect waits for
    one" left a teacher without the way there, playing the event from the play phase."""
    with pytest.raises(DataError) as refused:
        game_moment(LINE, ["BISON", "GUANYIN", "FAN"], phase=phase)
    assert refused.value.field == "phase" and "play_out(game_moment(..., phase=\"play\"), \"bison Y 0,3\")" in str(refused.value)


def test_a_moment_s_hand_is_read_as_show_cards_reads_cards_codes_in_a_text_or_a_list():
    """One reader for the cards a teacher types (`given_cards`): a list of codes is a hand too, and
    a bad code in it is named by its place."""
    assert game_moment(LINE, [["SB+1", "BISON"], "DH+2", "FAN"]) == game_moment(LINE, ["SB+1 BISON", "DH+2", "FAN"])
    with pytest.raises(DataError) as refused:
        game_moment(LINE, [["SB+1", "BISSON"], "DH+2", "FAN"])
    assert refused.value.field == "hands[0][1]"


# --- a count at its bound, played on ------------------------------------------------------------

#: The counts of an Inferno state that play adds to, each tried at the largest value the loader
#: accepts (tests/state_bounds.py), and a total at the smallest where negative scores are kept.
COUNTS = ("totals", "turns", "idle_turns")


@pytest.mark.parametrize("name", COUNTS)
@settings(max_examples=scaled(10))
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 200), index=st.integers(0, 3),
       rules=st.sampled_from([{}, {"edition": "zh"}, {"negative_scores_kept": True}]), direction=st.sampled_from([1, -1]),
       actions=st.integers(0, 10**6))
def test_a_state_with_a_count_at_the_most_it_loads_with_loads_after_play(name, seed, players, steps, index, rules, direction,
                                                                         actions):
    """Whatever count a state loads with, play from it loads again: states of random play, one of
    each phase, with one count at the largest value the loader accepts (bisected with from_dict; a
    total also at the smallest), played on up to 80 random actions or the game's end, load at every
    step (they did not: a total at 10**6, and the round's score took it past)."""
    path = ("totals", index % players) if name == "totals" else (name,)
    for number, state in enumerate(by_phase("inferno", players, seed, steps, Rules(**rules))):
        check_play_from_the_bound("inferno", State.from_dict, state, path, actions + number, 80,
                                  direction if name == "totals" else 1)
