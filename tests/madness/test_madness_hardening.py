"""Every way into the Madness engine from outside, tried as a hostile user would (issue 21): a state's
JSON, the Rules, a data pack, an action built by hand. Each bad input is a ValueError subclass
naming the field and why, and nothing changes; hypothesis keeps mutating each surface."""

from __future__ import annotations

import copy
import dataclasses
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.madness import (
    ACTIONS,
    GAME,
    PackError,
    Rules,
    State,
    apply,
    default_pack,
    legal_actions,
    load_pack,
    new_game,
    parse_action,
    parse_pack,
    refusal,
)
from rulesbook.madness.challenges import CardFace, Challenge
from rulesbook.madness.pack import MOST
from rulesbook.madness.state import MOST_COUNT, Phase, counted
from simulation_scale import scaled
from state_bounds import by_phase, check_play_from_the_bound

# ------------------------------------------------------------------------------ State.from_json


def a_state() -> State:
    """A state in the middle of an expedition: cards on the Sled, Madness drawn."""
    state = new_game(4, "hardening")
    for text in ("P1: move to C2", "P1: time up", "P1: resolve"):
        state, _ = apply(state, text)
    return state


def refused(data: object, field: str, why: str = "") -> DataError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(DataError) as error:
        State.from_json(text)
    assert error.value.field.startswith(field), error.value
    assert why in str(error.value), error.value
    assert isinstance(error.value, ValueError) and "\n" not in str(error.value)
    return error.value


def _swap(data: dict, one: str, other: str) -> None:
    """The first cards of two piles swapped: every card still in one place, each in the wrong one."""
    data[one][0], data[other][0] = data[other][0], data[one][0]


def changed(change) -> dict:
    data = a_state().to_dict()
    change(data)
    return data


def test_null_an_empty_object_and_a_missing_field_are_refused_naming_it():
    refused("null", "state", "expected an object")
    refused("{}", "state.names", "missing")
    refused(changed(lambda d: d.pop("hands")), "state.hands", "missing")
    refused("[1, 2", "state", "not JSON")


@pytest.mark.parametrize("change, field, why", [
    (lambda d: d.update(turn="3"), "state.turn", "expected a whole number"),
    (lambda d: d.update(hands=5), "state.hands", "expected a list"),
    (lambda d: d.update(talking="no"), "state.talking", "true or false"),
    (lambda d: d.update(seed=[1]), "state.seed", "a whole number or text"),
    (lambda d: d.update(board=[]), "state.board", "expected an object"),
    (lambda d: d["hands"][1].append(d["hands"][1][0]), "state", "not conserved"),  # a card twice
    (lambda d: d["equipment_deck"].extend(d["equipment_deck"] * 3), "state.equipment_deck", "at most"),  # more than the pack
    (lambda d: d.update(sled_tokens=-1), "state.sled_tokens", "from 0 to 6"),
    (lambda d: d.update(discard_tokens=7), "state.discard_tokens", "from 0 to 6"),
    (lambda d: d.update(leader=4), "state.leader", "from 0 to 3"),
    (lambda d: d.update(hand_bonus=10 ** 9), "state.hand_bonus", "from 0 to 6"),  # a Leadership token per card
    (lambda d: d.update(leader=True), "state.leader", "whole number"),
    (lambda d: d["sled"].append([9, d["equipment_deck"].pop()]), "state.sled[", "from 0 to 3"),
    (lambda d: d["hands"][0].append("no such card"), "state.hands[0][", "not a card of the pack"),
    (lambda d: d.update(phase="lunch"), "state.phase", "not a phase"),
    (lambda d: d.update(die="Eclipse"), "state.die", "not a face"),
    (lambda d: d.update(names=["A", "B"]), "state.names", "3 to 5 players"),
    (lambda d: d.update(names=["A"] * 6), "state.names", "at most 5"),
    (lambda d: d["hands"].pop(), "state.hands", "one entry per player"),
    (lambda d: d.update(rules={"expert": "yes"}), "state.rules.expert", "true or false"),
    (lambda d: d.update(colour="red"), "state", "no field 'colour'"),
    (lambda d: d.update(phase="over"), "state", "has an outcome"),
    # A card where its kind never goes: the Arcane deck gives Arcane cards only (an Injury there was
    # taken as the Arcane card a reward gives, and refused later as a legal move).
    (lambda d: _swap(d, "arcane_deck", "injury_deck"), "state", "the Arcane deck holds I"),
    (lambda d: _swap(d, "arcane_deck", "injury_deck"), "state", "which is no Injury card of the pack"),
])
def test_a_state_that_breaks_a_type_or_an_invariant_is_refused_naming_the_field(change, field, why):
    refused(changed(change), field, why)


