"""The game turn by turn: setup, plays, answers, the step, the end of a round, scoring, editions.

Each edition switch has a test showing a game moment where EN and ZH differ.
"""

import random
from collections import Counter

import pytest

from rulesbook.core import IllegalAction, NotationError
from rulesbook.inferno import DECK, Colour, DiscipleCard, Position, Rules
from rulesbook.inferno.actions import (
    BISON,
    FAN,
    GUAN_YIN,
    Cancel,
    DiscardEvents,
    EndPlay,
    LayDisciple,
    Pass,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    Stay,
    Step,
    parse_action,
    red_boy,
)
from rulesbook.inferno.cards import Disciple, parse_card
from rulesbook.inferno.scoring import score
from rulesbook.inferno import Phase, State, apply, game_moment, legal_actions, mountain_layout, new_game

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE


def cards(text):
    return tuple(parse_card(code) for code in text.split())


def table(mountain, hands, rules=Rules(), draw_pile="MK+1 PM+1 SB+1 DH+1 MK+2 PM+2", seat=0, phase=Phase.PLAY, totals=None):
    """A game moment built by hand; the rest of the deck lies in the discard pile."""
    return game_moment(mountain, hands, rules=rules, draw_pile=draw_pile, seat=seat, phase=phase, totals=totals)


