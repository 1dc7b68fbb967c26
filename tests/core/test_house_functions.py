"""House rules of one's own as functions (`rulesbook.core.house`, `Rules.house` of each game): each
runs at its moment and changes exactly what it says; bad ones are refused when defined, when the
rules are made or when their moment comes (naming the rule and the moment, the state untouched);
rules, states and records carry their names and replay where they are defined."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulesbook
from rulesbook.core.data import DataError
from rulesbook.core.house import HouseRule, HouseRuleError, defined, forget, house_rule
from rulesbook.core.records import GameRecord
from simulation_scale import scaled

GAMES = {"inferno": 3, "hudai": 1, "madness": 4}


@pytest.fixture(autouse=True)
def defined_here_only():
    """Every house rule a test defines is forgotten after it (the register is the process's)."""
    yield
    for name in [name for name in list(_names()) if name.startswith("test-")]:
        forget(name)


def _names():
    from rulesbook.core import house

    return house._DEFINED


def rules(game: str, *house: HouseRule):
    return rulesbook.game(game).rules(house=house)


def without_rules(state) -> dict:
    data = state.to_dict()
    del data["rules"]
    return data


def printed(state, game: str):
    """The same state under the rules as printed (no house rule), to take the printed step from."""
    plain = rulesbook.game(game).rules()
    if game == "inferno":
        return dataclasses.replace(state, rules=plain)
    copy = state.copy()
    copy.rules = plain
    return copy


# ---------------------------------------------------------------- what a house rule changes, at its moment
# A change is given a copy: Hudai's and Madness's states are mutable, Inferno's are not.


def inferno_catch_up(state):
    """Scoring: the last seat in the totals (the first of them on a tie) gains 2 points."""
    last = min(range(state.players), key=state.totals.__getitem__)
    return dataclasses.replace(state, totals=tuple(total + 2 * (seat == last) for seat, total in enumerate(state.totals)))


def inferno_burn(state):
    """Round start: the top card of the draw pile is burnt (to the discard pile)."""
    return dataclasses.replace(state, draw_pile=state.draw_pile[:-1], discard_pile=state.discard_pile + state.draw_pile[-1:])


def inferno_point_a_turn(state):
    """Turn end: the player whose turn ended gains a point."""
    ended = (state.seat - 1) % state.players
    return dataclasses.replace(state, totals=tuple(total + (seat == ended) for seat, total in enumerate(state.totals)))


def hudai_river_turned(state):
    """Turn end (before the demon's turn, which never reads the river): the Mind River in reverse."""
    state.mind_river.reverse()
    return state


def hudai_rest(state):
    """Turn start: the monk heals a point, up to the starting health."""
    state.monk_health = min(state.rules.monk_health, state.monk_health + 1)
    return state


def madness_token_back(state):
    """A discarded Leadership token comes back to the Sled."""
    if state.discard_tokens:
        state.discard_tokens -= 1
        state.sled_tokens += 1
    return state


CHANGES = {
    ("inferno", "scoring"): inferno_catch_up,
    ("inferno", "round_start"): inferno_burn,
    ("inferno", "turn_end"): inferno_point_a_turn,
    ("hudai", "turn_end"): hudai_river_turned,
    ("hudai", "turn_start"): hudai_rest,
    ("madness", "turn_end"): madness_token_back,
    ("madness", "turn_start"): madness_token_back,
}


def test_every_moment_of_every_game_has_a_change_here():
    assert {(game, moment) for game in GAMES for moment in rulesbook.game(game).rules_type.house_moments} == set(CHANGES)
    assert rulesbook.game("inferno").rules_type.house_moments == ("round_start", "scoring", "turn_end")
    assert rulesbook.game("hudai").rules_type.house_moments == rulesbook.game("madness").rules_type.house_moments == (
        "turn_start", "turn_end")


@pytest.mark.parametrize("game, moment", sorted(CHANGES))
@pytest.mark.parametrize("seed", range(scaled(3)))
def test_a_house_rule_changes_exactly_what_it_says_at_its_moment_and_nowhere_else(game, moment, seed):
    """Step by step, the game with the house rule against the printed step from the same state: the
    same state but at the steps that reach the moment, where it is the change of the printed one."""
    change = CHANGES[game, moment]
    rule = house_rule(f"test-{moment}", moment)(change)
    protocol, players = rulesbook.game(game), GAMES[game]
    state = protocol.new_game(players, seed, rules(game, rule))
    start = protocol.new_game(players, seed, protocol.rules())
    at_start = moment in ("round_start", "turn_start")
    assert without_rules(state) == without_rules(change(printed(start, game)) if at_start else start)
    rng, reached = random.Random(seed), 0
    while not protocol.is_over(state):
        action = rng.choice(protocol.legal_actions(state))
        plain, _ = protocol.apply(printed(state, game), action)
        state, events = protocol.apply(state, action)
        said = [event for event in events if event.kind == "house"]
        if said:
            reached += 1
            assert [event.text for event in said] == [f"House rule 'test-{moment}' ({moment})."]
            assert without_rules(state) == without_rules(change(printed(plain, game))), protocol.action_to_text(state, action)
        else:
            assert without_rules(state) == without_rules(plain)
        assert state.rules.house == (rule,) and protocol.invariants(state) == []
    assert reached >= 1


def test_inferno_catch_up_at_scoring_adds_two_points_to_the_last_seat_each_round():
    """A round's scores move onto the totals (MOI-R12), then the last seat gains 2; the winners are
    read from the totals the house rule leaves."""
    catch_up = house_rule("test-catch-up", "scoring")(inferno_catch_up)
    protocol = rulesbook.game("inferno")
    state = protocol.new_game(3, 4, rules("inferno", catch_up))
    rng = random.Random(4)
    while not state.is_over:
        before = state
        state, events = protocol.apply(state, rng.choice(protocol.legal_actions(state)))
        if any(event.kind == "round" for event in events):
            moved = [total + scored for total, scored in zip(before.totals, state.results[-1].scored)]
            last = moved.index(min(moved))
            assert list(state.totals) == [total + 2 * (seat == last) for seat, total in enumerate(moved)]
    assert len(state.results) == 3 and state.winners == tuple(
        seat for seat, total in enumerate(state.totals) if total == max(state.totals))


def test_inferno_round_start_runs_at_every_round_the_first_in_new_game():
    burn = house_rule("test-burn", "round_start")(inferno_burn)
    protocol = rulesbook.game("inferno")
    state = protocol.new_game(2, 1, rules("inferno", burn))
    plain = protocol.new_game(2, 1)
    assert state.discard_pile == plain.draw_pile[-1:] and state.draw_pile == plain.draw_pile[:-1]
    rounds = []
    while not state.is_over:
        state, events = protocol.apply(state, protocol.legal_actions(state)[-1])
        if any(event.kind == "house" for event in events):
            rounds.append(state.round)
            assert len(state.discard_pile) == 1 and [event.kind for event in events][-2:] == ["setup", "house"]
    assert rounds == [2, 3, 4]


# ---------------------------------------------------------------- refused


def test_a_house_rule_is_a_named_function_and_defining_the_name_again_replaces_it():
    first = house_rule("test-twice", "scoring", text="first")(inferno_catch_up)
    assert defined("test-twice") is first and first.text == "first" and first.change is inferno_catch_up
    second = house_rule("test-twice", "scoring")(inferno_point_a_turn)
    assert defined("test-twice") is second and second.text.startswith("Turn end")  # its docstring
    with pytest.raises(DataError, match="HouseRule.change: the house rule 'test-bad' changes a state with a function, not 3"):
        house_rule("test-bad", "scoring")(3)
    with pytest.raises(DataError, match="HouseRule.name: a house rule needs a name"):
        HouseRule(" ", "scoring", inferno_catch_up)
    for fields, wrong in ((("test-x", None, inferno_catch_up), "HouseRule.moment: expected text, not None"),
                          ((3, "scoring", inferno_catch_up), "HouseRule.name: expected text, not 3"),
                          (("test-x", "scoring", inferno_catch_up, ["x"]), "HouseRule.text: expected text, not ['x']")):
        with pytest.raises(DataError) as refused:
            HouseRule(*fields)
        assert str(refused.value) == wrong
    assert "test-bad" not in _names()
    assert house_rule("test-plain", "scoring")(lambda state: state).text == ""  # no text, no docstring: none
    forget("test-plain")
    forget("test-plain")  # a name no more defined: nothing happens
    with pytest.raises(DataError) as unknown:
        defined(["test-twice"])  # not a name: not looked up
    assert unknown.value.field == "rules.house" and unknown.value.why.startswith("no house rule ['test-twice'] is defined here")


@pytest.mark.parametrize("game", GAMES)
def test_rules_refuse_a_moment_the_game_does_not_have_naming_the_rule_and_the_moments(game):
    protocol = rulesbook.game(game)
    moments = protocol.rules_type.house_moments
    dusk = house_rule("test-dusk", "dusk")(inferno_catch_up)
    with pytest.raises(DataError) as refused:
        protocol.rules(house=(dusk,))
    assert refused.value.field == "Rules.house"
    assert str(refused.value) == (f"Rules.house: the house rule 'test-dusk' runs at 'dusk', a moment {protocol.title} "
                                  f"does not have; its moments are {', '.join(moments)}")


@pytest.mark.parametrize("game", GAMES)
def test_rules_refuse_the_same_house_rule_twice_and_anything_but_house_rules(game):
    protocol = rulesbook.game(game)
    rule = house_rule("test-once", protocol.rules_type.house_moments[0])(inferno_catch_up)
    with pytest.raises(DataError, match="the house rule 'test-once' is given twice"):
        protocol.rules(house=(rule, rule))
    with pytest.raises(DataError, match=re.escape("Rules.house: expected a list of house rules (a function becomes one with "
                                                  "@rulesbook.core.house_rule(name, moment)), not (<function inferno_catch_up")):
        protocol.rules(house=(inferno_catch_up,))
    assert protocol.rules(house=[rule]).house == (rule,)  # a list given by hand is taken as a tuple
    assert protocol.rules().house == ()


def cheat_inferno(state):
    from rulesbook.inferno import parse_card
    return dataclasses.replace(state, discard_pile=(*state.discard_pile, parse_card("MK+3")))  # a card comes into the game twice


def cheat_hudai(state):
    state.monk_health = state.rules.monk_health + 5
    return state


def cheat_madness(state):
    state.sled_tokens += 3
    return state


def other_rules(state):
    return dataclasses.replace(state, rules=dataclasses.replace(state.rules, house=()))


BROKEN = {
    "raises": (lambda state: 1 / 0, "the function raised ZeroDivisionError: division by zero"),
    "returns nothing": (lambda state: None, "the function returned None, not the game's state"),
    "returns something else": (lambda state: 3, "the function returned 3, not the game's state"),
    "changes the rules": (other_rules, "the function changed the rules; a house rule changes the table"),
    "changes the seed": (lambda state: _replaced(state, seed="another game"),
                         "the function changed the state's seed; a house rule changes the table, not the seed or who plays"),
}
#: Who plays, as each game keeps it (Hudai Pass has one monk).
SEATS = {"inferno": "colours", "madness": "names"}


def _replaced(state, **values):
    """The state with these fields changed, in place where the game's state is not frozen."""
    if dataclasses.is_dataclass(state) and state.__dataclass_params__.frozen:
        return dataclasses.replace(state, **values)
    for name, value in values.items():
        setattr(state, name, value)
    return state
#: What each game says of the state a cheat leaves (its invariants' words, without the field `state`).
CHEATS = {"inferno": (cheat_inferno, "the 52 cards are not all in the game exactly once (MOI-R01): too many MK+3"),
          "hudai": (cheat_hudai, "monk_health 17 is above the starting health, 12 (Rules.monk_health)"),
          "madness": (cheat_madness, "the Leadership tokens are not conserved (5 + 4 + 0, the expedition has 6)")}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", [*BROKEN, "breaks the game's rules"])
def test_a_house_rule_that_fails_at_its_moment_names_itself_and_leaves_the_state_untouched(game, how):
    change, said = BROKEN[how] if how in BROKEN else CHEATS[game]
    if how == "breaks the game's rules":
        said = f"the state it returned breaks the game's rules: {said}"
    _fails_at_its_moment(game, change, said)


def test_a_house_rule_that_changes_inferno_s_frozen_state_in_place_is_told_how_to_change_it():
    """Hudai's and Madness's house rules change the state in place; the same habit in Mountain of
    Inferno, whose state is frozen, is told to return dataclasses.replace(...)."""
    def bonus(state):
        state.totals = tuple(total + 1 for total in state.totals)
        return state
    _fails_at_its_moment("inferno", bonus, "the function raised FrozenInstanceError: cannot assign to field 'totals'; this game's "
                                           "state is not changed in place: return dataclasses.replace(state, field=value)")


@pytest.mark.parametrize("game", SEATS)
def test_a_house_rule_that_swaps_who_plays_is_refused(game):
    field = SEATS[game]
    _fails_at_its_moment(game, lambda state: _replaced(state, **{field: tuple(reversed(getattr(state, field)))}),
                         f"the function changed the state's {field}; a house rule changes the table, not the seed or who plays")


def _fails_at_its_moment(game, change, said):
    """A rule making this change at a turn's end fails, saying so, and leaves the state untouched."""
    protocol = rulesbook.game(game)
    moment = protocol.rules_type.house_moments[-1]  # a turn's end: reached by an action, not at set-up
    rule = house_rule("test-broken", moment)(change)
    state = protocol.new_game(GAMES[game], 2, rules(game, rule))
    before, action = _first_reach(protocol, state, moment)
    text = protocol.to_json(before)
    with pytest.raises(HouseRuleError) as failed:
        protocol.apply(before, action)
    assert failed.value.rule is rule and failed.value.moment == moment
    assert str(failed.value) == f"house rule 'test-broken' ({moment}): {said}" and failed.value.why == said
    with pytest.raises(HouseRuleError):
        protocol.apply_legal(before, action)
    assert protocol.to_json(before) == text


def _first_reach(protocol, state, moment):
    """The state before the first action that reaches the moment, and that action, found under the
    rules as printed (the broken rule is not run while searching)."""
    game, rng = protocol.name, random.Random(2)
    probe = dataclasses.replace(state.rules, house=(house_rule("test-probe", moment)(lambda same: same),))
    search = printed(state, game)
    while True:
        action = rng.choice(protocol.legal_actions(search))
        _, events = protocol.apply(_with_rules(search, game, probe), action)
        if any(event.kind == "house" for event in events):
            return _with_rules(search, game, state.rules), action
        search, _ = protocol.apply(search, action)


def _with_rules(state, game, rules_value):
    if game == "inferno":
        return dataclasses.replace(state, rules=rules_value)
    copy = state.copy()
    copy.rules = rules_value
    return copy


def test_a_house_rule_at_set_up_that_fails_refuses_the_new_game():
    boom = house_rule("test-boom", "round_start")(lambda state: 1 / 0)
    with pytest.raises(HouseRuleError, match=r"house rule 'test-boom' \(round_start\): the function raised ZeroDivisionError"):
        rulesbook.game("inferno").new_game(2, 1, rules("inferno", boom))


def test_a_value_of_the_wrong_kind_is_read_back_as_the_game_reads_a_state_or_refused():
    """Totals given as a list: the game goes on with the state as read from its JSON (tuples);
    totals given as text: refused as a state read from outside is, naming the field."""
    as_list = house_rule("test-list", "scoring")(lambda state: dataclasses.replace(state, totals=list(state.totals)))
    protocol = rulesbook.game("inferno")
    state = protocol.new_game(2, 1, rules("inferno", as_list))
    while not state.is_over:
        state, _ = protocol.apply(state, protocol.legal_actions(state)[-1])
    assert type(state.totals) is tuple and state.rules.house == (as_list,)
    as_text = house_rule("test-text", "round_start")(lambda state: dataclasses.replace(state, totals=("0",) * state.players))
    with pytest.raises(HouseRuleError, match=r"\(round_start\): the state it returned breaks the game's rules: "
                                             r"state.totals\[0\]: expected a whole number, not '0'"):
        protocol.new_game(2, 1, rules("inferno", as_text))


# ---------------------------------------------------------------- rules, states and records as JSON


@pytest.mark.parametrize("game", GAMES)
def test_rules_write_house_rules_by_name_and_read_them_back_where_they_are_defined(game):
    protocol = rulesbook.game(game)
    moments = protocol.rules_type.house_moments
    first, second = (house_rule(f"test-{moment}", moment)(lambda state: state) for moment in moments[:2])
    made = protocol.rules(house=(second, first))
    assert made.to_dict()["house"] == [second.name, first.name]
    assert protocol.rules_from_dict(json.loads(json.dumps(made.to_dict()))) == made
    assert "house" not in protocol.rules().to_dict()  # rules as printed write what they wrote before house rules
    assert protocol.rules_from_text(f"house={first.name}") == protocol.rules(house=(first,))
    forget(first.name)
    with pytest.raises(DataError) as unknown:
        protocol.rules_from_dict(made.to_dict())
    assert unknown.value.field == "rules.house"
    assert unknown.value.why == (f"no house rule {first.name!r} is defined here; a house rule is a Python function: define it "
                                 f"first, with rulesbook.core.house_rule({first.name!r}, moment) on it")
    with pytest.raises(DataError, match="rules.house: expected a list of house rules' names, not 'test-x'"):
        protocol.rules_from_dict({"house": "test-x"})


NAMES_OR_NOT = st.recursive(st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from(["test-json", "test-other", ""]),
                            lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@given(game=st.sampled_from(sorted(GAMES)), value=NAMES_OR_NOT)
def test_any_house_data_reads_as_the_house_rules_it_names_or_is_refused_naming_the_field(game, value):
    protocol = rulesbook.game(game)
    rule = house_rule("test-json", protocol.rules_type.house_moments[0])(inferno_catch_up)
    try:
        made = protocol.rules_from_dict({"house": value})
    except DataError as error:
        assert error.field in ("rules.house", "Rules.house"), error
        return
    assert isinstance(value, list) and all(name == "test-json" for name in value) and len(value) <= 1
    assert made.house == (rule,) * len(value) and protocol.rules_from_dict(made.to_dict()) == made


@pytest.mark.parametrize("game", GAMES)
def test_a_record_says_which_house_rules_it_uses_and_replays_only_where_they_are_defined(game):
    protocol, players = rulesbook.game(game), GAMES[game]
    moment = protocol.rules_type.house_moments[-1]
    change = CHANGES[game, moment]
    rule = house_rule("test-recorded", moment)(change)
    record = GameRecord.play(game, players, seed=5, rules=rules(game, rule), bots=["random"])
    final = protocol.to_json(record.final_state())
    text = record.to_json()
    assert json.loads(text)["rules"]["house"] == ["test-recorded"]
    replayed, log = GameRecord.from_json(text).replay()
    assert protocol.to_json(replayed) == final
    assert any(event.kind == "house" for _, events in log for event in events)
    forget("test-recorded")
    with pytest.raises(DataError) as refused:
        GameRecord.from_json(text)
    assert refused.value.field == "record.rules.house" and "define it first" in refused.value.why
    with pytest.raises(DataError, match="state.rules|rules.house"):
        protocol.from_json(final)
    house_rule("test-recorded", moment)(change)  # defined again, as a notebook's cell run again
    assert protocol.to_json(GameRecord.from_json(text).final_state()) == final
    assert protocol.to_json(protocol.from_json(final)) == final


def _kept(state):
    return state


def _nested():
    def _kept(state):
        return state

    return _kept


@pytest.mark.parametrize("game", GAMES)
def test_a_record_is_refused_where_another_house_rule_of_its_name_is_defined(game):
    """Two notebooks' "catch-up" are two rules: a record keeps each rule's text and a fingerprint
    of its function's source, and is refused where the rule of that name differs, saying both."""
    protocol, players = rulesbook.game(game), GAMES[game]
    moment = protocol.rules_type.house_moments[-1]
    played = house_rule("test-twice", moment, text="as played")(CHANGES[game, moment])
    text = GameRecord.play(game, players, seed=5, rules=rules(game, played), bots=["random"]).to_json()
    data = json.loads(text)
    assert list(data)[:6] == ["game", "version", "players", "seed", "rules", "house"]
    assert data["house"] == {"test-twice": {"text": "as played", "fingerprint": played.fingerprint}}
    assert re.fullmatch("[0-9a-f]{12}", played.fingerprint)
    final = protocol.to_json(GameRecord.from_json(text).final_state())

    other = house_rule("test-twice", moment, text="defined here")(_kept)
    with pytest.raises(DataError) as refused:
        GameRecord.from_json(text)
    assert refused.value.field == "record.house['test-twice']"
    assert refused.value.why == ("the game was played under a house rule 'test-twice' (as played) other than the one defined "
                                 f"here (defined here): their moments or their functions' source differ (fingerprint {played.fingerprint} in "
                                 f"the record, {other.fingerprint} here); define the record's 'test-twice' first, or leave "
                                 "out the record's field \"house\" to replay it under the one defined here")
    del data["house"]  # as the error says: the record replays under the rule defined here
    assert GameRecord.from_json(json.dumps(data)).rules.house == (other,)

    house_rule("test-twice", moment, text="as played")(CHANGES[game, moment])  # its cell run again
    assert protocol.to_json(GameRecord.from_json(text).final_state()) == final
    house_rule("test-twice", [m for m in protocol.rules_type.house_moments if m != moment][0], text="as played")(CHANGES[game, moment])
    with pytest.raises(DataError, match=re.escape("record.house['test-twice']: the game was played under")):  # at another moment
        GameRecord.from_json(text)


def test_a_fingerprint_is_the_source_read_as_a_reader_would():
    """Indentation aside, the same source at the same moment is the same rule; another moment or
    another line is another; a function Python kept no source of has none, and a record of it
    cannot tell it from another (it keeps the text only)."""
    assert house_rule("test-a", "scoring")(_kept).fingerprint == house_rule("test-b", "scoring")(_nested()).fingerprint
    assert house_rule("test-a", "turn_end")(_kept).fingerprint != house_rule("test-b", "scoring")(_kept).fingerprint
    assert house_rule("test-a", "scoring")(inferno_catch_up).fingerprint != house_rule("test-b", "scoring")(_kept).fingerprint
    made: dict = {}
    exec("def unsourced(state):\n    return state\n", made)
    unsourced = house_rule("test-unsourced", "scoring", text="made by exec")(made["unsourced"])
    assert unsourced.fingerprint is None
    text = GameRecord("inferno", 3, 1, rules("inferno", unsourced)).to_json()
    assert json.loads(text)["house"] == {"test-unsourced": {"text": "made by exec"}}
    house_rule("test-unsourced", "scoring")(_kept)
    assert GameRecord.from_json(text).rules.house == (defined("test-unsourced"),)


@pytest.mark.parametrize("house, field, why", [
    ([], "record.house", "expected an object, not []"),
    ({"test-other": {}}, "record.house", "'test-other': no house rule the rules name ('test-told')"),
    ({"test-told": "as played"}, "record.house['test-told']", "expected an object, not 'as played'"),
    ({"test-told": {"colour": "red"}}, "record.house['test-told']", "no field 'colour'; the fields are fingerprint, text"),
    ({"test-told": {"text": 7}}, "record.house['test-told'].text", "expected text, not 7"),
    ({"test-told": {"fingerprint": "DEADBEEF"}}, "record.house['test-told'].fingerprint",
     "expected twelve hex digits, as a record writes them, not 'DEADBEEF'"),
])
def test_a_tampered_house_field_is_refused_naming_it(house, field, why):
    told = house_rule("test-told", "scoring")(_kept)
    data = json.loads(GameRecord("inferno", 3, 1, rules("inferno", told)).to_json())
    with pytest.raises(DataError) as refused:
        GameRecord.from_dict({**data, "house": house})
    assert (refused.value.field, refused.value.why) == (field, why)
    del data["rules"]["house"]
    with pytest.raises(DataError, match=re.escape("record.house: 'test-told': no house rule the rules name (they name none)")):
        GameRecord.from_dict(data)


@pytest.mark.parametrize("game", GAMES)
def test_games_without_house_rules_record_and_play_as_before(game):
    """No house rule: `Rules().house == ()`, its JSON has no `house`, and the random games' records
    replay through both paths to the same states (the golden records hold the rest)."""
    protocol, players = rulesbook.game(game), GAMES[game]
    assert protocol.rules().house == () and protocol.rules_from_dict({}) == protocol.rules()
    record = GameRecord.play(game, players, seed=7, bots=["random"])
    assert "house" not in json.loads(record.to_json())["rules"]
    assert protocol.to_json(GameRecord.from_json(record.to_json()).final_state()) == protocol.to_json(record.final_state())


# ---------------------------------------------------------------- random games under house rules


@pytest.mark.parametrize("game", GAMES)
def test_random_games_under_house_rules_at_every_moment_keep_the_game_whole(game):
    """Random games with a house rule at each moment of the game: the invariants after every action,
    the state's JSON round trip, and the record replaying to the same final state."""
    protocol, players = rulesbook.game(game), GAMES[game]
    house = tuple(house_rule(f"test-{moment}", moment)(CHANGES[game, moment]) for moment in protocol.rules_type.house_moments)
    for index in range(scaled(20, least=2)):
        seed = f"house:{index}"
        state = protocol.new_game(players, seed, rules(game, *house))
        rng, texts = random.Random(seed), []
        while not protocol.is_over(state):
            action = rng.choice(protocol.legal_actions(state))
            texts.append(protocol.action_to_text(state, action))
            state, _ = protocol.apply_legal(state, action)
            assert protocol.invariants(state) == [], (seed, texts[-1])
            assert len(texts) <= protocol.max_actions
        assert protocol.to_json(protocol.from_json(protocol.to_json(state))) == protocol.to_json(state)
        record = GameRecord(game, players, seed, rules(game, *house), texts)
        assert protocol.to_json(GameRecord.from_json(record.to_json()).final_state()) == protocol.to_json(state)


@pytest.mark.parametrize("game, moment", sorted(CHANGES))
def test_the_state_a_house_rule_returns_keeps_the_rules_the_game_was_given(game, moment):
    """The state a house rule returns is read back from its data by the game's own checks, and then
    given back the game's rules object itself, not an equal one found again by the names it holds."""
    rule = house_rule(f"test-{moment}", moment)(CHANGES[game, moment])
    protocol, given = rulesbook.game(game), rules(game, rule)
    state, rng = protocol.new_game(GAMES[game], 1, given), random.Random(1)
    while not protocol.is_over(state):
        state = protocol.apply(state, rng.choice(protocol.legal_actions(state)))[0]
        assert state.rules is given


def _indented_return(state):
    if state:
        pass
    return state


def _nested_return(state):
    if state:
        pass
        return state


def test_a_fingerprint_keeps_the_indentation_inside_the_function_and_is_stable(tmp_path, monkeypatch):
    """Indentation inside the body is part of the rule (Python's blocks are), its margin is not;
    and the same source gives the same twelve digits on every run and every Python, so a record
    written today reads tomorrow."""
    from rulesbook.core.house import fingerprint_of

    assert fingerprint_of("scoring", _indented_return) != fingerprint_of("scoring", _nested_return)
    (tmp_path / "handed_in_rule.py").write_text("def bonus(state):   \n    return state\n", encoding="utf-8")
    (tmp_path / "tidied_rule.py").write_text("def bonus(state):\n    return state\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from handed_in_rule import bonus  # a file's function, its first line ending in spaces
    from tidied_rule import bonus as tidied

    assert fingerprint_of("scoring", bonus) == fingerprint_of("scoring", tidied) == "733135315ac7"  # the digits records hold


def test_a_record_names_every_house_rule_it_disagrees_with_in_both_texts():
    """Two house rules, the record keeping nothing of the first: the second is still compared; a
    rule with no text is said to have none; a fingerprint of another kind is named by its field."""
    first = house_rule("test-first", "scoring")(_kept)
    second = house_rule("test-second", "turn_end")(_kept)
    data = json.loads(GameRecord("inferno", 3, 1, rules("inferno", first, second)).to_json())
    del data["house"]["test-first"]
    data["house"]["test-second"] = {"fingerprint": "0" * 12}
    with pytest.raises(DataError) as refused:
        GameRecord.from_dict(data)
    assert refused.value.field == "record.house['test-second']"
    assert refused.value.why.startswith("the game was played under a house rule 'test-second' (no text) other than the one defined "
                                        "here (no text): ")
    data["house"] = {"test-other": {}, "test-third": {}}
    with pytest.raises(DataError) as refused:
        GameRecord.from_dict(data)
    assert refused.value.why == "'test-other', 'test-third': no house rule the rules name ('test-first', 'test-second')"
    data["house"] = {"test-second": {"fingerprint": 5}}
    with pytest.raises(DataError) as refused:
        GameRecord.from_dict(data)
    assert (refused.value.field, refused.value.why) == ("record.house['test-second'].fingerprint", "expected text, not 5")


def test_a_record_of_a_house_rule_not_defined_says_what_its_rules_do():
    """In Python the refusal spoke of "a command line"; the record keeps each rule's text, which
    tells the reader which function to define (a first-time reader's audit). The command line
    says it runs no house rule."""
    rule = house_rule("test-leader-tax", "scoring", text="after each round's scoring, the leader pays 1 point")(lambda state: state)
    record = GameRecord.play("inferno", 3, seed=5, rules=rulesbook.game("inferno").rules(house=(rule,)))
    forget(rule.name)
    with pytest.raises(DataError) as unknown:
        GameRecord.from_json(record.to_json())
    assert "command line" not in str(unknown.value)
    assert unknown.value.__notes__ == ["The record says what its house rules do: 'test-leader-tax': after each round's scoring, the leader pays 1 point"]