def test_nan_infinity_and_deep_nesting_are_refused():
    text = a_state().to_json()
    refused(text.replace('"turn": 1', '"turn": NaN'), "state", "not JSON the game can read")
    refused(text.replace('"turn": 1', '"turn": Infinity'), "state", "not JSON the game can read")
    refused('{"players": ' + "[" * 5000 + "]" * 5000 + "}", "state", "nested deeper")
    with pytest.raises(DataError, match=r"state.totals\[0\]: expected a whole number, not nan"):
        State.from_dict(changed(lambda d: d.update(totals=[math.nan])))


def test_a_state_read_back_is_the_state_and_keeps_its_invariants():
    state = a_state()
    again = State.from_json(state.to_json())
    assert again == state and again.problems() == [] and GAME.from_json(GAME.to_json(state)) == state


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=6), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)
BASE = a_state().to_dict()


@given(st.sampled_from(sorted(BASE)), JSON, st.integers(0, 5))
def test_any_mutation_of_a_states_json_loads_cleanly_or_is_a_data_error(name, value, depth):
    """Replace one field (or an item inside it) by any JSON value: the state loads, keeps its
    invariants and round-trips, or the error is a DataError; never a TypeError or KeyError."""
    data = copy.deepcopy(BASE)
    holder, key = data, name
    for _ in range(depth):  # go down into lists and objects, when there are any
        inner = holder[key]
        if isinstance(inner, list) and inner:
            holder, key = inner, len(inner) // 2
        elif isinstance(inner, dict) and inner:
            holder, key = inner, sorted(inner)[0]
        else:
            break
    holder[key] = value
    try:
        state = State.from_json(json.dumps(data))
    except DataError as error:
        assert isinstance(error, ValueError) and str(error)
        return
    assert state.problems() == []
    assert State.from_json(state.to_json()) == state


# ------------------------------------------------------------------------------ each phase's table


def _real_states() -> list[State]:
    """States of real expeditions (random and expedition bots), a few of each phase and of each kind
    of reward, with and without cards on the Sled and a tile in front of the Leader."""
    import random

    kept: dict[tuple, list[State]] = {}
    for seed in range(8):
        state, rng = new_game(3 + seed % 3, f"phases-{seed}"), random.Random(seed)
        bots = GAME.make_bots(["expedition"] * state.players, seed) if seed % 2 else None
        while not state.is_over:
            key = (state.phase, bool(state.sled), state.encounter is not None, (state.reward or "").split(" ")[0],
                   bool(state.pending), state.search_shown is not None)
            group = kept.setdefault(key, [])
            if len(group) < 3:
                group.append(state)
            actions = legal_actions(state)
            action = bots[GAME.current_player(state)].choose(state, actions) if bots else rng.choice(actions)
            state, _ = apply(state, action)
        kept.setdefault((state.phase, state.outcome), []).append(state)
    return [state for group in kept.values() for state in group]


REAL_STATES = _real_states()
PHASES = [phase.value for phase in Phase]


def _first(phase: Phase, test) -> State:
    return next(state for state in REAL_STATES if state.phase is phase and test(state))