def refused(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert caught.value.rule == rule, caught.value
    assert state.to_json() == before
    return str(caught.value)


LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."


# --- setup (MOI-R19) ---------------------------------------------------------------------------
def test_every_kind_of_action_has_its_phase_its_check_and_its_step():
    """The engine's three tables by kind of action (which phase waits for it, what refuses it, what
    it does) cover every kind the notation reads, and nothing else."""
    from rulesbook.inferno import engine
    from rulesbook.inferno.actions import ACTIONS

    for table_name in ("_PHASE_OF", "_CHECKS", "STEPS"):
        assert set(getattr(engine, table_name)) == set(ACTIONS), table_name


def test_setup_lays_two_rows_of_disciples_and_deals_after_the_pawns_MOI_R19():
    state = new_game(3, seed=5)
    assert set(state.mountain.cards) == {(r, c) for r in range(2) for c in range(3)}
    assert all(isinstance(card, DiscipleCard) for card in state.mountain.cards.values())
    assert state.phase is Phase.PLACE_PAWN and state.decision.seat == 0
    assert all(not hand for hand in state.hands)
    assert state.all_cards() == Counter(DECK)
    for seat, place in enumerate([(0, 0), (1, 2), (0, 1)]):
        assert state.decision.seat == seat
        state, _ = apply(state, PlacePawn(place))
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert state.phase is Phase.PLAY and state.seat == 0
    assert len(state.draw_pile) == 52 - 6 - 9


def test_a_setup_card_holds_one_pawn_MOI_R19():
    state, _ = apply(new_game(2, seed=1), PlacePawn((0, 0)))
    refused(state, PlacePawn((0, 0)), "MOI-R19")
    refused(state, PlacePawn((5, 5)), "MOI-R19")


def test_events_drawn_for_the_mountain_are_shuffled_back():
    for seed in range(20):
        state = new_game(4, seed)
        assert sum(isinstance(card, DiscipleCard) for card in state.draw_pile) == 36 - 8
        assert len(state.draw_pile) == 44


# --- playing cards (rulebook I, MOI-R04, MOI-R05, MOI-R15, MOI-R16) -------------------------------
def test_a_disciple_must_touch_the_mountain():
    state = table(LINE, ["MK+2 BISON FAN", "GUANYIN", "PM+2"])
    assert LayDisciple(parse_card("MK+2"), (-1, 0)) in legal_actions(state)
    assert "not only at a corner" in refused(state, LayDisciple(parse_card("MK+2"), (-1, -1)), "rulebook I")
    far = refused(state, LayDisciple(parse_card("MK+2"), (40, 40)), "rulebook I")  # touching nothing, not even a corner
    assert "no card lies beside (40, 40)" in far and "corner" not in far
    refused(state, LayDisciple(parse_card("PM+2"), (-1, 0)), "rulebook I")  # not in hand


def test_a_card_laid_this_turn_is_part_of_the_mountain_for_the_next_MOI_P02():
    """Cards are laid one at a time, each against the Mountain as it is then: a turn may lay a line
    going away from the Mountain, each card touching only the one before, in both editions."""
    for rules in (Rules(), Rules(edition="zh")):
        state = table(LINE, ["MK+2 PM+2 SB+2", "GUANYIN", "PM+3"], rules=rules)
        second = LayDisciple(parse_card("PM+2"), (-2, 0))  # beside (-1, 0) only
        refused(state, second, "rulebook I")  # before the first card is there
        state, _ = apply(state, LayDisciple(parse_card("MK+2"), (-1, 0)))
        assert second in legal_actions(state)
        state, _ = apply(state, second)
        state, _ = apply(state, LayDisciple(parse_card("SB+2"), (-3, 0)))
        assert {place for place in state.mountain.cards if place[1] == 0 and place[0] < 0} == {(-1, 0), (-2, 0), (-3, 0)}


def test_bison_refusal_cites_moi_r05_and_changes_nothing():
    state = table(LINE, ["BISON", "GUANYIN", "PM+2"])
    message = refused(state, PlayBison(R, (0, 2)), "MOI-R05")  # blue stands there
    assert "the blue pawn stands on" in message and "never stop on it" in message


def test_en_mixes_disciples_and_events_zh_does_not_MOI_R04():
    for rules, mixed in ((Rules(), True), (Rules(edition="zh"), False)):
        state = table(LINE, ["MK+2 BISON FAN", "SB+2", "PM+2"], rules=rules)
        state, _ = apply(state, LayDisciple(parse_card("MK+2"), (-1, 0)))
        kinds = {type(action) for action in legal_actions(state)}
        assert (PlayBison in kinds) is mixed
        if not mixed:
            refused(state, PlayBison(R, (0, 1)), "MOI-R04")


def test_en_may_discard_events_instead_zh_may_not_MOI_R04():
    en = table(LINE, ["BISON FAN GUANYIN", "SB+2", "PM+2"])
    assert DiscardEvents((BISON, FAN, GUAN_YIN)) in legal_actions(en)
    offered = [action.cards for action in legal_actions(en) if isinstance(action, DiscardEvents)]
    assert offered == [(BISON,), (BISON, FAN), (BISON, FAN, GUAN_YIN), (BISON, GUAN_YIN), (FAN,), (FAN, GUAN_YIN), (GUAN_YIN,)]
    twice = table(LINE, ["BISON FAN BISON", "SB+2", "PM+2"])  # two alike: each choice once
    offered = [action.cards for action in legal_actions(twice) if isinstance(action, DiscardEvents)]
    assert offered == [(BISON,), (BISON, BISON), (BISON, BISON, FAN), (BISON, FAN), (FAN,)]
    after, _ = apply(en, DiscardEvents((BISON, FAN)))
    assert after.phase is Phase.STEP and after.hands[0] == (GUAN_YIN,)
    zh = table(LINE, ["BISON FAN GUANYIN", "SB+2", "PM+2"], rules=Rules(edition="zh"))
    assert not any(isinstance(action, DiscardEvents) for action in legal_actions(zh))
    refused(zh, DiscardEvents((BISON,)), "MOI-R04")


def test_a_play_limit_house_rule_ends_the_plays_MOI_R04():
    state = table(LINE, ["MK+2 SB+2 PM+2", "SB+3", "PM+3"], rules=Rules(play_limit=1))
    state, _ = apply(state, LayDisciple(parse_card("MK+2"), (-1, 0)))
    assert legal_actions(state) == [EndPlay()]
    refused(state, LayDisciple(parse_card("SB+2"), (-1, 1)), "MOI-R04")


def test_a_player_must_play_or_discard_before_ending_step_one_MOI_R18():
    state = table(LINE, ["MK+2 BISON FAN", "SB+2", "PM+2"])
    refused(state, EndPlay(), "MOI-R18")


def test_an_empty_hand_skips_step_one_MOI_R18():
    state = table(LINE, ["", "SB+2", "PM+2"], seat=2, phase=Phase.STEP)
    state, _ = apply(state, Stay())
    assert state.seat == 0 and state.phase is Phase.STEP


def test_princess_moves_card_and_pawn_together_MOI_R15():
    state = table(LINE, ["FAN", "SB+2", "PM+2"])
    state, events = apply(state, PlayPrincess(R, (1, 1)))
    # red's own pawn: nobody may cancel in EN (MOI-R06), so it resolves at once
    assert state.mountain.pawn(R) == (1, 1) and state.mountain.card_at((0, 0)) is None
    assert state.mountain.card_at((1, 1)) == parse_card("MK+1")
    assert events[-1].text == "The card under the red pawn, with the pawn, now lies at (1, 1)."


def test_red_boy_discards_the_card_to_the_discard_pile_MOI_R16():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK", "SB+2", "PM+2"])
    refused(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 0)), "MOI-R16")  # red's card
    refused(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 3)), "rulebook I")  # not its picture
    state, _ = apply(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 4)))
    assert (0, 4) not in state.mountain.cards
    assert state.discard_pile[-2:] == (red_boy(Disciple.MONKEY_KING), parse_card("MK+2"))


def test_two_red_boys_discard_any_disciple_but_never_split_the_mountain_MOI_R15():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK REDBOY:PM", "SB+2", "PM+2"])
    assert PlayRedBoy((Disciple.MONKEY_KING, Disciple.PIG_MONK), (0, 4)) in legal_actions(state)
    refused(state, PlayRedBoy((Disciple.MONKEY_KING, Disciple.PIG_MONK), (0, 1)), "MOI-R15")


