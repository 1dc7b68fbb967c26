"""The rulings register is data in the package, held against the code: ids unique and well formed, every
decision switch of `Rules` owned by one ruling, every ruling id the code cites is in the register.
And the rulings changed by issue 14, each tested in its own words (MAD-R07's Relic token)."""

import re
from dataclasses import fields
from pathlib import Path

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.madness import GiveRelic, Phase, Rules, apply, legal_actions, level
from rulesbook.madness.rulings import BY_ID, RULEBOOK_FIELDS, RULINGS, VARIANTS, rulings_table
from madness_helpers import at_encounter, card_id, give_hand

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "rulesbook" / "madness"


def test_ruling_ids_are_unique_and_numbered_in_order():
    ids = [ruling.id for ruling in RULINGS]
    assert len(ids) == len(set(ids)) == len(BY_ID)
    rulebook = [i for i in ids if i.startswith("MAD-R")]
    project = [i for i in ids if i.startswith("MAD-P")]
    assert rulebook == [f"MAD-R{n:02d}" for n in range(1, 11)]  # MAD-R01..R10
    assert project == [f"MAD-P{n:02d}" for n in range(1, len(project) + 1)] and len(project) >= 12
    assert len(rulebook) + len(project) == len(ids)
    for ruling in RULINGS:
        assert ruling.question.strip() and ruling.ruling.strip(), ruling.id
        assert ruling.is_project_decision == ruling.id.startswith("MAD-P")


def test_every_rules_field_is_a_decision_with_its_ruling_or_a_printed_variant():
    switches = [field.name for field in fields(Rules)]
    owned = [name for ruling in RULINGS for name in ruling.fields]
    assert len(owned) == len(set(owned)), "a switch belongs to one ruling"
    assert sorted(owned + list(VARIANTS) + list(RULEBOOK_FIELDS)) == sorted(switches)
    for ruling in RULINGS:
        for name in ruling.fields:
            assert ruling.id in Rules.__doc__ and name in Rules.__doc__, (ruling.id, name)
            assert ruling.is_project_decision, f"{name} switches a project decision, not a ruling on the text"


def test_every_ruling_id_the_code_cites_is_in_the_register():
    cited = set()
    for path in PACKAGE.rglob("*.py"):
        cited |= set(re.findall(r"MAD-[RP]\d\d", path.read_text(encoding="utf-8")))
    assert cited and cited <= set(BY_ID), cited - set(BY_ID)
    for ruling_id in ("MAD-R07", "MAD-R09", "MAD-R10", "MAD-P06", "MAD-P13"):
        assert ruling_id in cited


def test_the_table_renders_every_ruling():
    table = rulings_table()
    assert all(f"| {ruling.id} |" in table for ruling in RULINGS)
    assert len(table.splitlines()) == len(RULINGS) + 2


def _relic_reward(levels, **rules):
    """Icy Cape won (reward Specimen B), with the players' Madness at these levels."""
    state = at_encounter(4, "Icy Cape", "relic-ruling", **rules)
    for p, wanted in enumerate(levels):
        state.madness_box.extend(state.madness[p])
        state.madness[p] = [state.madness_decks[wanted - 1].pop()] if wanted else []
    give_hand(state, 0, [card_id(state, "Crates 6")])
    for text in ("P1: play Crates 6", "P1: time up", "P1: resolve"):
        state, _ = apply(state, text)
    assert state.phase is Phase.REWARD and state.reward == "Relic Specimen B"
    return state


def test_by_default_a_relic_goes_to_a_player_below_level_3_mad_p06():
    state = _relic_reward([3, 1, 3, 2])
    assert {a.target for a in legal_actions(state) if isinstance(a, GiveRelic)} == {1, 3}
    with pytest.raises(IllegalAction) as error:
        apply(state, "P1: give Specimen B to P1")
    assert error.value.rule == "MAD-P06"