@pytest.mark.parametrize("source, phase, field, why", [
    # The audit's case: the Encounter tile TC03 in front of the Leader, relabelled the Movement Phase,
    # was lost by the next move ('Encounter tiles are not conserved').
    (lambda: _first(Phase.ENCOUNTER, lambda s: s.encounter and not s.sled), "movement", "state.encounter", "none in the Movement Phase"),
    (lambda: _first(Phase.TIMER, lambda s: s.sled), "draw", "state.sled", "empty in the Draw Phase"),
    (lambda: _first(Phase.TIMER, lambda s: s.sled), "movement", "state.sled", "the cards played go to the Equipment discard"),
    (lambda: _first(Phase.REWARD, lambda s: s.sled), "rest", "state.sled", "empty in the Rest Phase"),
    (lambda: _first(Phase.ENCOUNTER, lambda s: s.encounter and not s.sled), "draw", "state.encounter", "none in the Draw Phase"),
    (lambda: _first(Phase.FAILURES, lambda s: s.sled), "rest", "state.sled", "empty in the Rest Phase"),
    (lambda: _first(Phase.REWARD, lambda s: True), "encounter", "state.reward", "a reward waits for the Leader's choice only"),
    (lambda: _first(Phase.FAILURES, lambda s: True), "timer", "state.pending", "failures wait to be suffered only"),
    (lambda: _first(Phase.MOVEMENT, lambda s: s.airplane is None), "encounter", "state.airplane", "the Encounter Phase begins when"),
])
def test_a_phase_whose_table_the_engine_never_leaves_is_refused_naming_the_field(source, phase, field, why):
    """Each phase as the engine enters and leaves it: the Sled and the tile in front of the Leader from
    the Airplane's landing to the end of the Resolution Phase, a reward only in its step, failures only
    in the Resolution Phase. A state relabelled past them loaded, and its next move lost cards or tiles."""
    data = source().to_dict()
    data["phase"] = phase
    before = copy.deepcopy(data)
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == field and why in error.value.why, str(error.value)
    assert data == before


def test_a_die_on_the_table_names_the_failure_it_answers():
    state = _first(Phase.DIE, lambda s: True)
    refused(dict(state.to_dict(), failure=-1), "state.failure", "the failed challenge whose Penalty Die is on the table")
    refused(dict(state.to_dict(), phase="failures", die=None, pending=[state.failure]), "state.failure", "-1 in the")
    rewarded = _first(Phase.REWARD, lambda s: (s.reward or "").startswith("Relic"))
    data = rewarded.to_dict()
    data["relics"][0].append(data["relic_deck"].pop(data["relic_deck"].index(rewarded.pack.relic_by_name[rewarded.reward[6:]])))
    refused(data, "state.reward", "is not in the Relic deck")


def test_the_states_of_real_expeditions_meet_their_phase():
    assert {state.phase.value for state in REAL_STATES} == set(PHASES)
    for state in REAL_STATES:
        assert state.problems() == [] and State.from_json(state.to_json()) == state


@given(st.sampled_from(range(len(REAL_STATES))), st.sampled_from(PHASES), st.sampled_from([None, *sorted(BASE)]),
       st.sampled_from(range(len(REAL_STATES))))
def test_a_real_state_relabelled_is_refused_or_every_action_from_it_leads_to_a_state_that_loads(index, phase, name, other):
    """A real state with another phase (and perhaps one field of another real state): refused with a
    DataError, or every legal action applies and the state it leads to keeps the invariants and loads."""
    data = REAL_STATES[index].to_dict()
    data["phase"] = phase
    if name not in (None, "game", "rules", "names", "phase"):
        data[name] = REAL_STATES[other].to_dict()[name]
    try:
        state = State.from_json(json.dumps(data))
    except DataError:
        return
    assert legal_actions(state) or state.is_over
    for action in legal_actions(state):
        after, _ = apply(state, action)
        assert after.problems() == [], (action, after.problems())
        assert State.from_json(after.to_json()) == after


# ------------------------------------------------------------------------------ Rules


@pytest.mark.parametrize("values, field", [
    ({"expert": "false"}, "Rules.expert"),
    ({"timer_seconds": 2.5}, "Rules.timer_seconds"),
    ({"timer_seconds": 10 ** 9}, "Rules.timer_seconds"),
    ({"speech_confusion_cards": 10 ** 6}, "Rules.speech_confusion_cards"),
    ({"boxed_token_source": "lid"}, "Rules.boxed_token_source"),
    ({"pack": "harder.json"}, "Rules.pack"),
])
def test_rules_check_types_and_values_when_made(values, field):
    with pytest.raises(DataError) as error:
        Rules(**values)
    assert error.value.field == field