def test_the_red_boys_are_offered_one_by_one_then_by_pairs_in_the_order_of_their_pictures():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:SB REDBOY:MK REDBOY:PM", "SB+2", "PM+2"])
    offered = list(dict.fromkeys(action.pictures for action in legal_actions(state) if isinstance(action, PlayRedBoy)))
    mk, pm, sb = Disciple.MONKEY_KING, Disciple.PIG_MONK, Disciple.SANDY_BROTHER  # in the order of their codes
    assert offered == [(mk,), (mk, pm), (mk, sb), (pm, sb)]  # alone, only the Monkey King's has a card to take: MK+2


def test_cards_alike_in_a_hand_are_one_choice():
    mk, pm = Disciple.MONKEY_KING, Disciple.PIG_MONK
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:PM REDBOY:MK REDBOY:MK", "SB+2", "PM+2"])
    offered = [action.pictures for action in legal_actions(state) if isinstance(action, PlayRedBoy)]
    assert offered == [(mk,), (mk, mk), (mk, pm)]
    state = table(LINE, ["SB+2 SB+2 MK+2", "SB+3", "PM+3"])
    lays = [action for action in legal_actions(state) if isinstance(action, LayDisciple)]
    assert len(lays) == len(set(lays)) == 2 * len(state.mountain.empty_neighbours())  # SB+2 and MK+2, each where it may lie


# --- answers (MOI-R06, MOI-R07, MOI-R08) -------------------------------------------------------------
def test_en_only_the_targeted_pawns_owner_may_cancel_a_bison_zh_any_opponent_MOI_R06():
    hands = ["BISON SB+2 PM+2", "GUANYIN", "FAN"]  # yellow holds Guan Yin; blue a Princess
    en, _ = apply(table(LINE, hands), PlayBison(B, (0, 1)))
    assert en.phase is Phase.RESPOND and en.pending.responders == (2,)
    zh, _ = apply(table(LINE, hands, rules=Rules(edition="zh")), PlayBison(B, (0, 1)))
    assert zh.pending.responders == (1, 2)


def test_en_nobody_may_cancel_a_bison_on_the_players_own_pawn_MOI_R06():
    state, _ = apply(table(LINE, ["BISON SB+2 PM+2", "GUANYIN", "FAN"]), PlayBison(R, (0, 1)))
    assert state.phase is Phase.PLAY and state.mountain.pawn(R) == (0, 1)


def test_en_any_other_player_may_cancel_red_boy_with_guan_yin_MOI_R06():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK", "GUANYIN", "GUANYIN"])
    state, _ = apply(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 4)))
    assert state.pending.responders == (1, 2)
    assert legal_actions(state) == [Cancel((GUAN_YIN,)), Pass()]


def test_those_who_may_cancel_are_asked_clockwise_and_the_first_cancel_ends_the_asking_MOI_P01():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["GUANYIN MK+3", "REDBOY:MK SB+2", "GUANYIN"], seat=1)
    state, _ = apply(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 4)))  # yellow plays: blue, then red
    assert state.pending.responders == (2, 0) and state.decision.seat == 2
    state, _ = apply(state, Cancel((GUAN_YIN,)))
    assert state.pending is None and state.phase is Phase.PLAY and state.decision.seat == 1  # red is never asked
    assert state.hands[0] == cards("GUANYIN MK+3") and state.mountain.card_at((0, 4)) is not None


def test_cancel_discards_both_and_the_effect_never_happens_MOI_R07():
    state = table(LINE, ["BISON SB+2 PM+2", "GUANYIN", "FAN PM+3"])
    state, _ = apply(state, PlayBison(B, (0, 1)))
    assert legal_actions(state) == [Cancel((FAN,)), Pass()]
    state, events = apply(state, Cancel((FAN,)))
    assert state.mountain.pawn(B) == (0, 2)
    assert state.discard_pile[-2:] == (BISON, FAN)
    # no answer to the cancel: the player simply goes on playing (MOI-R07)
    assert state.phase is Phase.PLAY and state.decision.seat == 0
    assert "MOI-R07" in events[-1].text


def test_two_bisons_need_two_princesses_or_one_guan_yin_MOI_R06():
    state = table("MK+1@R PM+1 SB+1 DH+1 MK+2 PM+2@B\n. . . . . DH+2@Y", ["BISON BISON", "SB+2", "FAN DH+3"])
    state, _ = apply(state, PlayBison(B, (0, 1), count=2))
    assert state.mountain.pawn(B) == (0, 1) and state.phase is Phase.STEP  # one Princess is not enough: not asked
    state = table("MK+1@R PM+1 SB+1 DH+1 MK+2 PM+2@B\n. . . . . DH+2@Y", ["BISON BISON", "SB+2", "FAN FAN"])
    state, _ = apply(state, PlayBison(B, (0, 1), count=2))
    assert legal_actions(state) == [Cancel((FAN, FAN)), Pass()]
    refused(state, Cancel((FAN,)), "rulebook I")  # the cards that cancel are printed in rule I


