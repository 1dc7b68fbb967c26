"""Step oracles, as perft checks a chess engine: what the rulebook and the rulings say must hold between
a state, the action taken and the next state, run on every step of seeded games.

The oracle is written from the rulebook and the rulings only, never from the engine: the card set is
read from its raw CSV here (HUD-R01), legal moves, feeding, the demon's powers and the endings are
worked out here. It shares only the State's fields, `new_game`, `legal_actions`, `apply`, the bots by
name and the action values with the engine. It leaves to test_hudai_random_games what it holds (cards
conserved after each action, cube pools, refusals, replay) and checks each action's effect on the next
state, the exact piles a card moves between, and `legal_actions` against the rules themselves.

The games: the bots and a random policy, the demon's tiles in several orders, the switches and numbers
of `Rules` (no opening hand, no mind reshuffle, small capacities and limits, short games), some pushed
into rare corners (powers near the limit, corruption near capacity, staged damage, empty draw pile or
mind deck) with every card kept.
"""

from __future__ import annotations

import random
from collections import Counter
from importlib import resources

import pytest

from rulesbook.hudai import (
    BlueWard, BuildUp, Defend, DiscardCard, EndCombo, Flow, FlowKeep, FlowRemove, Obtain, Pass, Phase, Pin, PlayCard,
    RedStrike, Rules, Stab, SwapRiver, TakeBlack, ThirdEye, UseValue, YellowPin, apply, legal_actions, make_bot, new_game,
)
from simulation_scale import scaled

SIDES = ("left", "centre", "right")
MONK_PILES = ("draw_pile", "hand", "discard", "combo", "removed")
ALL_PILES = (*MONK_PILES, "black_supply", "mind_deck", "mind_discard", "mind_river")


def read_cards() -> dict[str, tuple[str, str, int]]:
    """The reconstructed set from its raw CSV (HUD-R01): code -> (colour letter, symbol, printed value)."""
    text = resources.files("rulesbook.hudai").joinpath("data/cards.csv").read_text()
    letters = {"white": "W", "green": "G", "blue": "B", "red": "R", "yellow": "Y", "black": "K"}
    rows = [line.split(",") for line in text.splitlines() if line and not line.startswith("#")][1:]
    return {f"{letters[c]}{v}": (letters[c], s, int(v)) for c, s, v, _ in rows}


CARDS = read_cards()


def colour(card: str) -> str:
    return CARDS[card][0]


def printed(card: str) -> int:
    return CARDS[card][2]


def played_value(card: str) -> int:
    """Colors: green +1 (maximum 6), black 6; HUD-R06: only when the monk plays the card."""
    c, _, v = CARDS[card]
    return 6 if c == "K" else min(6, v + 1) if c == "G" else v


def fit(left: str, right: str) -> bool:
    """HUD-R03: neighbours share a colour unless one is white or black."""
    return colour(left) == colour(right) or {colour(left), colour(right)} & {"W", "K"} != set()