def test_rules_from_data_refuse_unknown_fields_and_packs_named_but_not_carried():
    with pytest.raises(DataError, match="rules: no field 'exprt'"):
        Rules.from_dict({"exprt": True})
    with pytest.raises(DataError, match="carried whole"):
        Rules.from_dict({"pack": "harder"})
    with pytest.raises(DataError, match="rules: expected an object"):
        Rules.from_dict([1, 2])


@given(st.dictionaries(st.sampled_from(["expert", "timer_seconds", "speech_penalty", "speech_confusion_cards",
                                        "boxed_token_source", "relic_recipient_below_level_3", "cards_stay_on_restart",
                                        "pack", "colour"]), JSON, max_size=3))
def test_any_rules_data_is_rules_or_a_data_error(data):
    try:
        rules = Rules.from_dict(data)
    except DataError:
        return
    assert Rules.from_dict(rules.to_dict()) == rules


def test_a_pack_whose_games_could_run_past_the_limit_of_actions_is_refused_when_made():
    """Leadership tokens bound how long an expedition can go on; more than MOST are refused, and a
    pack at the bound still ends every random game far within the protocol's max_actions."""
    data = copy.deepcopy(default_pack().raw)
    data["leadership_tokens"] = MOST["leadership_tokens"] + 1
    with pytest.raises(PackError, match="leadership_tokens: must be at most 12"):
        parse_pack(data)
    with pytest.raises(DataError, match="Rules.pack.leadership_tokens: expected a whole number from 1 to 12, not 13"):
        Rules(pack=dataclasses.replace(default_pack(), leadership_tokens=13))  # a Pack built by hand, not parsed
    data["leadership_tokens"] = MOST["leadership_tokens"]
    rules = Rules(pack=parse_pack(data))
    for seed in range(5):
        state, actions = new_game(3, seed, rules), 0
        while not state.is_over:
            state, _ = apply(state, legal_actions(state)[seed * actions % len(legal_actions(state))])
            actions += 1
            assert actions < GAME.max_actions


# ------------------------------------------------------------------------------ packs


def pack_data(change=None) -> dict:
    data = copy.deepcopy(default_pack().raw)
    data["name"] = "teacher"
    if change is not None:
        change(data)
    return data


def test_a_file_that_never_ends_and_deep_nesting_are_refused(tmp_path):
    with pytest.raises(PackError, match="/dev/zero.*larger than"):
        load_pack("/dev/zero")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100 + "]" * 100)
    with pytest.raises(PackError, match="deep.json.*nested deeper"):
        load_pack(deep)
    with pytest.raises(PackError, match="nested deeper"):
        parse_pack({"name": json.loads("[" * 70 + "]" * 70)})


@pytest.mark.parametrize("change, field, says", [
    (lambda d: d.update(tiles_usde=d.pop("tiles_used")), "tiles_usde", "did you mean 'tiles_used'?"),
    (lambda d: d["spaces"][0].update(adjacant=["C2"]), "spaces[0].adjacant", "did you mean 'adjacent'?"),
    (lambda d: d["relics"][0].update(colour="red"), "relics[0].colour", "the keys are id, name, category"),
    (lambda d: d["setup"].update({"6": {"hand": 2, "madness": "all"}}), "setup.6", "the keys are 3, 4, 5"),
    (lambda d: d.update({"//": "my harder pack"}), "//", 'a key starting with "_"'),
    (lambda d: d["tiles"][0].update(comment="too hard?"), "tiles[0].comment", "JSON has no comments"),
])
def test_unknown_and_misspelt_keys_are_refused_naming_the_key_and_the_keys_allowed(change, field, says):
    with pytest.raises(PackError) as error:
        parse_pack(pack_data(change))
    assert error.value.field == field and says in str(error.value)