def test_the_canceller_refills_only_at_the_end_of_their_own_turn_MOI_R08():
    state = table(LINE, ["BISON SB+2 PM+2", "SB+3", "FAN PM+3"], draw_pile="MK+1 PM+1 SB+1 DH+1 MK+2 PM+2 DH+2 DH+3")
    state, _ = apply(state, PlayBison(B, (0, 1)))
    state, _ = apply(state, Cancel((FAN,)))
    state, _ = apply(state, EndPlay())
    state, _ = apply(state, Stay())
    assert len(state.hands[0]) == 3  # red refilled at the end of red's turn
    assert state.hands[2] == (parse_card("PM+3"),)  # blue still short
    state, _ = apply(state, LayDisciple(parse_card("SB+3"), (-1, 0)))  # yellow's turn
    state, _ = apply(state, Stay())
    assert len(state.hands[2]) == 1 and state.decision.seat == 2
    state, _ = apply(state, LayDisciple(parse_card("PM+3"), (-2, 0)))
    state, _ = apply(state, Stay())
    assert len(state.hands[2]) == 3


def test_a_pass_lets_the_next_responder_decide_then_the_effect_happens():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK", "GUANYIN", "GUANYIN"], rules=Rules(edition="zh"))
    state, _ = apply(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 4)))
    state, _ = apply(state, Pass())
    assert state.decision.seat == 2
    state, _ = apply(state, Pass())
    assert (0, 4) not in state.mountain.cards
    assert state.phase is Phase.STEP  # red's hand is empty: on to the step


#: The event each kind of action opens with, said of the seat that decided; what may follow it is the
#: game's own doing, said of no seat, but for the draw (the drawing seat) and the round's end (its ender).
OPENING_EVENTS = {LayDisciple: "lay", Step: "step", Stay: "stay", PlacePawn: "pawn", PlayBison: "effect", PlayPrincess: "effect",
                  PlayRedBoy: "effect", DiscardEvents: "discard", EndPlay: "end", Cancel: "cancel", Pass: "pass"}
FOLLOWING_EVENTS = {"resolve", "draw", "round", "deal", "setup", "over"}


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_every_action_opens_with_its_own_event_said_of_the_seat_that_decided(edition):
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed, rules=Rules(edition=edition))
        for _ in range(3000):  # a few hundred actions make a game: a loop that never ends fails here
            if state.is_over:
                break
            decision = state.decision
            action = rng.choice(legal_actions(state))
            state, events = apply(state, action)
            opening, following = events[0], events[1:]
            assert (opening.kind, opening.seat, opening.data["colour"]) == (OPENING_EVENTS[type(action)], decision.seat, decision.colour)
            assert {event.kind for event in following} <= FOLLOWING_EVENTS
            assert all(event.seat is None for event in following if event.kind not in ("draw", "round"))
            seen.add(type(action))
        assert state.is_over
    assert seen == set(OPENING_EVENTS) - ({DiscardEvents} if edition == "zh" else set())


# --- the step (MOI-R09) --------------------------------------------------------------------------
def test_en_steps_only_your_own_pawn_zh_any_pawn_MOI_R09():
    en = table(LINE, ["SB+2", "SB+3", "PM+3"], phase=Phase.STEP)
    assert {action.colour for action in legal_actions(en) if isinstance(action, Step)} == {R}
    refused(en, Step(B, (0, 3)), "MOI-R09")
    zh = table(LINE, ["SB+2", "SB+3", "PM+3"], rules=Rules(edition="zh"), phase=Phase.STEP)
    assert {action.colour for action in legal_actions(zh) if isinstance(action, Step)} == {R, B}  # yellow is boxed in
    refused(en, Step(R, (1, 0)), "MOI-R09")  # no card there


def test_a_refused_step_says_which_case_it_falls_in_MOI_R09_MOI_R13():
    """No card there, the pawn's own card, a card not beside it, a card with no room: each in its own
    words, in both languages (a learner who clicks a diagonal card learns it is diagonal)."""
    from rulesbook.inferno import refusal

    red = table(LINE, ["SB+2", "SB+3", "PM+3"], phase=Phase.STEP)
    assert refused(red, Step(R, (1, 0)), "MOI-R09").startswith("there is no card at (1, 0): the step moves a pawn onto a card")
    assert refused(red, Step(R, (0, 0)), "MOI-R09").startswith("the red pawn stands on the MK+1 card at (0, 0) already")
    assert refused(red, Step(R, (0, 2)), "MOI-R09").startswith(
        "the SB+1 card at (0, 2) is not beside the red pawn, on (0, 0): the step goes one card up, down, left or right")
    assert refusal(red, Step(R, (0, 2))).say("zh-TW").startswith("(0, 2)的SB+1不在(0, 0)上的紅色唐僧標記旁邊")
    blue = table(LINE, ["SB+2", "SB+3", "PM+3"], seat=2, phase=Phase.STEP)
    assert refused(blue, Step(B, (1, 2)), "MOI-R09").startswith("the yellow pawn stands on the DH+2 card at (1, 2): the step "
                                                                  "needs a card with room for the pawn, and a card holds one")
    shared = table("MK+1@RY PM+1@B SB+1", ["SB+2", "SB+3", "PM+3"], rules=Rules(two_pawns=True), seat=2, phase=Phase.STEP)
    assert refused(shared, Step(B, (0, 0)), "MOI-R09").startswith(
        "the red pawn and the yellow pawn stand on the MK+1 card at (0, 0): a card holds at most 2 pawns (MOI-R13)")