def test_a_level_3_recipient_pays_no_token_while_someone_is_below_level_3_mad_r07():
    state = _relic_reward([3, 1, 3, 2], relic_recipient_below_level_3=False)
    assert {a.target for a in legal_actions(state) if isinstance(a, GiveRelic)} == {0, 1, 2, 3}
    tokens = (state.sled_tokens, state.discard_tokens, state.boxed_tokens)
    after, events = apply(state, "P1: give Specimen B to P3")
    assert (after.sled_tokens, after.discard_tokens, after.boxed_tokens) == tokens  # nothing paid
    assert [level(after, p) for p in range(4)] == [3, 1, 3, 2] and after.madness_box == state.madness_box
    assert any("no Leadership token is paid (MAD-P06, MAD-R07)" in e.text for e in events)
    assert after.relics[2] and after.covers[2] == ["Resolution"]


def test_a_level_3_recipient_pays_a_token_when_everyone_is_at_level_3_mad_r07():
    for switch in (True, False):
        state = _relic_reward([3, 3, 3, 3], relic_recipient_below_level_3=switch)
        after, events = apply(state, "P1: give Specimen B to P3")
        assert (after.sled_tokens, after.discard_tokens) == (state.sled_tokens - 1, state.discard_tokens + 1)
        assert any("Everyone has a Level 3 Madness" in e.text for e in events)


@pytest.mark.parametrize("stay", [True, False])
def test_the_restart_event_names_the_projects_decision_on_the_sleds_cards_mad_p03(stay):
    """The rulebook says only "start the Phase over": what happens to the cards already on the Sled is
    the project's decision (MAD-P03, a switch), and the words a board shows name it."""
    from rulesbook.madness import game_moment, play_out

    timer_out = play_out(game_moment(4, tile="Frozen Bay", sled=[(1, "Books 5")], rules=Rules(cards_stay_on_restart=stay)),
                         "P1: time up", quiet=True)
    after, events = apply(timer_out, "P1: restart encounter")
    said = next(event.text for event in events if "restart the Encounter Phase" in event.text)
    assert "MAD-P03" in said and ("stay there" in said) == stay and len(after.sled) == (1 if stay else 0)


def test_a_refused_deal_speaks_words_not_action_notation():
    """Draw Phase: "If there are not enough cards in the deck for everyone to reach the hand size limit,
    the Leader chooses who receives cards"; one card at a time is the project's way (MAD-P09). The
    refusals a board shows say so in words, without the engine's action texts ('deal to P2')."""
    from rulesbook.madness import game_moment, play_out, refusal

    sled = [(1, "Books 5"), (2, "Books 4"), (3, "Crates 5")]
    hands = {0: ["Tools 2", "Tools 3"], 1: ["Crates 2", "Crates 3", "Tools 4", "Tools 5"], 2: ["Weapons 2"], 3: ["Books 2"]}
    thin = play_out(game_moment(4, tile="Frozen Bay", hands=hands, sled=sled, deck=2), "P1: time up", "P1: resolve", quiet=True)
    full = play_out(game_moment(4, tile="Frozen Bay", hands=hands, sled=sled), "P1: time up", "P1: resolve", quiet=True)
    refused = [refusal(thin, "P1: deal"), refusal(full, "P1: deal to P3")]
    assert all(error is not None for error in refused)
    for error in refused:
        assert not re.search(r"'|\bP\d: |deal to P\d", error.reason), error.reason
    assert "the Leader chooses who receives the cards" in refused[0].reason and "MAD-P09" in refused[0].reason


def test_the_table_talk_names_every_card_but_level_3_madness_keeps_silent_mad_p18():
    """MAD-P18: while talking is allowed each player names the cards in their hand; one at Madness
    Level 3 says nothing unless a Leadership token of the Movement Phase frees them this turn."""
    from rulesbook.madness import game_moment
    from rulesbook.madness.bots import ExpeditionPlayer
    from rulesbook.madness.views import SeatViews

    state = game_moment(4, tile="Frozen Bay", levels={0: 0, 1: 2, 2: 3, 3: 3},
                        hands={0: ["Tools 2"], 1: ["Books 5", "Crates 3"], 2: ["Books 4"], 3: ["Weapons 2"]})
    state.ignoring = [3]
    said = {p: ExpeditionPlayer(p).statement(SeatViews(state)[p]) for p in range(4)}
    assert said == {0: ["Tools 2"], 1: ["Books 5", "Crates 3"], 2: None, 3: ["Weapons 2"]}
    assert "MAD-P18" in BY_ID and BY_ID["MAD-P18"].is_project_decision and "Level 3" in BY_ID["MAD-P18"].ruling