@pytest.mark.parametrize("change, field, says", [
    # The audit's case: an empty tile id read as no tile at all, and tiles vanished mid-game.
    (lambda d: d["tiles"][7].update(id=""), "tiles[7].id", "must not be empty"),
    (lambda d: d["tiles"][7].update(id="   "), "tiles[7].id", "must not be empty"),
    (lambda d: d["tiles"][7].update(id=" " + d["tiles"][7]["id"]), "tiles[7].id", "starts or ends with a space"),
    (lambda d: d["tiles"][7].update(id=d["tiles"][6]["id"]), "tiles[7].id", "is used twice"),
    (lambda d: d["tiles"][7].update(name=d["tiles"][6]["name"]), "tiles[7].name", "the name of another tile too"),
    (lambda d: d["tiles"][7].update(name=""), "tiles[7].name", "must not be empty"),
    (lambda d: d["spaces"][3].update(id=""), "spaces[3].id", "must not be empty"),
    (lambda d: d["equipment"][0].update(id=" "), "equipment[0].id", "must not be empty"),
    (lambda d: d["injuries"][0].update(name=""), "injuries[0].name", "must not be empty"),
    (lambda d: d["relics"][0].update(id=""), "relics[0].id", "must not be empty"),
    (lambda d: d["madness"][4].update(id="M1 "), "madness[4].id", "starts or ends with a space"),
])
def test_an_id_or_a_name_that_names_nothing_is_refused_naming_it(change, field, says):
    with pytest.raises(PackError) as error:
        parse_pack(pack_data(change))
    assert error.value.field == field and says in str(error.value), str(error.value)


def test_a_pack_file_with_an_empty_tile_id_is_refused_by_load_pack(tmp_path):
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack_data(lambda d: d["tiles"][7].update(id=""))))
    with pytest.raises(PackError) as error:
        load_pack(path)
    assert error.value.field == "tiles[7].id"


def test_a_comment_key_starting_with_an_underscore_is_allowed():
    pack = parse_pack(pack_data(lambda d: (d.update(_comment="harder"), d["tiles"][0].update(_why="the cape"))))
    assert pack.name == "teacher" and pack.raw["_comment"] == "harder"


def test_equipment_types_are_read_a_pack_uses_only_the_types_it_lists():
    """A teacher who leaves Books out of equipment_types is told which card or challenge still uses it."""
    assert default_pack().equipment_types == ("Crates", "Tools", "Weapons", "Books")
    with pytest.raises(PackError) as error:
        parse_pack(pack_data(lambda d: d["equipment_types"].remove("Books")))
    assert "Books is not one of this pack's equipment_types (Crates, Tools, Weapons)" in str(error.value)
    assert error.value.field.startswith("spaces[")
    for bad, says in ((["Crates", "Food"], "'Food' is not an equipment type of the game"), ([], "at least one"),
                      (["Tools", "Tools"], "listed twice"), ("Tools", "must be list")):
        with pytest.raises(PackError, match=says):
            parse_pack(pack_data(lambda d: d.update(equipment_types=bad)))


@given(st.sampled_from(["name", "setup", "tiles_used", "leadership_tokens", "relic_tokens", "die", "results", "spaces",
                        "tiles", "equipment", "arcane", "injuries", "relics", "madness", "equipment_types"]),
       JSON, st.integers(0, 3))
def test_any_mutation_of_a_pack_is_a_pack_or_a_pack_error(name, value, depth):
    data = pack_data()
    holder, key = data, name
    for _ in range(depth):
        inner = holder[key]
        if isinstance(inner, list) and inner:
            holder, key = inner, 0
        elif isinstance(inner, dict) and inner:
            holder, key = inner, sorted(inner)[-1]
        else:
            break
    holder[key] = value
    try:
        pack = parse_pack(data)
    except PackError as error:
        assert isinstance(error, ValueError) and error.field
        return
    new_game(3, 1, Rules(pack=pack))


# ------------------------------------------------------------------------------ actions built by hand

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.floats(allow_nan=True), st.text(max_size=8),
                   st.just(CardFace("Tools", 6)), st.just(Challenge("Tools", 7, 9)), st.just(()))


@given(st.sampled_from(ACTIONS), st.lists(VALUES, min_size=3, max_size=3))
def test_an_action_built_by_hand_with_any_fields_is_refused_or_allowed_never_a_crash(kind, values):
    state = a_state()
    before = state.to_json()
    action = kind(*values[:len(dataclasses.fields(kind))])
    error = refusal(state, action)
    assert error is None or (isinstance(error, IllegalAction) and error.rule and error.reason)
    if error is not None:
        with pytest.raises(IllegalAction):
            apply(state, action)
    assert state.to_json() == before