def test_a_player_whose_pawn_a_moment_leaves_off_the_mountain_may_only_stay_MOI_R09():
    """A game moment set up by hand may leave a pawn off (here yellow's): nothing to step, in EN."""
    en = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["SB+2", "PM+2", "DH+2"], seat=1, phase=Phase.STEP)
    assert legal_actions(en) == [Stay()]
    assert "there is no yellow pawn on the Mountain" in refused(en, Step(Y, (0, 1)), "MOI-R09")
    zh = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["SB+2", "PM+2", "DH+2"], rules=Rules(edition="zh"), seat=1, phase=Phase.STEP)
    assert {action.colour for action in legal_actions(zh) if isinstance(action, Step)} == {R, B}


# --- the end of a round (MOI-R10, MOI-R11, MOI-R12, MOI-R14) --------------------------------------
CROSS = ". PM+1 . .\nMK+2 SB+1@B DH+1 PM+2@Y\n. DH+2 . .\n. MK+1@R . ."


def test_en_ends_when_the_pile_is_empty_zh_when_a_refill_falls_short_MOI_R10():
    for rules, ends in ((Rules(), False), (Rules(edition="zh"), True)):
        state = table(LINE, ["", "SB+3", "PM+3"], rules=rules, draw_pile="MK+3", phase=Phase.STEP)
        state, _ = apply(state, Stay())
        assert bool(state.results) is ends, rules.edition
    en = table(LINE, ["", "SB+3", "PM+3"], draw_pile="", phase=Phase.STEP)
    en, _ = apply(en, Stay())
    assert en.results[0].reason == "b"


def test_a_cross_and_an_empty_pile_at_one_step_III_end_the_round_by_the_cross_MOI_P03():
    for rules in (Rules(), Rules(edition="zh")):
        crossed, _ = apply(table(CROSS, ["SB+3", "SB+2", "PM+3"], rules=rules, draw_pile="MK+3", phase=Phase.STEP), Stay())
        both, _ = apply(table(CROSS, ["SB+3", "SB+2", "PM+3"], rules=rules, draw_pile="", phase=Phase.STEP), Stay())
        assert both.results[0].reason == "a" and both.results[0].raw == crossed.results[0].raw, rules.edition


def test_zh_a_player_who_needs_no_card_leaves_the_round_on_with_the_pile_empty_MOI_P04():
    """ZH's condition b is a refill that falls short: red holds three cards and needs none."""
    hands = ["SB+3 PM+3 DH+3", "SB+2", ""]
    zh, events = apply(table(LINE, hands, rules=Rules(edition="zh"), draw_pile="", phase=Phase.STEP), Stay())
    assert not zh.results and zh.draw_pile == () and zh.decision.seat == 1 and [e.kind for e in events] == ["stay"]
    en, _ = apply(table(LINE, hands, draw_pile="", phase=Phase.STEP), Stay())
    assert en.results[0].reason == "b"  # EN: the pile is empty, whatever red holds


def test_en_every_lone_pawn_at_a_cross_scores_it_doubled_zh_only_the_ender_at_their_own_pawn_MOI_R11():
    hands = ["SB+3", "SB+2", "PM+3"]
    en, _ = apply(table(CROSS, hands, phase=Phase.STEP), Stay())  # red ends; blue is at the cross
    result = en.results[0]
    assert result.reason == "a" and result.ender == 0
    assert result.raw[2] == (2 + 1 + 1 + 2) + (1 + 1 + 2 + 1)  # blue, SB+1 counted twice
    assert result.raw[0] == 1 + (1 + 1 + 2 + 1) - 1  # red, away from the cross: once
    zh, _ = apply(table(CROSS, hands, rules=Rules(edition="zh"), phase=Phase.STEP), Stay())
    assert zh.results[0].reason == "a"  # a cross under anyone's pawn ends the round
    assert zh.results[0].raw[2] == (2 + 1 + 1 + 2) + (1 + 2 + 1)  # blue scores normally
    assert zh.results[0].raw[0] == 1 + (1 + 1 + 2 + 1)  # red ended it: MK+1 counted twice, off the cross
    assert zh.results[0].raw[1] == en.results[0].raw[1]  # yellow, neither ender nor at the cross


def test_zh_an_ender_on_a_negative_card_counts_it_once_MOI_R11():
    cross = CROSS.replace("MK+1@R", "MK-3@R")
    zh, _ = apply(table(cross, ["SB+3", "SB+2", "PM+3"], rules=Rules(edition="zh"), phase=Phase.STEP), Stay())
    assert zh.results[0].reason == "a" and zh.results[0].ender == 0
    assert zh.results[0].raw[0] == -3 + (1 + 1 + 2 - 3) - (-3)  # doubling would cost 3: not taken