def started(cubes: int, group: int) -> int:
    return -(-cubes // group)


def key(action) -> str:
    return action.text()


# ------------------------------------------------------------------------------ what the rules allow

def feature_choices(s) -> list[str]:
    """HUD-P02: the open features of the last card played; HUD-P06: each needs something to act on."""
    if s.current_card is None:
        return []
    card, opened, powers, out = s.current_card, s.open_features, s.powers, []
    if "value" in opened:
        value = played_value(card)
        out += [f"value {SIDES[i]}" for i in range(3) if powers[i] and (value >= 6 or powers[i] <= value)]
    if "symbol" in opened:
        symbol = CARDS[card][1]
        out += {"hammers": ["build"], "drop": ["stab"], "cog": ["flow"], "stones": ["defend"] if s.staged_damage else [],
                "circles": [f"eye {SIDES[a]} {SIDES[b]}" for a in range(3) for b in range(3) if a != b and powers[a]],
                "arrow": [f"pin {SIDES[i]}" for i in range(3) if powers[i]]}[symbol]
    if "colour" in opened:
        out += {"B": ["blue"] if s.staged_damage else [], "R": ["red"],
                "Y": [f"yellow {SIDES[i]}" for i in range(3) if powers[i]]}.get(colour(card), [])
    return out


def expected_legal(s) -> set[str]:
    """Each step's choices, from the rulebook and the rulings."""
    if s.phase is Phase.OVER:
        return set()
    if s.phase is Phase.FLOW:  # HUD-R04
        return {f"remove {c}" for c in s.combo} | {"keep"}
    if s.phase is Phase.OBTAIN:  # HUD-R08, HUD-P08; HUD-P16: a swap needs a new card to draw
        drawable = s.mind_deck or (s.mind_discard and s.rules.reshuffle_mind_deck)
        out = {f"swap {c}" for c in s.mind_river} if drawable and not s.swapped else set()
        return out | {f"obtain {c}" for c in s.mind_river if printed(c) <= s.purchase} | {"pass"}
    out = set(feature_choices(s)) | {"end"} | {f"discard {c}" for c in s.hand}  # HUD-P13, HUD-P14
    if not s.took_black:  # HUD-P12
        out |= {f"black {c}" for c in s.black_supply}
    if not (s.entangled and s.cards_played):  # HUD-R11
        last = s.combo[-1] if s.combo else None
        out |= {f"play {c}" for c in s.hand if (colour(c) != "W" or s.whites_played < s.rules.max_white_per_combo)
                and (last is None or fit(last, c))}
    return out


# ------------------------------------------------------------------------------ the step oracle

FIELDS = ("turn", "phase", "outcome", *ALL_PILES, "monk_health", "corruption", "demon_health", "powers", "pinned",
          "staged_damage", "demon_block", "entangled", "purchase", "current_card", "open_features", "cards_played",
          "whites_played", "took_black", "swapped", "shuffles")


def minus(pile: list, *cards: str) -> list:
    out = list(pile)
    for card in cards:
        out.remove(card)
    return out


def greedy_values(values: Counter, cubes: int) -> list[int]:
    """HUD-P10: the highest printed value at most the cubes left, again and again while one fits."""
    picked, left = [], cubes
    while True:
        fits = [v for v, n in values.items() if n and v <= left]
        if not fits:
            return picked
        value = max(fits)
        values[value] -= 1
        picked.append(value)
        left -= value


class Oracle:
    """Collects what went wrong, and how many steps each rule group was checked on."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.counts: Counter = Counter()

    def expect(self, group: str, ok: bool, why: str, s=None, a=None) -> None:
        self.counts[group] += 1
        if not ok and len(self.problems) < 50:
            where = f" [seed {s.seed!r} turn {s.turn} {s.phase.value} action {a}]" if s is not None else ""
            self.problems.append(f"{group}: {why}{where}")

    def same_except(self, s, t, changed: set[str], a) -> None:
        """An action changes only what its rule names (the other fields are as they were)."""
        changed = changed | ({"current_card", "open_features"} if t.is_over else set())
        kept = [name for name in FIELDS if name not in changed and getattr(s, name) != getattr(t, name)]
        self.expect("untouched", not kept, f"{a} changed {kept}", s, a)

    def step(self, s, action, t) -> None:
        a = key(action)
        self.expect("conservation", Counter(s.all_cards()) == Counter(t.all_cards()) and
                    sorted(t.all_cards()) == sorted(CARDS), f"cards not conserved after {a}", s, a)
        word = a.split()[0]
        if word in ("obtain", "pass"):
            self.turn_end(s, a, t)
        else:
            getattr(self, "on_" + word)(s, a, t, a.split()[1:])

    # step 1 ------------------------------------------------------------------------------------
    def on_play(self, s, a, t, args) -> None:
        card = args[0]
        opened = {"value", "symbol"} | ({"colour"} if colour(card) in "BRY" else set())
        ok = (t.hand == minus(s.hand, card) and t.combo == [*s.combo, card] and t.cards_played == s.cards_played + 1
              and t.whites_played == s.whites_played + (colour(card) == "W") and t.current_card == card
              and set(t.open_features) == opened and len(t.open_features) == len(opened))
        self.expect("combo HUD-R03 HUD-P02", ok, f"play: hand {t.hand} combo {t.combo} open {t.open_features}", s, a)
        self.same_except(s, t, {"hand", "combo", "cards_played", "whites_played", "current_card", "open_features"}, a)

    def on_discard(self, s, a, t, args) -> None:
        card = args[0]
        ok = t.hand == minus(s.hand, card) and Counter(t.discard) == Counter([*s.discard, card]) and t.purchase == s.purchase + 1
        self.expect("purchase HUD-R08 HUD-P13", ok, f"discard: purchase {s.purchase}->{t.purchase}", s, a)
        self.same_except(s, t, {"hand", "discard", "purchase"}, a)

    def on_black(self, s, a, t, args) -> None:
        card = args[0]
        ok = t.black_supply == minus(s.black_supply, card) and Counter(t.hand) == Counter([*s.hand, card]) and t.took_black
        self.expect("black HUD-P12", ok, "black card not taken into the hand", s, a)
        self.expect("black HUD-R05", t.corruption == s.corruption, "taking a black card corrupts at once", s, a)
        self.same_except(s, t, {"hand", "black_supply", "took_black"}, a)

    def used(self, s, t, feature: str, a) -> None:
        if t.is_over:  # the game ended: no feature is left to use
            return
        self.expect("features HUD-P02", t.current_card == s.current_card and
                    Counter(t.open_features) == Counter(minus(s.open_features, feature)), f"{feature} not closed: {t.open_features}", s, a)

    def on_value(self, s, a, t, args) -> None:
        i = SIDES.index(args[0])
        powers = list(s.powers)
        powers[i] -= 1
        self.expect("value Play/Colors HUD-R06", t.powers == powers, f"powers {s.powers}->{t.powers}", s, a)
        self.used(s, t, "value", a)
        self.same_except(s, t, {"powers", "open_features"}, a)

    def on_build(self, s, a, t, args) -> None:
        self.expect("symbols", t.purchase == s.purchase + 3, f"purchase {s.purchase}->{t.purchase}", s, a)
        self.used(s, t, "symbol", a)
        self.same_except(s, t, {"purchase", "open_features"}, a)

    def on_eye(self, s, a, t, args) -> None:
        i, j = SIDES.index(args[0]), SIDES.index(args[1])
        powers = list(s.powers)
        powers[i] -= 1
        powers[j] += 1
        over = powers[j] > s.rules.power_limit  # HUD-P07: checked after a 3rd eye move
        ok = t.powers == powers and (t.outcome == "power") == over and t.is_over == over
        self.expect("symbols HUD-R09 HUD-P07", ok, f"eye: {s.powers}->{t.powers}, outcome {t.outcome}", s, a)
        self.used(s, t, "symbol", a)
        self.same_except(s, t, {"powers", "open_features", "phase", "outcome"}, a)

    def ward(self, s, a, t, feature) -> None:
        self.expect("symbols/colors defend", t.staged_damage == s.staged_damage - 1, f"staged {s.staged_damage}->{t.staged_damage}", s, a)
        self.used(s, t, feature, a)
        self.same_except(s, t, {"staged_damage", "open_features"}, a)

    def on_defend(self, s, a, t, args) -> None:
        self.ward(s, a, t, "symbol")

    def on_blue(self, s, a, t, args) -> None:
        self.ward(s, a, t, "colour")

    def blow(self, s, a, t, feature) -> None:
        """Stab and red: the demon's Defend blocks first (HUD-R07); the last health cube wins at once."""
        if s.demon_block:
            ok = t.demon_block == s.demon_block - 1 and t.demon_health == s.demon_health and not t.is_over
        else:
            won = s.demon_health == 1
            ok = t.demon_health == s.demon_health - 1 and t.demon_block == 0 and (t.outcome == "won") == won and t.is_over == won
        self.expect("demon defend HUD-R07 / win", ok, f"block {s.demon_block}->{t.demon_block} health {s.demon_health}->"
                    f"{t.demon_health} outcome {t.outcome}", s, a)
        self.used(s, t, feature, a)
        self.same_except(s, t, {"demon_block", "demon_health", "open_features", "phase", "outcome"}, a)

    def on_stab(self, s, a, t, args) -> None:
        self.blow(s, a, t, "symbol")

    def on_red(self, s, a, t, args) -> None:
        self.blow(s, a, t, "colour")

    def set_aside(self, s, a, t, args, most: int, feature: str) -> None:
        i = SIDES.index(args[0])
        moved = min(most, s.powers[i])
        powers, pinned = list(s.powers), list(s.pinned)
        powers[i] -= moved
        pinned[i] += moved
        self.expect("pins HUD-P06 HUD-P07", t.powers == powers and t.pinned == pinned, f"{s.powers}/{s.pinned}->{t.powers}/{t.pinned}", s, a)
        self.used(s, t, feature, a)
        self.same_except(s, t, {"powers", "pinned", "open_features"}, a)

    def on_pin(self, s, a, t, args) -> None:
        self.set_aside(s, a, t, args, 3, "symbol")

    def on_yellow(self, s, a, t, args) -> None:
        self.set_aside(s, a, t, args, 1, "colour")

    def on_flow(self, s, a, t, args) -> None:
        """Flow: draw one card, reshuffling the discard pile when the draw pile is empty (HUD-P04); then decide (HUD-R04)."""
        if s.draw_pile:
            ok = t.draw_pile == s.draw_pile[:-1] and t.hand == [*s.hand, s.draw_pile[-1]] and t.discard == s.discard
            ok = ok and t.shuffles == s.shuffles
        elif s.discard:
            new = Counter(t.hand) - Counter(s.hand)
            ok = (t.discard == [] and sum(new.values()) == 1 and Counter(t.draw_pile) + new == Counter(s.discard)
                  and t.shuffles == s.shuffles + 1)
        else:
            ok = t.hand == s.hand and t.draw_pile == [] and t.shuffles == s.shuffles
        self.expect("flow HUD-R04 HUD-P04", ok and t.phase is Phase.FLOW, f"flow: hand {s.hand}->{t.hand}", s, a)
        self.used(s, t, "symbol", a)
        self.same_except(s, t, {"draw_pile", "hand", "discard", "shuffles", "phase", "open_features"}, a)

    def on_remove(self, s, a, t, args) -> None:
        card = args[0]
        ok = t.combo == minus(s.combo, card) and t.removed == [*s.removed, card] and t.phase is Phase.COMBO
        if card == s.current_card:  # HUD-P02: removed with Flow, its unused features are lost
            ok = ok and not t.open_features and t.current_card is None
        else:
            ok = ok and t.current_card == s.current_card and t.open_features == s.open_features
        self.expect("flow HUD-R04 HUD-P02", ok, f"remove: combo {t.combo} removed {t.removed} open {t.open_features}", s, a)
        self.same_except(s, t, {"combo", "removed", "phase", "current_card", "open_features"}, a)

    def on_keep(self, s, a, t, args) -> None:
        self.expect("flow HUD-R04", t.phase is Phase.COMBO, "keep left the flow phase wrong", s, a)
        self.same_except(s, t, {"phase"}, a)

    def on_end(self, s, a, t, args) -> None:
        ok = (t.combo == [] and Counter(t.discard) == Counter(s.discard + s.combo) and t.phase is Phase.OBTAIN
              and t.current_card is None and not t.open_features)
        self.expect("end HUD-P14 HUD-P15", ok, f"end: discard {t.discard}", s, a)
        self.expect("demon defend HUD-R07 / win", t.demon_block == 0, "the demon's blocks outlast the combo", s, a)
        self.same_except(s, t, {"combo", "discard", "phase", "current_card", "open_features", "demon_block"}, a)

    # step 2 ------------------------------------------------------------------------------------
    def on_swap(self, s, a, t, args) -> None:
        """HUD-R08: the card goes, a new one replaces it (HUD-P09: drawn before the swapped card is discarded)."""
        card = args[0]
        river = minus(s.mind_river, card)
        if s.mind_deck:
            ok = (Counter(t.mind_river) == Counter([*river, s.mind_deck[-1]]) and t.mind_deck == s.mind_deck[:-1]
                  and Counter(t.mind_discard) == Counter([*s.mind_discard, card]))
        elif s.mind_discard and s.rules.reshuffle_mind_deck:
            new = Counter(t.mind_river) - Counter(river)
            ok = (sum(new.values()) == 1 and card not in new and t.mind_discard == [card]
                  and Counter(t.mind_deck) + new == Counter(s.mind_discard) and t.shuffles == s.shuffles + 1)
        else:
            ok = False  # HUD-P16: no swap without a new card
        self.expect("obtain HUD-R08 HUD-P09", ok and t.swapped, f"swap: river {s.mind_river}->{t.mind_river}", s, a)
        self.same_except(s, t, {"mind_river", "mind_deck", "mind_discard", "swapped", "shuffles"}, a)

    # steps 2-5 ---------------------------------------------------------------------------------
    def turn_end(self, s, a, t) -> None:
        """Obtain or pass, refill the river, then the demon's steps 3-5 in the rulebook's order."""
        rules, obtained = s.rules, a.split()[1:]
        hand = [*s.hand, *obtained]
        river = minus(s.mind_river, *obtained)
        need = rules.river_size - len(river)
        if need <= len(s.mind_deck):  # HUD-R08: the river is filled again from the top of the mind deck
            ok = Counter(t.mind_river) == Counter(river + s.mind_deck[len(s.mind_deck) - need:]) and \
                t.mind_deck == s.mind_deck[:len(s.mind_deck) - need] and t.mind_discard == s.mind_discard
        else:
            mind = Counter(s.mind_deck + s.mind_discard + river)
            size = min(rules.river_size, len(river) + len(s.mind_deck) + (len(s.mind_discard) if rules.reshuffle_mind_deck else 0))
            ok = Counter(t.mind_deck + t.mind_discard + t.mind_river) == mind and len(t.mind_river) == size
        self.expect("obtain HUD-R08 HUD-P04", ok and set(river) <= set(t.mind_river),
                    f"river {s.mind_river}->{t.mind_river}", s, a)
        # step 3: staged damage
        health = s.monk_health - s.staged_damage
        if health <= 0:
            self.expect("lose/win HUD-R09", t.outcome == "health" and t.monk_health == 0, f"outcome {t.outcome}", s, a)
            return
        self.expect("step 3", t.monk_health == health, f"health {s.monk_health}->{t.monk_health}", s, a)
        filled = self.filled_hand(s, a, t, hand)
        if filled is None:
            return
        # step 4, HUD-P11: feed, check the limit, then one corruption per black card
        fed = list(s.powers)
        for card in filled:
            fed[(printed(card) - 1) // 2] += 1
        over = any(cubes > rules.power_limit for cubes in fed)
        if over or t.outcome == "power" and t.powers == fed:
            self.expect("order HUD-P11 HUD-R09", over and t.outcome == "power" and t.powers == fed and Counter(t.hand) == Counter(filled),
                        f"fed {fed} powers {t.powers} outcome {t.outcome}", s, a)
            return
        corruption = s.corruption + sum(colour(c) == "K" for c in filled)
        if corruption > rules.corruption_capacity:
            self.expect("corruption HUD-R05 HUD-P11", t.outcome == "corruption" and t.corruption == rules.corruption_capacity
                        and t.powers == fed, f"corruption {s.corruption}->{t.corruption} outcome {t.outcome}", s, a)
            return
        self.demon(s, a, t, filled, fed, corruption)

    def filled_hand(self, s, a, t, hand: list) -> list | None:
        """Step 4's hand, read back from the next state: what is in hand plus what Crush and Confuse took.
        The draw pile's top cards come first; the discard pile is shuffled in only when they run out (HUD-P04)."""
        rules = s.rules
        want = max(0, rules.hand_size - len(hand))
        reshuffle = want > len(s.draw_pile) and bool(s.discard)
        crushed = Counter(t.removed) - Counter(s.removed)
        confused = Counter(t.discard) - (Counter() if reshuffle else Counter(s.discard))
        filled = list((Counter(t.hand) + crushed + confused).elements())
        drawn = Counter(filled) - Counter(hand)
        if reshuffle:
            pool = Counter(s.draw_pile + s.discard)
            ok = len(filled) == len(hand) + min(want, len(s.draw_pile) + len(s.discard)) and not drawn - pool
            ok = ok and Counter(s.draw_pile) <= drawn
        else:
            top = s.draw_pile[len(s.draw_pile) - min(want, len(s.draw_pile)):]
            ok = drawn == Counter(top) and t.draw_pile == s.draw_pile[:len(s.draw_pile) - len(top)]
        ok = ok and not Counter(hand) - Counter(filled)
        self.expect("fill step 4 HUD-P04", ok, f"hand {hand} filled {sorted(filled)} draw {s.draw_pile}", s, a)
        self.confused = confused
        return sorted(filled, key=lambda c: (c not in hand, c)) if ok else None

    def demon(self, s, a, t, filled: list, fed: list, corruption: int) -> None:
        """Step 5: each power from left to right with the cubes on its tile (pinned ones set aside)."""
        rules = s.rules
        values = Counter(printed(c) for c in filled)
        crushed = Counter(printed(c) for c in (Counter(t.removed) - Counter(s.removed)).elements())
        lost = False
        staged, block, bound, crush_want, confuse_want = 0, 0, False, Counter(), Counter()
        for name, cubes in zip(rules.powers, fed):
            if lost or not cubes:
                continue
            if name == "crush":
                crush_want.update(greedy_values(values, cubes))
            elif name == "confuse":
                confuse_want.update(greedy_values(values, cubes))
            elif name == "mind_pierce":  # HUD-P03
                if corruption < 2 * cubes:
                    for _ in range(1 + (cubes > 6)):
                        if corruption == rules.corruption_capacity:
                            lost = True
                            break
                        corruption += 1
            elif name == "defend":  # HUD-R07
                block = started(cubes, 3)
            elif name == "drain":
                staged = started(cubes, 2)
            elif name == "entangle":  # HUD-R11: the printed values of the hand at that moment
                bound = 2 * cubes > sum(v * n for v, n in values.items())
        self.expect("crush/confuse HUD-P10 HUD-R06", crushed == crush_want, f"crushed {crushed} want {crush_want} filled {filled}", s, a)
        if lost:
            self.expect("mind pierce HUD-P03", t.outcome == "corruption" and t.corruption == rules.corruption_capacity,
                        f"outcome {t.outcome}", s, a)
            return
        confused = Counter(printed(c) for c in self.confused.elements())
        self.expect("crush/confuse HUD-P10 HUD-R06", confused == confuse_want, f"confused {confused} want {confuse_want}", s, a)
        back = [p + q for p, q in zip(fed, s.pinned)]
        self.expect("powers HUD-R06 HUD-R07 HUD-R11", (t.corruption, t.staged_damage, t.demon_block, t.entangled) ==
                    (corruption, staged, block, bound), f"corruption/staged/block/entangled {(t.corruption, t.staged_damage, t.demon_block, t.entangled)}"
                    f" want {(corruption, staged, block, bound)} fed {fed}", s, a)
        over = any(cubes > rules.power_limit for cubes in back)
        self.expect("pins HUD-P07", t.powers == back and t.pinned == [0, 0, 0] and (t.outcome == "power") == over,
                    f"powers {t.powers}/{t.pinned} want {back}, outcome {t.outcome}", s, a)
        if over:
            return
        last = s.turn == rules.max_turns  # HUD-P05
        ok = (t.outcome == "turn_limit" and t.turn == s.turn) if last else (
            t.outcome is None and t.turn == s.turn + 1 and t.phase is Phase.COMBO and t.purchase == 0 and t.cards_played == 0
            and t.whites_played == 0 and not t.took_black and not t.swapped and t.current_card is None and not t.combo)
        self.expect("lose/win HUD-P05 / new turn", ok, f"turn {s.turn}->{t.turn} outcome {t.outcome}", s, a)


# ------------------------------------------------------------------------------ the games

def check_legal(oracle: Oracle, s) -> list:
    legal = legal_actions(s)
    texts = [key(x) for x in legal]
    want = expected_legal(s)
    oracle.expect("legal", set(texts) == want and len(texts) == len(set(texts)),
                  f"listed-not-allowed {sorted(set(texts) - want)} allowed-not-listed {sorted(want - set(texts))}", s)
    oracle.expect("not stuck", bool(legal) or s.is_over, "no legal action in a running game", s)
    return legal


def push(s, rng: random.Random):
    """A rare corner at a turn's start, every card kept: a power near its limit, corruption near capacity,
    staged damage, a blocking demon, a weak demon, the discard pile or the mind discard holding the deck."""
    t, rules = s.copy(), s.rules
    corner = min(rng.randrange(9), 3) if rng.random() < 0.3 else rng.randrange(7)
    if corner == 0:
        t.powers[rng.randrange(3)] = rules.power_limit - rng.randrange(3)
    elif corner == 1:
        t.corruption = max(0, rules.corruption_capacity - 1 - rng.randrange(2))
    elif corner == 2:
        t.staged_damage = min(6, rng.randrange(1, 7))
    elif corner == 3:
        t.demon_health = rng.randrange(1, 4)
        t.demon_block = rng.randrange(1, 3) if "defend" in rules.powers else 0
    elif corner == 4:
        t.discard, t.draw_pile = t.discard + t.draw_pile, []
    elif corner == 5:
        t.mind_discard, t.mind_deck = t.mind_discard + t.mind_deck, []
    else:
        t.entangled = True
    return t if not t.problems() else s  # a corner no game of these rules reaches is left out


def set_up(oracle: Oracle, s) -> None:
    """Setup: white cards the draw pile, all black cards open, the rest the mind deck with its river dealt;
    the cubes of the Setup; HUD-R10: the opening hand drawn from the white cards and not fed to the demon."""
    r, deck = s.rules, lambda letters: sorted(c for c in CARDS if colour(c) in letters)
    whites, minds = deck("W"), deck("GBRY")
    ok = (sorted(s.hand + s.draw_pile) == whites and len(s.hand) == min(r.opening_hand, len(whites))
          and sorted(s.black_supply) == deck("K") and sorted(s.mind_river + s.mind_deck) == minds
          and len(s.mind_river) == min(r.river_size, len(minds)) and not (s.discard or s.combo or s.removed or s.mind_discard)
          and s.powers == [r.cubes_per_power] * 3 and s.pinned == [0, 0, 0]
          and (s.monk_health, s.corruption, s.demon_health, s.staged_damage, s.demon_block, s.purchase, s.turn)
          == (r.monk_health, 0, r.demon_health, 0, 0, 0, 1) and s.phase is Phase.COMBO and not s.entangled)
    oracle.expect("setup HUD-R02 HUD-R10", ok, f"set-up {s.summary()}", s)


def try_action(oracle: Oracle, s, action):
    """The next state, checked by the oracle; None (and a problem) when `apply` refuses a listed action."""
    try:
        t, _ = apply(s, action)
    except Exception as error:
        oracle.expect("listed applies", False, f"{key(action)} refused: {error}", s, key(action))
        return None
    oracle.counts["listed applies"] += 1
    oracle.step(s, action, t)
    return t


def game(oracle: Oracle, seed: int, rules: Rules, bot: str | None, push_rate: float = 0.0, every_action: float = 0.1) -> None:
    """One game, every step checked; `bot` None plays at random."""
    rng = random.Random(f"oracle {seed}")
    s = new_game(seed=seed, rules=rules)
    set_up(oracle, s)
    monk = make_bot(bot, seed) if bot else None
    oracle.counts["games"] += 1
    while True:
        if push_rate and s.phase is Phase.COMBO and not s.cards_played and rng.random() < push_rate:
            pushed = push(s, rng)
            oracle.counts["pushed"] += pushed is not s
            s = pushed
        legal = check_legal(oracle, s)
        if not legal:
            return
        if rng.random() < every_action:  # every listed action applies, and does what its rule says
            for other in legal:
                try_action(oracle, s, other)
        action = monk.choose(s, legal) if monk and rng.random() < 0.8 else rng.choice(legal)
        t = try_action(oracle, s, action)
        if t is None:
            return
        if t.is_over:
            oracle.counts["outcome " + t.outcome] += 1
        s = t


VARIANTS = (
    Rules(),
    Rules(powers=("crush", "defend", "entangle")),
    Rules(powers=("entangle", "drain", "crush")),
    Rules(powers=("mind_pierce", "confuse", "defend")),
    Rules(powers=("confuse", "crush", "mind_pierce")),
    Rules(powers=("defend", "entangle", "drain"), opening_hand=0),
    Rules(reshuffle_mind_deck=False, river_size=4),
    Rules(corruption_capacity=3, power_limit=6, powers=("mind_pierce", "crush", "drain")),
    Rules(corruption_capacity=20, powers=("confuse", "mind_pierce", "entangle"), cubes_per_power=5),
    Rules(max_turns=3, hand_size=6, max_white_per_combo=1, monk_health=30),
    Rules(hand_size=2, max_white_per_combo=0, demon_health=4, powers=("crush", "confuse", "drain")),
)
BOT_NAMES = ("heuristic", "greedy", "random", None)


def run(games: int, push_rate: float = 0.25, first: int = 0) -> Oracle:
    oracle = Oracle()
    for n in range(first, first + games):
        game(oracle, n, VARIANTS[n % len(VARIANTS)], BOT_NAMES[n // len(VARIANTS) % len(BOT_NAMES)],
             push_rate if n % 3 else 0.0)
    return oracle


@pytest.fixture(scope="module")
def oracle() -> Oracle:
    """The same seeded games for every test of this file, each step run once through the oracle."""
    return run(scaled(660, least=3 * len(VARIANTS) * len(BOT_NAMES)))  # each variant, each policy, every ending


def held(oracle: Oracle, group: str, least: int) -> None:
    """The group was checked on at least `least` steps (at this run's scale) and never failed."""
    wrong = [p for p in oracle.problems if p.split(": ")[0] == group]
    assert not wrong, "\n".join(wrong[:5])
    assert oracle.counts[group] >= scaled(least), f"{group} checked on only {oracle.counts[group]} steps"


def test_set_up_deals_the_white_deck_the_black_supply_the_river_and_an_opening_hand_hud_r02_hud_r10(oracle):
    held(oracle, "setup HUD-R02 HUD-R10", 600)


def test_a_card_played_joins_the_row_and_opens_its_value_symbol_and_colour_hud_r03_hud_p01_hud_p02(oracle):
    held(oracle, "combo HUD-R03 HUD-P02", 3000)
    held(oracle, "features HUD-P02", 4000)


def test_a_value_takes_a_cube_from_a_power_that_small_green_plus_one_black_six_hud_r06_hud_p06(oracle):
    held(oracle, "value Play/Colors HUD-R06", 2000)


def test_the_symbols_and_colours_do_what_their_tables_say_hud_p06_hud_p07(oracle):
    for group in ("symbols", "symbols HUD-R09 HUD-P07", "symbols/colors defend", "pins HUD-P06 HUD-P07"):
        held(oracle, group, 200)


def test_flow_draws_a_card_then_may_remove_a_card_of_the_combo_for_good_hud_r04_hud_p02_hud_p04(oracle):
    for group in ("flow HUD-R04", "flow HUD-R04 HUD-P02", "flow HUD-R04 HUD-P04"):
        held(oracle, group, 100)


def test_purchase_value_buys_one_river_card_after_one_swap_hud_r08_hud_p08_hud_p09_hud_p13(oracle):
    for group in ("purchase HUD-R08 HUD-P13", "obtain HUD-R08 HUD-P04", "obtain HUD-R08 HUD-P09"):
        held(oracle, group, 1000)


def test_a_black_card_is_free_once_a_turn_and_corrupts_once_when_the_hand_is_filled_hud_r05_hud_p12(oracle):
    held(oracle, "black HUD-P12", 1000)
    held(oracle, "black HUD-R05", 1000)
    held(oracle, "corruption HUD-R05 HUD-P11", 50)


def test_the_demons_defend_blocks_stab_and_red_during_the_next_combo_only_hud_r07(oracle):
    held(oracle, "demon defend HUD-R07 / win", 2000)


def test_step_4_draws_feeds_checks_the_limit_then_corrupts_in_that_order_hud_p11_hud_p04(oracle):
    for group in ("step 3", "fill step 4 HUD-P04", "order HUD-P11 HUD-R09"):
        held(oracle, group, 100)


def test_crush_and_confuse_take_the_highest_printed_value_that_fits_again_and_again_hud_p10_hud_r06(oracle):
    held(oracle, "crush/confuse HUD-P10 HUD-R06", 3000)


def test_the_powers_act_left_to_right_by_their_thresholds_hud_r06_hud_r07_hud_r11_hud_p03(oracle):
    held(oracle, "powers HUD-R06 HUD-R07 HUD-R11", 2000)
    held(oracle, "mind pierce HUD-P03", 30)


def test_pinned_cubes_come_back_after_the_powers_and_count_towards_the_limit_then_hud_p07(oracle):
    held(oracle, "pins HUD-P07", 2000)


def test_the_game_is_won_or_lost_each_way_the_rulebook_lists_hud_r09_hud_p05(oracle):
    held(oracle, "lose/win HUD-R09", 50)
    held(oracle, "lose/win HUD-P05 / new turn", 2000)
    for outcome in ("won", "health", "corruption", "power", "turn_limit"):
        assert oracle.counts["outcome " + outcome] >= scaled(3), f"no game ended {outcome}"


def test_legal_actions_list_exactly_what_the_rules_allow_and_a_game_not_over_goes_on(oracle):
    held(oracle, "legal", 20000)
    held(oracle, "not stuck", 20000)
    held(oracle, "listed applies", 30000)


def test_an_action_changes_only_what_its_rule_names(oracle):
    held(oracle, "untouched", 15000)


def test_every_card_stays_in_the_game_in_every_variant_and_pushed_corner_hud_r01_hud_p15(oracle):
    held(oracle, "conservation", 20000)