@given(st.text(max_size=30))
def test_any_action_text_parses_or_is_a_notation_error(text):
    try:
        parsed = parse_action(text)
    except NotationError:
        return
    assert parsed.text() == text or parse_action(parsed.text()) == parsed


def test_cards_or_tiles_not_conserved_are_named_missing_or_too_many():
    """Whoever mends a state file (or a house rule that deals a card) learns which card to look for,
    as Hudai Pass's state says its own (HUD-R01)."""
    state = a_state().to_dict()
    card, relic, tile = state["hands"][0][0], state["relic_deck"][0], state["unused_tiles"][0]
    refused(changed(lambda d: d["hands"][1].append(d["hands"][0][0])), "state", f"exactly one place): too many {card}")
    refused(changed(lambda d: d["hands"][0].pop(0)), "state", f"exactly one place): missing {card}")
    refused(changed(lambda d: d["relic_deck"].pop(0)), "state", f"Relic cards are not conserved: missing {relic}")
    refused(changed(lambda d: d["unused_tiles"].append(d["unused_tiles"][0])), "state", f"Encounter tiles are not conserved: too many {tile}")


# ------------------------------------------------------------------------------ a count at its bound, played on

#: The counts of a Madness state that play adds to, each tried at the largest value the loader accepts
#: (tests/state_bounds.py); the challenges' totals are measured again from the Sled at each Resolve.
COUNTS = ("turn", "rolls", "shuffles", "restarts", "hand_bonus")


@pytest.mark.parametrize("name", COUNTS)
@settings(max_examples=scaled(6))
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), steps=st.integers(0, 150),
       rules=st.sampled_from([{}, {"expert": True}, {"boxed_token_source": "discard-first", "cards_stay_on_restart": False}]),
       actions=st.integers(0, 10**6))
def test_a_state_with_a_count_at_the_most_it_loads_with_loads_after_play(name, seed, players, steps, rules, actions):
    """Whatever count a state loads with, play from it loads again: states of random play, one of
    each phase, with one count at the largest value the loader accepts (bisected with from_dict),
    played on up to 40 random actions or the game's end, load at every step (they did not:
    hand_bonus at 6 and a raise made 7; turn, rolls, restarts and shuffles at 10**9 and a turn's
    end, a roll, a restart or a Rest made one more)."""
    for number, state in enumerate(by_phase("madness", players, seed, steps, Rules(**rules))):
        check_play_from_the_bound("madness", State.from_dict, state, (name,), actions + number, 40)


def test_the_counts_the_leadership_tokens_bound_are_refused_beyond_them_naming_why():
    """A raise of the hand size limit and a restart each discard a Leadership token from the Sled, a
    Rest reshuffle boxes one: hand_bonus in the Draw Phase, the restarts before the Sled is revealed
    and the reshuffles are refused beyond the tokens that show them (MAD-R05); the turns and rolls,
    which nothing on the table bounds, are counted up to MOST_COUNT and no further."""
    phases = {state.phase: state.to_dict() for state in by_phase("madness", 4, 3, 200)}
    draw, encounter = phases[Phase.DRAW], phases[Phase.ENCOUNTER]
    assert (draw["discard_tokens"], encounter["sled_tokens"]) == (1, 1)
    refused({**draw, "hand_bonus": 2}, "state.hand_bonus", "at most 1 in the Draw Phase, not 2: each raise of the hand size limit")
    assert State.from_dict({**draw, "hand_bonus": 1}).hand_bonus == 1
    refused({**encounter, "restarts": 6}, "state.restarts", "at most 5 in the Encounter Phase, not 6: each restart of this Encounter")
    refused({**encounter, "restarts": 7}, "state.restarts", "from 0 to 6, not 7")
    refused(changed(lambda d: d.update(shuffles=1)), "state.shuffles", "at most 0, not 1: the Equipment deck is reshuffled only by a Rest")
    assert (counted(41), counted(MOST_COUNT - 1), counted(MOST_COUNT)) == (42, MOST_COUNT, MOST_COUNT)