def test_en_negative_round_scores_count_zero_zh_totals_never_drop_below_zero_MOI_R12():
    mountain = "MK-3@R PM+1@B\n. SB+1@Y"  # red's best: the row MK-3 PM+1, worth -2
    for rules, start, after in ((Rules(), 5, 5), (Rules(edition="zh"), 5, 3), (Rules(), 1, 1), (Rules(edition="zh"), 1, 0)):
        state = table(mountain, ["", "", ""], rules=rules, draw_pile="", phase=Phase.STEP, totals=(start, 0, 0))
        state, _ = apply(state, Stay())
        assert state.results[0].raw[0] == -2
        assert state.totals[0] == after, (rules.edition, start)


STUCK = "MK+1@R PM+1@Y"  # two cards, two pawns: no Bison King, Red Boy or step can act here


def test_a_round_ends_after_a_full_cycle_of_turns_with_no_card_played_MOI_R20():
    hands = ["BISON REDBOY:MK GUANYIN", "BISON REDBOY:PM GUANYIN"]
    state = table(STUCK, hands, rules=Rules(edition="zh"), draw_pile=10)
    assert legal_actions(state) == [EndPlay()]  # ZH: nothing to play, nothing to discard (MOI-R18)
    state, _ = apply(state, EndPlay())
    assert legal_actions(state) == [Stay()]  # no pawn can step onto a free card
    state, _ = apply(state, Stay())
    assert not state.results and state.idle_turns == 1 and state.decision.seat == 1
    state, _ = apply(state, EndPlay())
    state, events = apply(state, Stay())  # yellow completes the cycle: the round ends at step III
    result = state.results[0]
    assert (result.reason, result.ender, result.turns) == ("b", 1, 2)
    assert result.raw == (1 + 1, 1 + 1)  # scored as condition b
    assert any(event.kind == "round" and "MOI-R20" in event.text for event in events)
    assert (state.round, state.turns, state.idle_turns) == (2, 0, 0)  # the next round starts its own count


def test_a_step_is_no_progress_and_the_round_is_scored_where_the_last_step_left_the_pawn_MOI_R20():
    """A pawn's step moves no card: the cycle still ends the round, scored on the Mountain after that step."""
    stuck = "MK+1@R PM+1@Y\n. DH+3"  # no SB for the Red Boy; Guan Yin only cancels
    hands = ["REDBOY:SB GUANYIN", "REDBOY:SB GUANYIN"]
    state = table(stuck, hands, rules=Rules(edition="zh"), draw_pile=10)
    for action in [EndPlay(), Stay(), EndPlay()]:
        state, _ = apply(state, action)
    before = state.mountain
    state, _ = apply(state, Step(Colour.YELLOW, (1, 1)))
    after = before.with_pawn("Y", (1, 1))
    assert state.results[0].raw == (score(after, "R"), score(after, "Y")) == (2, 4) != (score(before, "R"), score(before, "Y"))


def test_one_card_played_in_the_cycle_keeps_the_round_going_MOI_R20():
    rules = Rules(edition="en", event_discard=False)  # the rule holds in both editions
    state = table(STUCK, ["GUANYIN MK+2", "GUANYIN REDBOY:PM"], rules=rules, draw_pile=10)
    state, _ = apply(state, LayDisciple(parse_card("MK+2"), (1, 0)))
    state, _ = apply(state, EndPlay())
    state, _ = apply(state, Stay())
    assert state.idle_turns == 0
    state, _ = apply(state, EndPlay())
    state, _ = apply(state, Stay())
    assert not state.results and state.idle_turns == 1
    assert State.from_json(state.to_json()) == state  # the count is part of the state


def test_a_discard_is_progress_too_MOI_R20():
    """EN: discarding events with no effect counts as a card played for the cycle (MOI-R04, MOI-R20)."""
    state = table(STUCK, ["BISON REDBOY:MK GUANYIN", ""], rules=Rules(edition="en"), draw_pile=10)
    state, _ = apply(state, DiscardEvents((BISON,)))
    assert state.played == (BISON,) and state.phase is Phase.STEP
    state, _ = apply(state, Stay())
    assert state.idle_turns == 0 and state.phase is Phase.STEP  # yellow holds nothing (MOI-R18)
    state, _ = apply(state, Stay())
    assert not state.results and state.idle_turns == 1


def test_a_cancelled_red_boy_leaves_its_disciple_in_the_mountain_MOI_R21():
    state = table("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK SB+2", "GUANYIN", "PM+2"])
    before = state.discard_pile
    state, _ = apply(state, PlayRedBoy((Disciple.MONKEY_KING,), (0, 4)))
    state, events = apply(state, Cancel((GUAN_YIN,)))
    assert state.mountain.card_at((0, 4)) == parse_card("MK+2")
    assert state.discard_pile == before + (red_boy(Disciple.MONKEY_KING), GUAN_YIN)
    assert state.all_cards() == Counter(DECK)


SHARED = "MK+1@RY PM+1 SB+1@B DH+1"


