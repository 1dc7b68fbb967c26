"""Every boundary of Hudai Pass tried as a hostile user would (issue 21): states from JSON, rules,
card files and hand-built actions. Each bad input is a ValueError subclass naming the field and
why, and nothing changes; the hypothesis tests keep it so."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.errors import NotationError
from rulesbook.hudai import (
    ACTIONS,
    CardFileError,
    DiscardCard,
    PlayCard,
    Rules,
    State,
    ThirdEye,
    UseValue,
    apply,
    game_moment,
    legal_actions,
    load_cards,
    new_game,
    parse_action,
    parse_card_file,
    play_out,
    reconstructed_cards,
    refusal,
)
from rulesbook.hudai.protocol import GAME
from rulesbook.hudai.rules import MAX_ACTIONS, most_actions
from simulation_scale import scaled
from state_bounds import by_phase, check_play_from_the_bound

START = new_game(seed=7)
GOOD = START.to_dict()


def changed(**fields) -> dict:
    data = copy.deepcopy(GOOD)
    data.update(fields)
    return data


# ---------------------------------------------------------------- states from JSON


@pytest.mark.parametrize(("text", "field", "why"), [
    ("null", "state", "expected an object"),
    ("{}", "state.seed", "missing"),
    ("[1, 2]", "state", "expected an object"),
    ('{"seed": 1}', "state.rules", "missing"),
    ('{"seed": ' + "[" * 200 + "]" * 200 + "}", "state", "nested deeper than 64 levels"),
    (json.dumps(GOOD).replace('"corruption": 0', '"corruption": NaN'), "state", "NaN"),
    (json.dumps(GOOD).replace('"turn": 1', '"turn": 1' + "0" * 5000), "state", "not JSON the game can read"),
])
def test_a_state_that_is_no_state_is_refused_naming_where(text, field, why):
    with pytest.raises(DataError) as error:
        State.from_json(text)
    assert error.value.field == field and why in error.value.why


@pytest.mark.parametrize(("fields", "field", "why"), [
    ({"turn": "3"}, "state.turn", "expected a whole number"),
    ({"corruption": -1}, "state.corruption", "at least 0"),
    ({"corruption": float("nan")}, "state.corruption", "expected a whole number"),
    ({"powers": [1, 2]}, "state.powers", "three cube counts"),
    ({"powers": [1, 2, -3]}, "state.powers[2]", "at least 0"),
    ({"took_black": "no"}, "state.took_black", "true or false"),
    ({"phase": "dance"}, "state.phase", "expected one of combo, flow, obtain, over"),
    ({"outcome": "draw"}, "state.outcome", "expected one of won"),
    ({"hand": [*GOOD["hand"][:-1], "Q9"]}, "state.hand[3]", "'Q9' is not a card of this set"),
    ({"hand": [*GOOD["hand"], GOOD["hand"][0]]}, "state.hand[4]", "is in the game twice"),
    ({"draw_pile": ["W1"] * 100}, "state.draw_pile", "holds 100 items; at most 36"),
    ({"open_features": ["value", "value"]}, "state.open_features", "twice"),
    ({"rules": [1, 2]}, "state.rules", "expected an object"),
    ({"rules": {"monk_health": "12"}}, "state.rules.monk_health", "expected a whole number"),
    ({"rules": {"cards": {"csv": ["colour,symbol,value,deck", "white,drop,1,start"]}}}, "state.rules.cards.csv", "no card's deck is 'mind'"),
    ({"hand": []}, "state", "missing W"),
    ({"monk_health": 13}, "state", "monk_health 13 is above the starting health, 12 (Rules.monk_health)"),
    ({"demon_health": 14}, "state", "demon_health 14 is above the starting health, 12 (Rules.demon_health)"),
    ({"corruption": 13}, "state", "more corruption than the capacity: 13 of 12 (Rules.corruption_capacity)"),
    ({"powers": [13, 0, 0]}, "state.powers", "the left power holds 13 cubes, more than the limit of 12"),
    ({"phase": "over"}, "state", "over exactly when it has an outcome"),
    ({"shape": 1}, "state", "no field 'shape'"),
])
def test_a_state_that_breaks_a_field_or_the_games_invariants_is_refused(fields, field, why):
    data = changed(**fields)
    before = copy.deepcopy(data)
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == field and why in error.value.why, str(error.value)
    assert data == before  # nothing changed


@pytest.mark.parametrize(("one", "other", "why"), [
    ("black_supply", "mind_river", "the black supply holds G3, not a black card (HUD-R01); the Mind River holds K1, not a mind card"),
    ("mind_deck", "hand", "the mind deck holds W5, not a mind card (HUD-R01)"),
    ("mind_river", "draw_pile", "the Mind River holds W2, not a mind card (HUD-R01)"),
])
def test_a_card_in_a_pile_its_deck_never_reaches_is_refused_hud_r01(one, other, why):
    """Every card still in the game once, but one where the game never puts it: a green card in the
    black supply was taken as the free black card, a white one in the Mind River could be bought."""
    data = copy.deepcopy(GOOD)
    data[one][0], data[other][0] = data[other][0], data[one][0]
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == "state" and why in error.value.why, str(error.value)


#: Rules whose demon has Defend and Entangle, the powers that set `demon_block` and `entangled`.
GUARDED = {**GOOD["rules"], "powers": ["drain", "defend", "entangle"]}
NO_DRAIN = {**GOOD["rules"], "powers": ["crush", "confuse", "mind_pierce"]}


@pytest.mark.parametrize(("fields", "field", "why"), [
    ({"staged_damage": 500}, "state.staged_damage", "at most 6 (Drain stages one damage for each started 2 of its cubes"),
    ({"staged_damage": 1, "rules": NO_DRAIN}, "state.staged_damage", "0, not 1: only Drain stages damage"),
    ({"whites_played": 9}, "state.whites_played", "at most 2 (max_white_per_combo, HUD-R03), not 9"),
    ({"whites_played": 1}, "state.whites_played", "more than the cards played this turn (0)"),
    ({"turn": 150}, "state.turn", "at most 100 (max_turns), not 150"),
    ({"cards_played": 50}, "state.cards_played", "not 50"),
    ({"cards_played": 50, "phase": "obtain"}, "state.cards_played", "at most 36"),
    ({"purchase": 99}, "state.purchase", "at most 2, not 99: a Build-up gives 3"),
    ({"demon_block": 99}, "state.demon_block", "0, not 99: only the demon's Defend power blocks (HUD-R07)"),
    ({"demon_block": 5, "rules": GUARDED}, "state.demon_block", "at most 4"),
    ({"demon_block": 1, "rules": GUARDED, "phase": "obtain"}, "state.demon_block", "0 in step 2, not 1"),
    ({"entangled": True}, "state.entangled", "only the demon's Entangle power binds"),
    ({"pinned": [20, 10, 0]}, "state.pinned", "at most 0 cubes set aside in all, not 30"),
    ({"shuffles": 99}, "state.shuffles", "at most 0 in turn 1, not 99"),
    ({"swapped": True}, "state.swapped", "only in step 2"),
    ({"monk_health": 0}, "state.monk_health", "at least 1 while the game goes on"),
    ({"demon_health": 0}, "state.demon_health", "at least 1 while the game goes on"),
])
def test_a_count_no_game_reaches_is_refused_naming_its_field(fields, field, why):
    """A tampered state whose counters no turn can reach (issue: play went on from staged_damage=500,
    whites_played=9, turn 150 of 100 ...) is refused by the field at fault, and nothing changes."""
    data = changed(**fields)
    before = copy.deepcopy(data)
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == field and why in error.value.why, str(error.value)
    assert data == before


def test_cards_played_counts_only_the_flow_removals_the_cogs_of_this_turn_allow_hud_r04():
    """A card leaves the combo before its end only by a Flow removal, one per Cog played this turn
    whose Flow was used (HUD-R04). A combo of nothing with six cards played and nothing removed is no
    turn: once loaded, 'play W5', 'flow', 'remove W5' reached a count the state could not load again."""
    data = changed(cards_played=6)
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == "state.cards_played" and "at most 0, not 6" in error.value.why
    # Reached by play: W5 (a Cog) played, its Flow used, W5 removed; the count is 1 and it loads.
    state = game_moment("W5 W1", draw_pile="W2 W3")
    for text in ("play W5", "flow", "remove W5"):
        state = play_out(state, text, quiet=True)
        assert State.from_json(state.to_json()) == state
    assert (state.cards_played, state.combo, state.removed) == (1, [], ["W5"])
    # A moment of a Flow removal has its Cog's Flow used, as play leaves it.
    flow = game_moment(combo="W1 R5", phase="flow")
    assert "symbol" not in flow.open_features and State.from_json(flow.to_json()) == flow


def _walks(seeds: range) -> list[State]:
    """States of step 1 (the combo and Flow) from seeded random games, one every few actions."""
    import random

    found = []
    for seed in seeds:
        rng, state = random.Random(seed), new_game(seed=seed)
        for number in range(400):
            if state.is_over:
                break
            if state.phase.value in ("combo", "flow") and number % 3 == 0:
                found.append(state)
            state, _ = apply(state, rng.choice(legal_actions(state)))
    return found


def test_from_a_state_at_the_most_cards_played_it_loads_every_action_leads_to_a_state_that_loads():
    """The bound on cards_played is the engine's own: a state at the most a load allows, played on a
    few random steps, always reloads (the engine never writes a state it cannot read)."""
    import random

    rng = random.Random(5)
    for state in _walks(range(12)):
        data = state.to_dict()
        most = state.cards_played
        for count in range(state.cards_played + 1, len(state.rules.cards) + 1):
            try:
                State.from_dict({**data, "cards_played": count})
            except DataError:
                break
            most = count
        state = State.from_dict({**data, "cards_played": most})
        for _ in range(6):
            if state.is_over:
                break
            state, _ = apply(state, rng.choice(legal_actions(state)))
            assert State.from_json(state.to_json()) == state


def test_the_bounds_are_reached_by_real_play_and_loaded_there():
    """The bounds are the engine's own: Drain on 12 cubes stages 6, Defend on 12 blocks 4, and a
    state at them (the last turn, two whites played) round-trips."""
    rules = Rules(powers=("drain", "defend", "entangle"))
    state = game_moment("W1 W3 W5 W6", draw_pile="", phase="obtain", powers=(11, 11, 0), rules=rules)
    after = play_out(state, "pass", quiet=True)
    assert (after.staged_damage, after.demon_block, after.is_over) == (6, 4, False)
    assert State.from_json(after.to_json()) == after
    last = game_moment("W1 W2", combo="W3 W4", turn=100)
    assert (last.whites_played, last.cards_played) == (2, 2) and State.from_json(last.to_json()) == last


def test_a_house_rule_may_take_the_table_past_what_a_printed_turn_reaches():
    """The bounds of the printed turn (staged damage, blocks, purchase ...) do not bind a game with
    house rules, which may put more on the table; the bounds every game keeps still hold."""
    from rulesbook.core.house import forget, house_rule

    rule = house_rule("test-doom", "turn_start")(lambda state: state)
    try:
        data = changed(rules={**GOOD["rules"], "house": ["test-doom"]})
        state = State.from_dict({**data, "staged_damage": 9, "demon_block": 2, "purchase": 99})
        assert (state.staged_damage, state.demon_block, state.purchase) == (9, 2, 99)
        with pytest.raises(DataError) as error:
            State.from_dict({**data, "turn": 101})
        assert error.value.field == "state.turn"
    finally:
        forget(rule.name)


def moment_data(**fields) -> dict:
    return {**game_moment("W1 W2", combo="R1 R2 R5").to_dict(), **fields}


@pytest.mark.parametrize(("fields", "why"), [
    ({"current_card": "R1"}, "is not the last card of the combo (HUD-P02)"),
    ({"combo": ["R5", "R1", "R2"], "current_card": "R2"}, ""),  # the last card, a red one with three features: accepted
    ({"phase": "flow", "combo": ["R5", "R1", "R2"], "current_card": "R2"}, "a Flow removal comes right after a Cog's Flow"),
    # A Flow still open while its removal is decided would give one Cog two removals (HUD-R04).
    ({"phase": "flow", "open_features": ["value", "symbol"]}, "R5's Flow, so its symbol is used, not open"),
    ({"phase": "obtain", "current_card": None, "open_features": []}, "the combo has ended in step 2"),
    ({"phase": "over", "outcome": "won"}, "the game ended won but the table does not show it"),
])
def test_a_state_whose_parts_disagree_is_refused(fields, why):
    data = moment_data(**fields)
    if not why:
        assert State.from_dict(data).current_card == "R2"
        return
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == "state" and why in error.value.why, str(error.value)


def test_a_white_card_has_no_colour_feature_to_leave_open():
    data = {**game_moment("W1", combo="R1 W2").to_dict(), "open_features": ["value", "colour"]}
    with pytest.raises(DataError, match="W2 has no colour effect to use"):
        State.from_dict(data)


@pytest.mark.parametrize("name", sorted(set(GOOD) - {"game"}))  # a state without "game" is taken for this game's
def test_every_field_left_out_is_refused_by_name(name):
    data = changed()
    del data[name]
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert (error.value.field, error.value.why) == (f"state.{name}", "missing")


#: JSON values a hostile file may hold where a field is expected.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-50, 50) | st.floats(allow_nan=True) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8)


@given(st.sampled_from(sorted(GOOD)), JSON)
def test_any_field_set_to_any_json_gives_a_state_or_a_data_error(name, value):
    data = changed(**{name: value})
    try:
        state = State.from_dict(data)
    except DataError as error:
        assert error.field.startswith("state") and error.why
    else:
        assert state.problems() == []
        assert State.from_json(state.to_json()) == state


@given(st.data())
def test_states_of_a_game_round_trip_and_their_piles_mutated_are_refused(data):
    state = START
    for _ in range(data.draw(st.integers(0, 30))):
        if state.is_over:
            break
        state = apply(state, data.draw(st.sampled_from(legal_actions(state))))[0]
    assert State.from_json(state.to_json()) == state
    pile = data.draw(st.sampled_from(["draw_pile", "hand", "discard", "mind_deck", "mind_river", "black_supply"]))
    mutated = json.loads(state.to_json())
    card = data.draw(st.sampled_from(sorted(state.all_cards())))
    mutated[pile] = [*mutated[pile], card]  # one card in two places (or twice in one)
    with pytest.raises(DataError, match="twice"):
        State.from_dict(mutated)


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize(("fields", "field"), [
    ({"monk_health": "12"}, "Rules.monk_health"),
    ({"monk_health": True}, "Rules.monk_health"),
    ({"reshuffle_mind_deck": "false"}, "Rules.reshuffle_mind_deck"),
    ({"reshuffle_mind_deck": 0}, "Rules.reshuffle_mind_deck"),
    ({"powers": "drain"}, "Rules.powers"),
    ({"powers": ("drain", "fly", "confuse")}, "Rules.powers"),
    ({"cards": "my.csv"}, "Rules.cards"),
    ({"max_turns": 1000}, "Rules.max_turns"),
    ({"max_turns": 10**400}, "Rules.max_turns"),
    # Past what a table holds, and past what the statistics of a run (in floats) can count.
    ({"demon_health": 10**400, "power_limit": 10**400}, "Rules.demon_health"),
    ({"monk_health": 1000}, "Rules.monk_health"),
    ({"corruption_capacity": 10**20}, "Rules.corruption_capacity"),
    ({"power_limit": 1000}, "Rules.power_limit"),
])
def test_rules_are_checked_when_made(fields, field):
    with pytest.raises(DataError) as error:
        Rules(**fields)
    assert error.value.field == field


@pytest.mark.parametrize(("fields", "why"), [
    ({"cubes_per_power": 13}, "at most the power_limit (12), not 13"),
    ({"cubes_per_power": 5, "power_limit": 4}, "at most the power_limit (4), not 5"),
    ({"power_limit": 1}, "at most the power_limit (1), not 2"),
])
def test_cubes_per_power_above_the_power_limit_is_refused_hud_r09(fields, why):
    """Set-up puts cubes_per_power on each power, and a power above the limit loses at once
    (HUD-R09): such rules would start a game its own invariants refuse."""
    with pytest.raises(DataError) as error:
        Rules(**fields)
    assert error.value.field == "Rules.cubes_per_power" and why in error.value.why, str(error.value)


def test_sizes_that_are_odd_but_playable_are_allowed():
    """Set-up deals the opening hand and the river as far as their decks allow (as a turn fills
    "if possible"); a first hand above the hand size, the hand size above the deck and cubes at the
    limit all play, and their states load."""
    for rules, hand, river in ((Rules(opening_hand=6, hand_size=4), 6, 3), (Rules(opening_hand=10), 6, 3),
                               (Rules(river_size=36), 4, 24), (Rules(hand_size=36), 4, 3), (Rules(cubes_per_power=12), 4, 3)):
        state = new_game(seed=3, rules=rules)
        assert (len(state.hand), len(state.mind_river), state.is_over) == (hand, river, False)
        assert State.from_json(state.to_json()) == state


@pytest.mark.parametrize("name", ["river_size", "hand_size", "opening_hand"])
@pytest.mark.parametrize("size", [37, 10 ** 12])
def test_a_count_of_cards_no_card_set_holds_is_refused_naming_it_hud_r01(name, size):
    """The Mind River, the hand and the opening hand are drawn from the cards, and no set holds more
    than 36 (each colour's values 1-6 once, HUD-R01): a river of 10**12 once dealt forever, at set-up,
    from a record of one line. Refused when the rules are made, or read from a record."""
    assert getattr(Rules(**{name: 36}), name) == 36
    with pytest.raises(DataError) as error:
        Rules(**{name: size})
    assert error.value.field == f"Rules.{name}" and f"at most 36, not {size}" in error.value.why
    with pytest.raises(DataError, match=f"Rules.{name}: at most 36"):
        Rules.from_dict({name: size})


def test_a_record_with_a_river_no_card_set_fills_is_refused_at_once():
    from rulesbook.core.records import GameRecord

    record = {"game": "hudai", "version": 1, "players": 1, "seed": 1, "actions": [], "rules": {"river_size": 10 ** 12}}
    with pytest.raises(DataError, match="river_size: at most 36"):
        GameRecord.from_json(json.dumps(record)).final_state()


def test_no_rules_make_a_game_longer_than_the_protocol_allows():
    assert GAME.max_actions == MAX_ACTIONS and most_actions(Rules()) <= MAX_ACTIONS
    assert most_actions(Rules(max_turns=113)) <= MAX_ACTIONS
    with pytest.raises(DataError, match="at most 113 turns"):
        Rules(max_turns=114)


@given(st.dictionaries(st.sampled_from(sorted(Rules().to_dict())), JSON, max_size=3))
def test_rules_from_any_data_are_rules_or_a_clear_error(fields):
    try:
        rules = Rules.from_dict(fields)
    except DataError as error:
        assert error.field.startswith(("Rules.", "rules")) and error.why
    else:
        assert most_actions(rules) <= MAX_ACTIONS and Rules.from_dict(rules.to_dict()) == rules


# ---------------------------------------------------------------- card files

CSV = reconstructed_cards().to_csv()


def test_a_file_that_never_ends_is_refused_unread():
    with pytest.raises(CardFileError, match="larger than"):
        load_cards("/dev/zero")


def test_a_field_over_128_kib_is_a_card_file_error():
    text = CSV.replace("white,drop,1,start", 'white,"' + "x" * 140_000 + '",1,start')
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "long.csv")
    assert error.value.line == 2


@pytest.mark.parametrize("separator", ["\u2028", "\x0c", "\x1c", "\x85"])
def test_an_error_names_the_line_an_editor_shows_after_an_edit(separator):
    lines = CSV.splitlines()
    lines.insert(1, f"# pasted{separator}from a page")
    lines[5] = lines[5].replace("white", "purple")
    with pytest.raises(CardFileError) as error:
        parse_card_file("\n".join(lines), "edited.csv")
    assert (error.value.line, error.value.field) == (6, "colour")


def test_a_header_naming_a_column_twice_is_refused_naming_it():
    """With the column given twice the last one won: a red card was read as white and dealt in the start deck."""
    text = CSV.replace("colour,symbol,value,deck", "colour,colour,symbol,value,deck", 1)
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "twice.csv")
    assert (error.value.field, error.value.line) == ("colour", 1) and "names the column 'colour' twice" in error.value.reason


@pytest.mark.parametrize("value", ["\u0663", "\uff13", "0_3", "\uff17", "+3", "3.0", "1e0"])
def test_a_value_is_written_in_the_digits_0_to_9(value):
    """int() reads an Arabic-Indic three, a full-width three and 0_3 as 3: a card file is plain digits."""
    text = CSV.replace("white,drop,1,start", f"white,drop,{value},start")
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "digits.csv")
    assert (error.value.field, error.value.line) == ("value", 2)
    assert f"{value!r} is not a whole number written in the digits 0-9" in error.value.reason


TINY_SET = ["colour,symbol,value,deck", "white,drop,1,start", "red,cog,5,mind"]


@pytest.mark.parametrize(("data", "field", "why"), [
    ({"source": 5, "csv": TINY_SET}, "rules.cards.source", "expected text"),
    ({"source": "my.csv", "csv": TINY_SET, "cards": 36}, "rules.cards.cards", "not a key of an embedded card set"),
    ({"source": "reconstructed", "csv": TINY_SET}, "rules.cards.source", "names the reconstructed set (HUD-R01), but these cards differ"),
    ({"source": " Reconstructed", "csv": TINY_SET}, "rules.cards.source", "names the reconstructed set"),
])
def test_an_embedded_card_set_has_a_text_source_no_other_key_and_no_borrowed_name(data, field, why):
    """A custom set calling itself 'reconstructed' made summaries say cards=reconstructed."""
    with pytest.raises(DataError) as error:
        Rules.from_dict({"cards": data, "river_size": 1, "opening_hand": 1})
    assert error.value.field == field and why in error.value.why, str(error.value)


def test_a_set_read_from_a_file_called_reconstructed_is_written_as_a_path_and_reads_back():
    from rulesbook.hudai import CardSet

    tiny = parse_card_file("\n".join(TINY_SET), "reconstructed")
    data = tiny.to_data()
    assert isinstance(data, dict) and data["source"] != "reconstructed"
    assert CardSet.from_data(data) == tiny
    whole = reconstructed_cards()
    assert CardSet.from_data({"source": "reconstructed", "csv": whole.to_csv().splitlines()}) == whole


def test_a_card_file_whose_name_is_not_utf8_is_played_and_its_record_written_and_read_back(tmp_path, capsys):
    """A name of other bytes reaches Python as lone surrogates ("\\udcff"): the set was read, then
    `simulate --record` stopped in a traceback writing the record (UTF-8 holds no surrogate),
    leaving its file empty, and printing the summary where the output is strict UTF-8."""
    import os

    from rulesbook import cli
    from rulesbook.core.records import GameRecord

    own = CSV.replace("white,drop,1,start", "white,cog,1,start").replace("white,cog,5,start", "white,drop,5,start")  # a set of its own
    path = tmp_path / os.fsdecode(b"\xff-set.csv")
    path.write_text(own, encoding="utf-8")
    cards = load_cards(path)
    assert cards.source.encode() and cards.source.endswith("\ufffd-set.csv")
    record = tmp_path / "game.json"
    assert cli.main(["simulate", "hudai", "--games", "1", "--rules", f"cards={path}", "--record", str(record)]) == 0
    assert "\ufffd-set.csv" in capsys.readouterr().out
    assert GameRecord.read(record).rules.cards == cards


def test_a_set_without_a_mind_deck_is_refused_hud_r01():
    text = "\n".join(line for line in CSV.splitlines() if not line.endswith(",mind"))
    with pytest.raises(CardFileError, match=r"no card's deck is 'mind': the set needs the mind deck that deals the Mind River .* \(HUD-R01\)$"):
        parse_card_file(text)


def test_a_named_column_blank_at_the_end_of_a_row_is_read_as_blank():
    text = CSV.replace("white,drop,1,start", "white,drop,1,")
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "blank.csv")
    assert (error.value.line, error.value.field) == (2, "deck") and "'' is not a deck" in str(error.value)
    padded = "\n".join(line + ",,," for line in CSV.splitlines())  # a spreadsheet's padding is no field
    assert parse_card_file(padded) == reconstructed_cards()


@settings(max_examples=200)
@given(st.integers(0, len(CSV)), st.integers(0, 8), st.text(alphabet=",\"\n\r#xw1\u2028 ", max_size=6))
def test_a_card_file_edited_anyhow_loads_or_names_a_line_it_has(at, cut, inserted):
    text = CSV[:at] + inserted + CSV[at + cut:]
    try:
        cards = parse_card_file(text, "edited.csv")
    except CardFileError as error:
        assert 0 <= error.line <= text.count("\n") + text.count("\r") + 1 and error.reason
    else:
        assert cards.deck("start") and cards.deck("mind")


# ---------------------------------------------------------------- actions built by hand


@pytest.mark.parametrize("build", [
    lambda: PlayCard(5), lambda: PlayCard(None), lambda: PlayCard(["R5"]), lambda: DiscardCard("R9"),
    lambda: UseValue(None), lambda: UseValue(["left"]), lambda: ThirdEye(0, 1), lambda: ThirdEye("left", ()),
])
def test_an_action_built_with_a_wrong_value_is_a_notation_error(build):
    with pytest.raises(NotationError):
        build()


@given(st.one_of(st.text(max_size=16), JSON))
def test_anything_offered_as_an_action_is_judged_or_refused_as_notation(offered):
    before = START.to_json()
    try:
        action = parse_action(offered)
    except NotationError:
        if isinstance(offered, str):  # text that is no action: a notation error
            with pytest.raises(NotationError):
                refusal(START, offered)
        else:  # a value that is no action: refused, as the other two games refuse it
            assert refusal(START, offered).reason.endswith("is not an action of Hudai Pass")
    else:
        assert type(action) in ACTIONS and parse_action(action.text()) == action
        assert type(action).from_text(action.text()) == action
        refusal(START, action)
    assert START.to_json() == before


@pytest.mark.parametrize(("rules", "said"), [
    ("max_turns=1000", "Rules.max_turns: a game of 1000 turns could take"),
    ("cards=/dev/zero", "'/dev/zero' is larger than"),
    ("powers=drain/drain/crush", "Rules.powers: the demon's three tiles are different"),
    ("monk_health=0", "Rules.monk_health: must be at least 1"),
])
def test_the_command_line_refuses_bad_rules_in_one_line_before_any_game(rules, said, capsys):
    from rulesbook import cli

    assert cli.main(["simulate", "hudai", "--games", "1", "--rules", rules]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and said in captured.err and not captured.out


# ---------------------------------------------------------------- a count at its bound, played on

#: The counts of a Hudai state, each tried at the largest value the loader accepts (tests/state_bounds.py).
COUNTS = ("turn", "monk_health", "corruption", "demon_health", "staged_damage", "demon_block", "purchase", "cards_played",
          "whites_played", "shuffles", "powers", "pinned")


@pytest.mark.parametrize("name", COUNTS)
@settings(max_examples=scaled(12))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), index=st.integers(0, 2),
       powers=st.sampled_from([("drain", "confuse", "mind_pierce"), ("crush", "defend", "entangle")]), actions=st.integers(0, 10**6))
def test_a_state_with_a_count_at_the_most_it_loads_with_loads_after_play(name, seed, steps, index, powers, actions):
    """Whatever count a state loads with, play from it loads again: states of random play, one of
    each step, with one count at the largest value the loader accepts (bisected with from_dict),
    played on up to 40 random actions or the game's end, load at every step (they did not: purchase
    at 60 and a discard made 61, the cubes set aside at 24 and a Pin made 27, shuffles at 14 a turn
    and a Flow's draw reshuffled once more)."""
    path = (name, index) if name in ("powers", "pinned") else (name,)
    for number, state in enumerate(by_phase("hudai", 1, seed, steps, Rules(powers=powers))):
        check_play_from_the_bound("hudai", State.from_dict, state, path, actions + number, 40)
