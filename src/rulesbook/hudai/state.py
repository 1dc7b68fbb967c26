"""The whole table of a Hudai Pass game as plain data: cards by place, cubes, and the pending decision.

Piles are lists of card codes; the top of the draw pile and of the mind deck is the *last* item.
Cube counts of the demon's powers are ordered left, centre, right (Rules.powers names them).
A state read from outside (`from_json`, `from_dict`) is checked field by field and then against
the game's invariants, so a bad one is refused with the field at fault and never crashes later:

>>> State.from_json('{"seed": 1}')
Traceback (most recent call last):
rulesbook.core.data.DataError: state.rules: missing
>>> from rulesbook.hudai import new_game
>>> state = new_game(seed=1)
>>> state.phase is Phase.COMBO, State.from_json(state.to_json()) == state
(True, True)
>>> state.hand
['W5', 'W1', 'W3', 'W6']
>>> State.from_json(state.to_json().replace('"hand": ["W5"', '"hand": ["W5", "W5"'))
Traceback (most recent call last):
rulesbook.core.data.DataError: state.hand[1]: W5 is in the game twice (also at state.hand[0]); each card is in it once (HUD-R01)

A count no game reaches is refused by its field (`out_of_reach`), so play never goes on from it:

>>> State.from_json(state.to_json().replace('"staged_damage": 0', '"staged_damage": 500'))
Traceback (most recent call last):
rulesbook.core.data.DataError: state.staged_damage: at most 6 (Drain stages one damage for each started 2 of its cubes, at most 12), not 500
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from rulesbook.core.data import DataError, check_json, expect, items, only_fields, parse_json, shown, of_game, take, whole, within
from rulesbook.core.rng import check_seed
from rulesbook.core.shape import CheckedState, pieces_off
from rulesbook.core.words import plural
from rulesbook.hudai.cards import POWER_NAMES, CardSet
from rulesbook.hudai.rules import POSITIONS, Rules


class Phase(StrEnum):
    """What the monk is being asked: the step of the turn. A member equals its text ("combo"), as in
    the other two games."""

    COMBO = "combo"  # step 1: play, discard, take black, use a feature of the last card, or end
    FLOW = "flow"  # step 1, after Flow: remove a combo card for good, or keep them (HUD-R04)
    OBTAIN = "obtain"  # step 2: swap a river card, obtain one, or pass (HUD-R08)
    OVER = "over"  # the game has ended; `outcome` says how


# The members as module names: the engine tests `phase is COMBO` on every action (see speed notes
# in rulesbook.hudai.engine).
COMBO, FLOW, OBTAIN, OVER = Phase.COMBO, Phase.FLOW, Phase.OBTAIN, Phase.OVER

# Outcomes: the monk wins, or loses by one of the ways the rulebook's "Play" lists (HUD-R09).
WON = "won"
LOST_HEALTH = "health"
LOST_CORRUPTION = "corruption"
LOST_POWER = "power"
LOST_TURN_LIMIT = "turn_limit"
LOSSES = (LOST_HEALTH, LOST_CORRUPTION, LOST_POWER, LOST_TURN_LIMIT)
OUTCOMES = (WON, *LOSSES)

# The features of the card just played that the monk may still use (HUD-P02).
FEATURE_VALUE, FEATURE_SYMBOL, FEATURE_COLOUR = "value", "symbol", "colour"
FEATURES = (FEATURE_VALUE, FEATURE_SYMBOL, FEATURE_COLOUR)


@dataclass(frozen=True)
class Decision:
    """Who must decide now, and in which step (`State.decision`, as the other games' States say it):
    always the monk, seat 0; `describe_decision` says what is asked, in words."""

    phase: Phase
    seat: int = 0


PILES = ("draw_pile", "hand", "discard", "combo", "removed", "black_supply", "mind_deck", "mind_discard", "mind_river")


@dataclass(repr=False)
class State(CheckedState):
    """Everything needed to continue (and replay) the game; `apply` never changes a state, it copies."""

    house_ending: ClassVar[str] = (
        "to end the game, return the state with phase=Phase.OVER and outcome='won' (the demon's health 0), or how the "
        "monk lost, as the table shows it: 'health' (monk_health 0), 'corruption' (corruption at corruption_capacity), "
        "'power' (a power above power_limit) or 'turn_limit' (turn at max_turns); Phase is rulesbook.hudai.Phase")
    seed: int | str
    rules: Rules
    turn: int = 1
    phase: Phase = COMBO
    outcome: str | None = None
    # the monk's cards
    draw_pile: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    combo: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    black_supply: list[str] = field(default_factory=list)
    mind_deck: list[str] = field(default_factory=list)
    mind_discard: list[str] = field(default_factory=list)
    mind_river: list[str] = field(default_factory=list)
    # cubes
    monk_health: int = 12
    corruption: int = 0
    demon_health: int = 12
    powers: list[int] = field(default_factory=lambda: [0, 0, 0])
    pinned: list[int] = field(default_factory=lambda: [0, 0, 0])
    staged_damage: int = 0
    demon_block: int = 0  # Demon Defend: monk damage still to be blocked this turn (HUD-R07)
    entangled: bool = False  # Entangle: this turn's combo is a single card
    # this turn's combo
    purchase: int = 0
    current_card: str | None = None  # the card whose features may still be used (the last one played)
    open_features: list[str] = field(default_factory=list)  # its unused features: value, symbol, colour
    cards_played: int = 0
    whites_played: int = 0
    took_black: bool = False
    swapped: bool = False
    shuffles: int = 0  # how many reshuffles so far; labels the next one's randomness

    @property
    def players(self) -> int:
        """How many play: the monk alone (the three games' states say it alike)."""
        return 1

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def decision(self) -> Decision | None:
        """The monk's step of the turn; None once the game is over."""
        return None if self.phase is OVER else Decision(self.phase)

    @property
    def won(self) -> bool:
        return self.outcome == WON

    def copy(self) -> State:
        """A copy whose lists may be changed without touching this state (see the speed notes in
        rulesbook.hudai.engine: the fields are copied as a new plain dict)."""
        new = object.__new__(State)
        values = dict(self.__dict__)
        for name in _LIST_FIELDS:
            values[name] = list(values[name])
        new.__dict__ = values
        return new

    def all_cards(self) -> list[str]:
        """Every card of the game, wherever it lies (for the conservation check)."""
        cards: list[str] = []
        for pile in PILES:
            cards.extend(getattr(self, pile))
        return cards

    def problems(self) -> list[str]:
        """What is wrong with this state by the game's own rules (empty when nothing is): the counts
        no game reaches (`out_of_reach`, by field), then how the parts agree."""
        rules, wrong = self.rules, [f"{name}: {why}" for name, why in out_of_reach(self)]
        off = pieces_off(self.all_cards(), (card.code for card in rules.cards.cards))
        if off:
            wrong.append(f"the cards are not all in the game exactly once (HUD-R01): {off}")
        for pile, deck, words in _PILES_OF_ONE_DECK:
            strangers = sorted(set(getattr(self, pile)) - set(rules.cards.deck(deck)))
            if strangers:
                kind = "a black card" if deck == "corruption" else "a mind card"
                wrong.append(f"{words} holds {', '.join(strangers)}, {'not ' + kind if len(strangers) == 1 else 'none of them ' + kind} "
                             "(HUD-R01)")
        if len(self.mind_river) > rules.river_size:
            wrong.append("the Mind River holds more cards than its size")
        counts = (*self.powers, *self.pinned, self.monk_health, self.corruption, self.demon_health, self.staged_damage,
                  self.demon_block, self.purchase, self.cards_played, self.whites_played, self.shuffles)
        if any(count < 0 for count in counts):
            wrong.append("a count is below zero")
        for name in ("monk_health", "demon_health"):  # each named with its numbers: a healing house rule's usual slip
            if getattr(self, name) > getattr(rules, name):
                wrong.append(f"{name} {getattr(self, name)} is above the starting health, {getattr(rules, name)} (Rules.{name})")
        if self.corruption > rules.corruption_capacity:
            wrong.append(f"the monk holds more corruption than the capacity: {self.corruption} of {rules.corruption_capacity} "
                         "(Rules.corruption_capacity)")
        if (self.outcome is None) == self.is_over:
            wrong.append("a game is over exactly when it has an outcome")
        elif self.outcome is not None and not _shows(self, self.outcome):
            wrong.append(f"the game ended {self.outcome} but the table does not show it (Play; HUD-R09, HUD-P05)")
        if self.phase is FLOW and not self.combo:
            wrong.append("a Flow removal needs a combo to remove from (HUD-R04)")
        elif self.phase is FLOW and (self.current_card is None or rules.cards[self.current_card].symbol != "cog"):
            wrong.append("a Flow removal comes right after a Cog's Flow, so the card in play is a Cog (HUD-R04)")
        elif self.phase is FLOW and FEATURE_SYMBOL in self.open_features:
            wrong.append(f"a Flow removal comes right after {self.current_card}'s Flow, so its symbol is used, not open (HUD-R04)")
        if self.phase is OBTAIN and self.combo:
            wrong.append("the combo has ended in step 2, yet cards lie in it (HUD-P15)")
        if self.current_card is not None and (not self.combo or self.current_card != self.combo[-1]):
            wrong.append(f"{self.current_card}, the card whose features are open, is not the last card of the combo (HUD-P02)")
        if self.current_card is None and self.open_features:
            wrong.append("features are open with no card in play (HUD-P02)")
        if self.current_card is not None and FEATURE_COLOUR in self.open_features and rules.cards[self.current_card].colour not in "BRY":
            wrong.append(f"{self.current_card} has no colour effect to use: only blue, red and yellow cards have one (Colors)")
        if self.turn < 1:
            wrong.append("the turn is below 1")
        return wrong

    def to_dict(self) -> dict[str, Any]:
        data = {"game": "hudai", **{name: getattr(self, name) for name in _FIELD_NAMES}}
        data["rules"] = self.rules.to_dict()
        data["phase"] = self.phase.value
        for name in _LIST_FIELDS:
            data[name] = list(data[name])
        return data

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """The state that `to_dict` wrote, every field given; DataError naming the field at fault,
        types first, then the game's invariants. Nothing outside is changed."""
        return _read_state(data)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        return _read_state(parse_json(text, "state"))

    def __repr__(self) -> str:
        """Short and stable (a notebook shows it; nbval compares it): the summary, not every pile."""
        return f"State({self.summary()})"

    def summary(self) -> str:
        """One line a person can read: health, corruption, demon, powers."""
        names = self.rules.powers
        powers = ", ".join(
            f"{POWER_NAMES[name]} {count}" + (f" (+{pin} pinned)" if pin else "") for name, count, pin in zip(names, self.powers, self.pinned)
        )
        return (
            f"turn {self.turn}: monk health {self.monk_health}, corruption {self.corruption}/{self.rules.corruption_capacity}, "
            f"demon health {self.demon_health}, staged damage {self.staged_damage}; powers {powers}; "
            f"hand {' '.join(self.hand) or '-'}; mind river {' '.join(self.mind_river) or '-'}"
        )


def _shows(state: State, outcome: str) -> bool:
    """Whether the table shows how the game ended: the health, power, corruption or turn that ended it."""
    rules = state.rules
    return {WON: state.demon_health == 0, LOST_HEALTH: state.monk_health == 0,
            LOST_POWER: any(cubes > rules.power_limit for cubes in state.powers),
            LOST_CORRUPTION: state.corruption == rules.corruption_capacity, LOST_TURN_LIMIT: state.turn == rules.max_turns}[outcome]


# ---------------------------------------------------------------- the counts a game can reach


#: The piles that hold the cards of one deck only, whatever the game does: the black supply its
#: corruption cards, the mind deck, its discard pile and the Mind River the mind cards; a card
#: leaves them for the monk's piles and never comes back (the monk's piles hold any card).
_PILES_OF_ONE_DECK = (("black_supply", "corruption", "the black supply"), ("mind_deck", "mind", "the mind deck"),
                      ("mind_discard", "mind", "the mind discard pile"), ("mind_river", "mind", "the Mind River"))


def out_of_reach(state: State) -> list[tuple[str, str]]:
    """Each count of the table beyond what a game under its rules reaches, as (field, why): a loaded
    state is refused by its field, a moment by the teacher's argument. Play must never go on from
    such a count (staged damage of 500 ends the game at once, a tenth white card plays on)."""
    rules, wrong = state.rules, []
    if state.turn > rules.max_turns:
        wrong.append(("turn", f"at most {rules.max_turns} (max_turns), not {state.turn}: the game ends after its last turn (HUD-P05)"))
    if not state.is_over:
        for index, cubes in enumerate(state.powers):
            if cubes > rules.power_limit:
                wrong.append(("powers", f"the {POSITIONS[index]} power holds {cubes} cubes, more than the limit of "
                                        f"{rules.power_limit}, yet the game goes on: a power above the limit loses at once (HUD-R09)"))
                break
        for name in ("monk_health", "demon_health"):
            if getattr(state, name) == 0:
                wrong.append((name, "at least 1 while the game goes on, not 0: the game ends when the last health cube goes (Play)"))
    if state.whites_played > rules.max_white_per_combo:
        wrong.append(("whites_played", f"at most {rules.max_white_per_combo} (max_white_per_combo, HUD-R03), not {state.whites_played}"))
    if not rules.house:
        wrong.extend(_beyond_a_printed_turn(state))
    return wrong


def _beyond_a_printed_turn(state: State) -> list[tuple[str, str]]:
    """The counts one turn of the printed game can reach. Only Drain stages damage, only Defend
    blocks and only Entangle binds, each from at most the power limit's cubes (HUD-R09); a card is
    played at most once a turn (it stays in the combo), and a card comes to hand in step 1 only as the
    free black card or by a Cog's Flow. A house rule (Rules.house) may put more on the table, so with
    house rules these are not held."""
    rules, wrong = state.rules, []
    cards, powers, limit = rules.cards, rules.powers, rules.power_limit
    staged = -(-limit // 2) if "drain" in powers else 0
    if state.staged_damage > staged:
        wrong.append(("staged_damage", f"at most {staged} (Drain stages one damage for each started 2 of its cubes, at most "
                                       f"{limit}), not {state.staged_damage}" if staged else
                                       f"0, not {state.staged_damage}: only Drain stages damage, and this demon has no Drain (Rules.powers)"))
    blocks = -(-limit // 3) if "defend" in powers else 0
    if state.demon_block and "defend" not in powers:
        wrong.append(("demon_block", f"0, not {state.demon_block}: only the demon's Defend power blocks (HUD-R07), and this "
                                     f"demon's powers are {', '.join(powers)}"))
    elif state.demon_block and state.phase is OBTAIN:
        wrong.append(("demon_block", f"0 in step 2, not {state.demon_block}: the demon's Defend blocks during the combo only (HUD-R07)"))
    elif state.demon_block > blocks:
        wrong.append(("demon_block", f"at most {blocks} (the demon's Defend blocks once for each started 3 of its cubes, at "
                                     f"most {limit}, HUD-R07), not {state.demon_block}"))
    if state.entangled and "entangle" not in powers:
        wrong.append(("entangled", f"only the demon's Entangle power binds the combo to one card (HUD-R11), and this demon's "
                                   f"powers are {', '.join(powers)}"))
    elif state.entangled and state.cards_played > 1 and not state.is_over:  # a game that ends in step 5 keeps its turn's count
        wrong.append(("entangled", f"Entangle binds the combo to a single card (HUD-R11), yet {state.cards_played} cards "
                                   f"were played this turn"))
    whites_in_combo = sum(cards[code].colour == "W" for code in state.combo)
    if state.whites_played > state.cards_played:
        wrong.append(("whites_played", f"{state.whites_played}, more than the cards played this turn ({state.cards_played})"))
    elif state.whites_played < whites_in_combo or state.cards_played - state.whites_played < len(state.combo) - whites_in_combo:
        wrong.append(("whites_played", f"the combo {' '.join(state.combo)} was played this turn, yet the turn counts "
                                       f"{state.cards_played} cards played, {state.whites_played} of them white (HUD-P01)"))
    if state.phase in (COMBO, FLOW):
        played = min(len(cards), len(state.combo) + _flow_removals(state))
        if state.cards_played > played:
            wrong.append(("cards_played", f"at most {played}, not {state.cards_played}: the combo holds {len(state.combo)} "
                                          "and a card leaves it before its end only by a Flow removal, each needing a Cog "
                                          "played this turn whose Flow is used, the card removed then lying among the "
                                          f"{len(state.removed)} removed for good (HUD-R04)"))
    elif state.cards_played > len(cards):
        wrong.append(("cards_played", f"at most {len(cards)} (each card is played at most once a turn), not {state.cards_played}"))
    wrong.extend(_gains_of_this_turn(state))
    if state.swapped and state.phase not in (OBTAIN, OVER):
        wrong.append(("swapped", "true only in step 2 or once the game is over: a swap is a step 2 decision and the "
                                 "next turn starts without one (HUD-R08)"))
    return wrong


def _gains_of_this_turn(state: State) -> list[tuple[str, str]]:
    """The purchase, the cubes set aside and the reshuffles, each bounded by what the table shows of
    this turn's play (`_used`): every step that adds to one adds as much to its bound, so play from a
    state at its bound stays within it (HUD-P04, HUD-P07, HUD-P13)."""
    rules, cards, wrong = state.rules, state.rules.cards, []
    cogs = sum(card.symbol == "cog" for card in cards.cards)
    hammers, cogs_used, arrows, yellows = (_used(state, *kind) for kind in (("symbol", "hammers"), ("symbol", "cog"),
                                                                            ("symbol", "arrow"), ("colour", "Y")))
    # a discarded card lies in the discard pile, or reshuffled in the draw pile, or drawn again by a Flow
    discarded = len(cards) if state.is_over else len(state.discard) + len(state.draw_pile)
    purchase = 3 * hammers + cogs_used + discarded
    if state.purchase > purchase:
        wrong.append(("purchase", f"at most {purchase}, not {state.purchase}: a Build-up gives 3, by one of the {hammers} "
                                  f"Hammers played this turn or removed whose symbol is used, and a discard 1, its card "
                                  f"lying in the discard pile or the draw pile ({discarded} cards) or drawn again by one "
                                  f"of the {cogs_used} Cogs' Flows (HUD-P13)"))
    if sum(state.pinned) > 3 * arrows + yellows:
        wrong.append(("pinned", f"at most {plural(3 * arrows + yellows, 'cube')} set aside in all, not {sum(state.pinned)}: a Pin "
                                f"sets aside up to 3, by one of the {arrows} Arrows played this turn or removed whose "
                                f"symbol is used, and a yellow card 1, by one of the {yellows} whose colour is; they come "
                                "back at the turn's end (HUD-P07)"))
    draws = rules.hand_size + cogs + rules.river_size + 1
    shuffles = state.turn * draws if state.is_over else (state.turn - 1) * draws + cogs_used + state.swapped
    if state.shuffles > shuffles:
        wrong.append(("shuffles", f"at most {shuffles} in turn {state.turn}, not {state.shuffles}: a deck is reshuffled "
                                  f"only for a draw, a turn draws at most {draws} cards (the hand filled, one per Flow, the "
                                  f"Mind River's swap and refill), and before its end only by one of the {cogs_used} Cogs' "
                                  "Flows or the swap (HUD-P04)"))
    return wrong


def _used(state: State, feature: str, kind: str) -> int:
    """How many cards of this turn's play may have used their `feature` (symbol or colour) as
    `kind` ("hammers", "Y" ...): those of the combo but the card in play while that feature is still
    open, and those removed for good, a Flow's removal among them (HUD-R04). Once the combo has
    ended it lies in the discard pile, which counts too. Each use adds one to this count as it adds
    to the purchase, the cubes set aside or the draws, so a bound by it holds on in play. A game
    that is over may have ended in steps 3 to 5, which draw and reshuffle: then every card counts."""
    cards = state.rules.cards
    if state.is_over:  # steps 3 to 5 may have drawn or reshuffled them: every card of the set
        return sum(getattr(card, feature) == kind for card in cards.cards)
    piles = state.combo + state.removed + (state.discard if state.phase is OBTAIN else [])
    open_now = state.current_card if feature in state.open_features else None  # a card's feature is named as its field
    return sum(getattr(cards[code], feature) == kind for code in piles if code != open_now)


def _flow_removals(state: State) -> int:
    """The most Flow removals this turn can have made (HUD-R04): each took a combo card out of the game,
    so no more than the removed pile holds, and each came from a Cog played this turn, which lies in
    the combo or, removed itself, in that pile; the Cog in play whose Flow is still open or whose
    removal is being decided has made none yet. A card is played at most once a turn."""
    cards = state.rules.cards
    cogs = sum(cards[code].symbol == "cog" for code in state.combo) + sum(cards[code].symbol == "cog" for code in state.removed)
    current = state.current_card
    if current is not None and cards[current].symbol == "cog" and (state.phase is FLOW or FEATURE_SYMBOL in state.open_features):
        cogs -= 1
    return max(0, min(len(state.removed), cogs))


_FIELD_NAMES = tuple(f.name for f in fields(State))
_LIST_FIELDS = (*PILES, "powers", "pinned", "open_features")
_COUNTS = ("turn", "monk_health", "corruption", "demon_health", "staged_damage", "demon_block", "purchase",
           "cards_played", "whites_played", "shuffles")
_FLAGS = ("entangled", "took_black", "swapped")


# ---------------------------------------------------------------- reading a state from outside


def _read_state(data: Any) -> State:
    """The one validating path of `from_dict` and `from_json`."""
    check_json(data, "state")
    only_fields(data, ("game", *_FIELD_NAMES), "state")
    of_game(data, "hudai", "Hudai Pass")
    seed = check_seed(take(data, "seed", (int, str), "state"), "state.seed")
    raw_rules = take(data, "rules", dict, "state")
    rules = within(lambda: Rules.from_dict(raw_rules), "state.rules")  # a CardFileError of their card set too
    state = State(seed, rules)
    cards = rules.cards
    for name in _COUNTS:
        setattr(state, name, whole(take(data, name, int, "state"), f"state.{name}", 0))
    for name in _FLAGS:
        setattr(state, name, take(data, name, bool, "state"))
    state.phase = _phase(take(data, "phase", str, "state"), "state.phase")
    state.outcome = take(data, "outcome", (str, type(None)), "state")
    if state.outcome is not None and state.outcome not in OUTCOMES:
        raise DataError("state.outcome", f"expected one of {', '.join(OUTCOMES)} or null, not {shown(state.outcome)}")
    for name in ("powers", "pinned"):
        cubes = items(take(data, name, list, "state"), f"state.{name}", lambda v, at: whole(v, at, 0))
        if len(cubes) != 3:
            raise DataError(f"state.{name}", f"expected three cube counts (left, centre, right), not {len(cubes)}")
        setattr(state, name, cubes)
    _read_piles(state, data, cards)
    current = take(data, "current_card", (str, type(None)), "state")
    if current is not None and current not in cards:
        raise DataError("state.current_card", f"{shown(current)} is not a card of this set")
    state.current_card = current
    opened = items(take(data, "open_features", list, "state"), "state.open_features", _feature, len(FEATURES))
    if len(set(opened)) != len(opened):
        raise DataError("state.open_features", "a feature is named twice")
    state.open_features = opened
    beyond = out_of_reach(state)
    if beyond:
        name, why = beyond[0]
        raise DataError(f"state.{name}", why)
    state.invariants()
    return state


def _read_piles(state: State, data: dict[str, Any], cards: CardSet) -> None:
    """Every pile: a list of this set's card codes, each card in one place only (HUD-R01)."""
    seen: dict[str, str] = {}
    for pile in PILES:
        where = f"state.{pile}"
        codes = items(take(data, pile, list, "state"), where, lambda v, at: expect(v, str, at), len(cards))
        for index, code in enumerate(codes):
            at = f"{where}[{index}]"
            if code not in cards:
                raise DataError(at, f"{shown(code)} is not a card of this set ({cards.source})")
            if code in seen:
                raise DataError(at, f"{code} is in the game twice (also at {seen[code]}); each card is in it once (HUD-R01)")
            seen[code] = at
        setattr(state, pile, codes)


def _phase(value: str, where: str) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise DataError(where, f"expected one of {', '.join(phase.value for phase in Phase)}, not {shown(value)}") from None


def _feature(value: Any, where: str) -> str:
    if value not in FEATURES:
        raise DataError(where, f"expected one of {', '.join(FEATURES)}, not {shown(value)}")
    return str(value)