def test_iron_fan_on_a_card_with_two_pawns_is_one_play_MOI_R22():
    state = table(SHARED, ["FAN SB+2", "PM+2", "PM+3"], rules=Rules(two_pawns=True))
    fans = [action for action in legal_actions(state) if isinstance(action, PlayPrincess)]
    assert {action.colour for action in fans} == {R}  # the shared card, named by red (blue's holds the row)
    assert len(fans) == len({action.place for action in fans})  # each destination once
    message = refused(state, PlayPrincess(Y, (1, 1)), "MOI-R22")
    assert "names it by the red pawn" in message
    moved, _ = apply(state, PlayPrincess(R, (1, 1)))
    assert moved.mountain.pawns_at((1, 1)) == (R, Y)


@pytest.mark.parametrize(
    "rules, asked",
    [(Rules(two_pawns=True), (1,)), (Rules(edition="zh", two_pawns=True), (1, 2))],
    ids=["en-owners-of-pawns-on-the-card", "zh-any-opponent"],
)
def test_iron_fan_on_a_shared_card_may_be_cancelled_by_every_other_owner_MOI_R22(rules, asked):
    # Red names its own card, which also carries yellow: yellow is asked (EN), and so is blue (ZH).
    state = table(SHARED, ["FAN SB+2", "BISON", "GUANYIN"], rules=rules)
    state, _ = apply(state, PlayPrincess(R, (1, 1)))
    assert state.phase is Phase.RESPOND and state.pending.responders == asked
    cancelled, _ = apply(state, Cancel((BISON,)))
    assert cancelled.mountain == Position.parse(SHARED, rules)


def test_the_next_round_reshuffles_and_the_first_player_moves_on_MOI_R14():
    state = table(LINE, ["", "SB+3", "PM+3"], draw_pile="", phase=Phase.STEP)
    state = State(**{**state.__dict__, "seed": 3})
    state, events = apply(state, Stay())
    assert state.round == 2 and state.first_seat == 1 and state.decision.seat == 1
    assert state.phase is Phase.PLACE_PAWN and len(state.mountain) == 6
    assert state.all_cards() == Counter(DECK) and not state.mountain.pawns
    assert any("MOI-R14" in event.text for event in events)


def test_rounds_per_game_by_edition_MOI_R03():
    from rulesbook.core.records import GameRecord
    from rulesbook.inferno.bots import RandomBot

    for rules, rounds in ((Rules(), 4), (Rules(edition="zh"), 2)):
        record = GameRecord.play("inferno", 2, 11, rules, [RandomBot(1), RandomBot(2)])
        assert len(record.final_state().results) == rounds


# --- texts and JSON ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["pawn 0,1", "lay MK+2 -1,0", "bison R 2,3", "bison2 K 0,-2", "fan Y 3,4", "redboy PM 1,2",
     "redboy2 DH,MK 1,2", "discard BISON REDBOY:SB", "end", "cancel FAN FAN", "cancel GUANYIN",
     "pass", "step B 1,1", "stay"],
)
def test_action_texts_parse_back(text):
    action = parse_action(text)
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text, why",
    [("", "empty"), ("fly R 1,1", "unknown action"), ("lay MK+2", "takes 2"), ("lay BISON 0,0", "only a disciple"),
     ("bison Q 0,0", "unknown pawn colour"), ("bison R 0", "row,column"), ("redboy XX 0,0", "pictures"),
     ("discard MK+1", "event cards"), ("cancel", "1 to 2"), ("lay MK+5 0,0", "Card Descriptions")],
)
def test_malformed_action_texts_raise_a_clear_error(text, why):
    with pytest.raises(NotationError, match=why):
        parse_action(text)


def test_states_round_trip_through_json():
    state = table(LINE, ["BISON SB+2 PM+2", "GUANYIN", "FAN PM+3"])
    state, _ = apply(state, PlayBison(B, (0, 1)))  # a pending answer is part of the state
    assert State.from_json(state.to_json()) == state
    game = new_game(4, 9, Rules(edition="zh", two_pawns=True))
    assert State.from_json(game.to_json()) == game


def test_two_pawns_rule_en_two_per_card_zh_two_or_more_MOI_R13():
    mountain = "MK+1@R PM+1@YB SB+1 DH+1"
    hands = ["BISON", "SB+2", "PM+2"]
    en = table(mountain, hands, rules=Rules(two_pawns=True))
    zh = table(mountain, hands, rules=Rules(edition="zh", two_pawns=True))
    assert PlayBison(R, (0, 1)) not in legal_actions(en)  # that card is full with two
    refused(en, PlayBison(R, (0, 1)), "MOI-R05")
    assert PlayBison(R, (0, 1)) in legal_actions(zh)
    state, _ = apply(zh, PlayBison(R, (0, 1)))
    assert state.mountain.pawns_at((0, 1)) == (R, Y, B)


def test_actions_built_in_code_are_checked_as_strictly_as_parsed_ones():
    from rulesbook.core.data import DataError

    with pytest.raises(DataError, match=r"PlayBison.count: .*not 3 \(MOI-R05\)"):
        PlayBison(R, (0, 1), count=3)
    with pytest.raises(DataError, match="DiscardEvents.cards: expected a tuple of 1 to 3 event cards"):
        DiscardEvents((parse_card("SB+2"),))
    assert PlayRedBoy((Disciple.PIG_MONK, Disciple.MONKEY_KING), (0, 0)) == PlayRedBoy(
        (Disciple.MONKEY_KING, Disciple.PIG_MONK), (0, 0)
    )


def test_the_reference_list_of_action_forms_parses_back_and_covers_every_verb():
    from rulesbook.inferno.actions import ACTION_FORMS

    for text, meaning, rule in ACTION_FORMS:
        assert str(parse_action(text)) == text and meaning and rule
    kinds = {type(parse_action(text)) for text, _, _ in ACTION_FORMS}
    assert kinds == {PlacePawn, LayDisciple, PlayBison, PlayPrincess, PlayRedBoy, DiscardEvents, EndPlay, Cancel, Pass, Step, Stay}


def test_a_game_moment_puts_every_card_somewhere_and_refuses_impossible_tables():
    state = game_moment(LINE, ["BISON SB+2 PM+2", "GUANYIN", "FAN"], draw_pile=5)
    assert state.all_cards() == Counter(DECK) and len(state.draw_pile) == 5
    assert state.colours == (R, Y, B)
    with pytest.raises(ValueError, match=r"^hands: this moment shows more MK\+3 cards than the deck holds \(rulebook, Card Descriptions\)$"):
        game_moment("MK+3 PM+1@R\n. SB+1@Y", ["MK+3", "PM+2"])
    with pytest.raises(ValueError, match=r"^hands: this moment shows more REDBOY:MK cards than the deck holds \(MOI-R02\)$"):
        game_moment(LINE, ["REDBOY:MK REDBOY:MK", "REDBOY:MK", "SB+2"])
    with pytest.raises(ValueError, match=r"^hands: this moment shows more GUANYIN cards than the deck holds \(MOI-R01\)$"):
        game_moment(LINE, ["GUANYIN GUANYIN", "GUANYIN", "SB+2"])
    with pytest.raises(ValueError, match=r"^draw_pile: this moment shows more GUANYIN cards than the deck holds \(MOI-R01\)$"):
        game_moment(LINE, ["GUANYIN", "SB+2", "FAN"], draw_pile="GUANYIN GUANYIN")
    with pytest.raises(ValueError, match=r"^colours: 'RY' leaves out the blue pawn on the Mountain"):
        game_moment(LINE, ["SB+2", "PM+2"], colours="RY")
    with pytest.raises(ValueError, match="^mountain: the blue pawn belongs to no player here$"):
        game_moment(LINE, ["SB+2", "PM+2"])


def test_the_layout_says_which_events_were_set_aside_MOI_R19():
    for seed in range(30):
        layout = mountain_layout(seed, 1, 3)
        assert layout.set_aside == tuple(card for card in layout.turned if not isinstance(card, DiscipleCard))
        assert len(layout.turned) == 6 + len(layout.set_aside)
        assert Counter(layout.draw_pile) + Counter(layout.mountain.cards.values()) == Counter(DECK)
        assert new_game(3, seed).mountain == layout.mountain


def test_play_out_prints_events_and_refusal_returns_the_error_or_none(capsys):
    from rulesbook.inferno import IllegalAction, parse_action, play_out, refusal

    state = play_out(table(LINE, ["BISON SB+2 PM+2", "GUANYIN", "FAN"]), "bison B 0,1")
    assert "Red plays Mighty Bison King" in capsys.readouterr().out and state.phase is Phase.RESPOND
    error = refusal(state, parse_action("end"))
    assert isinstance(error, IllegalAction) and error.rule == "MOI-R06"  # blue may cancel now, before play goes on
    assert refusal(state, "end").rule == "MOI-R06"  # the text form is taken too
    assert refusal(state, parse_action("pass")) is None
    assert capsys.readouterr().out == ""  # a refusal prints nothing


def test_who_is_entitled_to_cancel_by_edition_MOI_R06():
    from rulesbook.inferno.engine import cancel_means, entitled_to_cancel

    others = [Y, B]
    bison_on_blue = PlayBison(B, (0, 1))
    assert entitled_to_cancel(Rules(), bison_on_blue, R, others) == [B]
    assert entitled_to_cancel(Rules(), PlayBison(R, (0, 1)), R, others) == []
    assert entitled_to_cancel(Rules(edition="zh"), PlayBison(R, (0, 1)), R, others) == [Y, B]
    assert entitled_to_cancel(Rules(), PlayRedBoy((Disciple.PIG_MONK,), (0, 1)), R, others) == [Y, B]
    assert cancel_means(PlayBison(B, (0, 1), count=2)) == [(FAN, FAN), (GUAN_YIN,)]
    assert cancel_means(PlayPrincess(B, (0, 1))) == [(BISON,), (GUAN_YIN,)]
