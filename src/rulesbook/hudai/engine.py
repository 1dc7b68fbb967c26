"""The Hudai Pass engine: set-up, the monk's legal decisions, and what each one does.

`legal_actions` lists what the rules let the monk do now; `apply` checks an action with
`_refusal`, written apart from that list, so that a test can hold the two against each other.
`apply_legal` trusts an action taken from the list and skips the check (the simulation fast path).
Steps 3-5 of a turn (staged damage, filling the hand, the demon's powers) need no decision from
the monk: they run inside the action that ends step 2. Rule ids (HUD-R.., HUD-P..) are those of
the register in `rulesbook.hudai.rulings`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.rng import seeded_random, shuffled
from rulesbook.hudai.actions import (
    Action,
    BlueWard,
    BuildUp,
    Defend,
    DiscardCard,
    EndCombo,
    Flow,
    FlowKeep,
    FlowRemove,
    Obtain,
    Pass,
    Pin,
    PlayCard,
    RedStrike,
    Stab,
    SwapRiver,
    TakeBlack,
    ThirdEye,
    UseValue,
    YellowPin,
    parse_action,
)
from rulesbook.hudai.cards import COLOURS, POWER_NAMES, CardSet, neighbours_fit
from rulesbook.hudai.rules import POSITION_INDEX, POSITIONS, Rules
from rulesbook.hudai.state import (
    COMBO,
    FLOW,
    LOST_CORRUPTION,
    LOST_HEALTH,
    LOST_POWER,
    LOST_TURN_LIMIT,
    OBTAIN,
    OVER,
    WON,
    HudaiState,
)

SYMBOL_NAMES = {
    "drop": "Drop",
    "hammers": "Hammers",
    "circles": "3 Circles",
    "stones": "Stacked Stones",
    "cog": "Cog",
    "arrow": "Crop/Arrow",
}
FEATURE_VALUE, FEATURE_SYMBOL, FEATURE_COLOUR = "value", "symbol", "colour"
# Colours whose effect the monk chooses to use (green and black only change the value).
ACTIVE_COLOURS = frozenset("BRY")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with a sentence that explains it (and the rule, where one decides)."""

    kind: str
    text: str

    def __str__(self) -> str:
        return self.text


def _cubes(count: int) -> str:
    return f"{count} cube" if count == 1 else f"{count} cubes"


def describe_card(code: str, cards: CardSet) -> str:
    card = cards[code]
    return f"{code} ({COLOURS[card.colour]} {SYMBOL_NAMES[card.symbol]}, value {card.value})"


def power_label(state: HudaiState, index: int) -> str:
    return f"the {POSITIONS[index]} power ({POWER_NAMES[state.rules.powers[index]]})"


# ---------------------------------------------------------------- set-up


def new_game(seed: int | str = 0, rules: Rules | None = None) -> HudaiState:
    """Set-up as the rulebook's Setup describes, shuffled from the seed (HUD-R01, HUD-R02), and
    the opening hand that the Setup leaves out (HUD-R10)."""
    rules = rules if rules is not None else Rules()
    cards = rules.cards
    state = HudaiState(seed=seed, rules=rules)
    state.draw_pile = shuffled(cards.deck("start"), seed, "start deck")
    state.mind_deck = shuffled(cards.deck("mind"), seed, "mind deck")
    state.black_supply = cards.deck("corruption")
    state.monk_health = rules.monk_health
    state.demon_health = rules.demon_health
    state.powers = [rules.cubes_per_power] * 3
    for _ in range(rules.river_size):
        if state.mind_deck:
            state.mind_river.append(state.mind_deck.pop())
    for _ in range(rules.opening_hand):  # HUD-R10: drawn, not fed to the demon (feeding is step 4)
        if not _draw(state, []):
            break
    return state


# ---------------------------------------------------------------- the check (what `apply` refuses)
#
# `_refusal` judges one action against the rules, the way a referee checks a move someone names.
# `legal_actions` (below) is written separately, from what the rules let the monk do now; a test
# holds the two against each other on states from many games (tests/hudai/test_hudai_legality.py).


def _refusal(s: HudaiState, a: Action, cards: CardSet) -> tuple[str, str] | None:
    """Why the action is illegal now, with the rule that says so; None when it is legal."""
    phase = s.phase
    if phase == OVER:
        return (f"the game is over ({'the monk won' if s.outcome == WON else 'lost: ' + str(s.outcome)})", "Play")
    if phase == FLOW:
        return _flow_refusal(s, a)
    if phase == OBTAIN:
        return _obtain_refusal(s, a, cards)
    if isinstance(a, (FlowRemove, FlowKeep)):
        return ("there is no Flow removal to decide: no Flow was just used", "HUD-R04")
    if isinstance(a, (SwapRiver, Obtain, Pass)):
        return ("step 2 (obtain a new move) comes after the combo: 'end' the combo first", "Play one combo")
    if isinstance(a, PlayCard):
        return _play_refusal(s, a.card)
    if isinstance(a, DiscardCard):
        if a.card not in s.hand:
            return (_absent(a.card, s.hand, "the hand"), "Play one combo")
        return None
    if isinstance(a, TakeBlack):
        if s.took_black:
            return ("only a single black corruption card may be taken per turn", "Play one combo; HUD-P12")
        if a.card not in s.black_supply:
            return (_absent(a.card, s.black_supply, "the open black supply"), "Play one combo")
        return None
    if isinstance(a, EndCombo):
        return None
    return _feature_refusal(s, a, cards)


def _absent(card: str, pile: list[str], where: str) -> str:
    return f"{card} is not in {where} ({' '.join(pile) or 'empty'})"


def _flow_refusal(s: HudaiState, a: Action) -> tuple[str, str] | None:
    if isinstance(a, FlowRemove):
        if a.card not in s.combo:
            return (_absent(a.card, s.combo, "the combo") + "; Flow removes a card of the combo being played", "HUD-R04")
        return None
    if isinstance(a, FlowKeep):
        return None
    return (f"'{a.text}' must wait: first decide whether Flow removes a combo card ('remove CARD' or 'keep')", "HUD-R04")


def _obtain_refusal(s: HudaiState, a: Action, cards: CardSet) -> tuple[str, str] | None:
    if isinstance(a, SwapRiver):
        if s.swapped:
            return ("only one Mind River card may be discarded and replaced per turn", "HUD-R08")
        if a.card not in s.mind_river:
            return (_absent(a.card, s.mind_river, "the Mind River"), "HUD-R08")
        return None
    if isinstance(a, Obtain):
        if a.card not in s.mind_river:
            return (_absent(a.card, s.mind_river, "the Mind River"), "HUD-R08")
        value = cards[a.card].value  # the printed value (HUD-P08)
        if value > s.purchase:
            return (f"{a.card} has value {value} but the purchase value this turn is only {s.purchase}: a move is obtained up to the purchase value", "HUD-R08")
        return None
    if isinstance(a, Pass):
        return None
    return (f"'{a.text}' is not a step 2 decision: swap a river card, obtain one, or pass", "Obtain a new move")


def _play_refusal(s: HudaiState, card: str) -> tuple[str, str] | None:
    if card not in s.hand:
        return (_absent(card, s.hand, "the hand"), "Play one combo")
    if s.entangled and s.cards_played >= 1:
        return ("Entangle binds the monk: this turn the combo is a single card", "Powers: Entangle; HUD-R11")
    if card[0] == "W" and s.whites_played >= s.rules.max_white_per_combo:
        return (f"only {s.rules.max_white_per_combo} white cards are allowed per combo, and {s.whites_played} were played this turn", "HUD-R03; HUD-P01")
    if s.combo and not neighbours_fit(s.combo[-1], card):
        return (
            f"{card} cannot lie next to {s.combo[-1]}: neighbours in a combo share a colour unless one of them is white or black",
            "HUD-R03",
        )
    return None


def _feature_refusal(s: HudaiState, a: Action, cards: CardSet) -> tuple[str, str] | None:
    """The value, symbol and colour of the last card played; an earlier card's are lost (HUD-P02)."""
    current = s.current_card
    if current is None:
        return (f"'{a.text}' uses a feature of a played card, and no card is in play (its features are lost once the next card is played)", "HUD-P02")
    card = cards[current]
    opened = s.open_features
    if isinstance(a, UseValue):
        if FEATURE_VALUE not in opened:
            return (f"the value of {current} is already used or lost", "Play one combo; HUD-P02")
        index = POSITION_INDEX[a.power]
        cubes = s.powers[index]
        if cubes == 0:
            return (f"{power_label(s, index)} has no cubes to remove", "Play one combo; HUD-P06")
        value = card.played_value
        if value < 6 and cubes > value:
            return (
                f"{current} counts as {value}: it removes a cube only from a power with {value} or fewer cubes, and {power_label(s, index)} has {cubes}",
                "Play one combo; HUD-R06",
            )
        return None
    wanted = _SYMBOL_OF_ACTION.get(type(a))
    if wanted is not None:
        if card.symbol != wanted:
            return (f"'{a.text}' needs a {SYMBOL_NAMES[wanted]} card and {current} shows {SYMBOL_NAMES[card.symbol]}", "Symbols")
        if FEATURE_SYMBOL not in opened:
            return (f"the symbol of {current} is already used or lost", "Symbols; HUD-P02")
        if isinstance(a, ThirdEye):
            source, target = POSITION_INDEX[a.source], POSITION_INDEX[a.target]
            if source == target:
                return ("3rd eye moves a cube from one demon power to another, not to the same power", "Symbols: 3rd eye")
            if s.powers[source] == 0:
                return (f"{power_label(s, source)} has no cube to move", "Symbols: 3rd eye; HUD-P06")
        elif isinstance(a, Defend):
            if s.staged_damage == 0:
                return ("no demon damage is staged, so there is nothing to defend", "Symbols: Defend; HUD-P06")
        elif isinstance(a, Pin):
            if s.powers[POSITION_INDEX[a.power]] == 0:
                return (f"{power_label(s, POSITION_INDEX[a.power])} has no cubes to pin", "Symbols: Pin; HUD-P06")
        return None
    colour = _COLOUR_OF_ACTION.get(type(a))
    if colour is not None:
        if card.colour != colour:
            return (f"'{a.text}' needs a {COLOURS[colour]} card and {current} is {COLOURS[card.colour]}", "Colors")
        if FEATURE_COLOUR not in opened:
            return (f"the colour of {current} is already used or lost", "Colors; HUD-P02")
        if isinstance(a, BlueWard) and s.staged_damage == 0:
            return ("no demon damage is staged, so blue has nothing to remove", "Colors: Blue; HUD-P06")
        if isinstance(a, YellowPin) and s.powers[POSITION_INDEX[a.power]] == 0:
            return (f"{power_label(s, POSITION_INDEX[a.power])} has no cube to set aside", "Colors: Yellow; HUD-P06")
        return None
    return (f"{a!r} is not a Hudai Pass action", "Play")


_SYMBOL_OF_ACTION: dict[type, str] = {BuildUp: "hammers", ThirdEye: "circles", Defend: "stones", Stab: "drop", Flow: "cog", Pin: "arrow"}
_COLOUR_OF_ACTION: dict[type, str] = {BlueWard: "B", RedStrike: "R", YellowPin: "Y"}


def refusal(state: HudaiState, action: Action | str) -> IllegalAction | None:
    """The IllegalAction that `apply` would raise for this action, or None when it is legal."""
    why = _refusal(state, parse_action(action), state.rules.cards)
    return IllegalAction(*why) if why else None


def is_legal(state: HudaiState, action: Action | str) -> bool:
    return _refusal(state, parse_action(action), state.rules.cards) is None  # `refusal`, without making the error


# ---------------------------------------------------------------- what may be done now
#
# Each decision value is made once and shared: actions are small frozen values, equal when equal.

_CODES = tuple(f"{colour}{value}" for colour in COLOURS for value in range(1, 7))
_PLAY = {code: PlayCard(code) for code in _CODES}
_DISCARD = {code: DiscardCard(code) for code in _CODES}
_BLACK = {code: TakeBlack(code) for code in _CODES}
_REMOVE = {code: FlowRemove(code) for code in _CODES}
_SWAP = {code: SwapRiver(code) for code in _CODES}
_OBTAIN = {code: Obtain(code) for code in _CODES}
_VALUE = tuple(UseValue(p) for p in POSITIONS)
_PIN = tuple(Pin(p) for p in POSITIONS)
_YELLOW = tuple(YellowPin(p) for p in POSITIONS)
_EYE = {(a, b): ThirdEye(POSITIONS[a], POSITIONS[b]) for a in range(3) for b in range(3) if a != b}
_BUILD, _DEFEND, _STAB, _FLOW = BuildUp(), Defend(), Stab(), Flow()
_BLUE, _RED = BlueWard(), RedStrike()
_END, _KEEP, _PASS = EndCombo(), FlowKeep(), Pass()


def legal_actions(state: HudaiState) -> list[Action]:
    """Every decision the monk may take now, in a stable order, listed from the rules of the
    step the turn is in (not by trying candidates against `_refusal`)."""
    phase = state.phase
    if phase == COMBO:
        return _combo_actions(state)
    if phase == OBTAIN:
        # HUD-R08: one swap first, then one river card up to the purchase value (printed, HUD-P08), or none
        river = state.mind_river
        actions: list[Action] = [] if state.swapped else [_SWAP[code] for code in river]
        values = state.rules.cards.value_of
        actions.extend(_OBTAIN[code] for code in river if values[code] <= state.purchase)
        actions.append(_PASS)
        return actions
    if phase == FLOW:
        # HUD-R04: remove one card of the combo being played, or none
        return [*(_REMOVE[code] for code in state.combo), _KEEP]
    return []


def _combo_actions(state: HudaiState) -> list[Action]:
    """Step 1: the open features of the last card played, then plays, a black card, discards, end."""
    actions: list[Action] = []
    current = state.current_card
    opened = state.open_features
    if current is not None and opened:
        card = state.rules.cards[current]
        powers = state.powers
        if FEATURE_VALUE in opened:
            # "remove one cube from a power that has this many or less cubes. A 6 may remove one cube from any power."
            value = card.played_value
            actions.extend(_VALUE[i] for i in range(3) if powers[i] and (value >= 6 or powers[i] <= value))
        if FEATURE_SYMBOL in opened:
            symbol = card.symbol
            if symbol == "hammers":
                actions.append(_BUILD)
            elif symbol == "circles":
                actions.extend(action for (source, _), action in _EYE.items() if powers[source])
            elif symbol == "stones":
                if state.staged_damage:
                    actions.append(_DEFEND)
            elif symbol == "drop":
                actions.append(_STAB)
            elif symbol == "cog":
                actions.append(_FLOW)
            else:  # arrow
                actions.extend(_PIN[i] for i in range(3) if powers[i])
        if FEATURE_COLOUR in opened:
            colour = card.colour
            if colour == "B":
                if state.staged_damage:
                    actions.append(_BLUE)
            elif colour == "R":
                actions.append(_RED)
            elif colour == "Y":
                actions.extend(_YELLOW[i] for i in range(3) if powers[i])
    hand = state.hand
    if not (state.entangled and state.cards_played):  # Entangle: the combo is a single card
        last = state.combo[-1] if state.combo else None
        whites_left = state.whites_played < state.rules.max_white_per_combo  # HUD-R03, HUD-P01
        actions.extend(
            _PLAY[code] for code in hand if (whites_left or code[0] != "W") and (last is None or neighbours_fit(last, code))
        )
    if not state.took_black:  # "a single new black corruption move card for free" (HUD-P12)
        actions.extend(_BLACK[code] for code in state.black_supply)
    actions.extend(_DISCARD[code] for code in hand)
    actions.append(_END)
    return actions


# ---------------------------------------------------------------- applying


def apply(state: HudaiState, action: Action | str) -> tuple[HudaiState, list[Event]]:
    """The state after the monk's action and the events that explain it; `state` is never changed.

    Raises IllegalAction (with the rule id) for an action the rules forbid now, and NotationError
    for text that is not an action.
    """
    action = parse_action(action)
    why = _refusal(state, action, state.rules.cards)
    if why is not None:
        raise IllegalAction(*why)
    return apply_legal(state, action)


def apply_legal(state: HudaiState, action: Action) -> tuple[HudaiState, list[Event]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path)."""
    cards = state.rules.cards
    s = state.copy()
    events: list[Event] = []
    _HANDLERS[type(action)](s, action, cards, events)
    return s, events


class _Snapshots(list):
    """An event list that also keeps a copy of the table as it stands when each event is added."""

    def __init__(self, table: HudaiState):
        super().__init__()
        self.table = table
        self.tables: list[HudaiState] = []

    def append(self, event: Event) -> None:
        super().append(event)
        self.tables.append(self.table.copy())


def apply_steps(state: HudaiState, action: Action | str) -> list[tuple[Event, HudaiState]]:
    """`apply`, step by step: each event with the table as it stood just after it. The demon's
    turn (steps 3-5) happens inside the action that ends step 2; a board shows it this way, one
    step at a time. The last table is the state `apply` returns. Refuses as `apply` does."""
    action = parse_action(action)
    why = _refusal(state, action, state.rules.cards)
    if why is not None:
        raise IllegalAction(*why)
    s = state.copy()
    events = _Snapshots(s)
    _HANDLERS[type(action)](s, action, state.rules.cards, events)
    events.tables[-1] = s  # the whole action done (Flow, say, asks its question after its event)
    return list(zip(events, events.tables))


def _draw(s: HudaiState, events: list[Event]) -> str | None:
    """Draw the top card of the draw pile into the hand, reshuffling the discard pile when needed
    ("reshuffle as necessary, if possible"; seeded, HUD-P04)."""
    if not s.draw_pile:
        if not s.discard:
            return None
        s.draw_pile = shuffled(s.discard, s.seed, "reshuffle", s.shuffles)
        s.shuffles += 1
        s.discard = []
        events.append(Event("reshuffle", f"The draw pile is empty: the discard pile ({len(s.draw_pile)} cards) is shuffled into a new draw pile."))
    card = s.draw_pile.pop()
    s.hand.append(card)
    return card


def _draw_mind(s: HudaiState, events: list[Event]) -> str | None:
    """The top card of the mind deck, reshuffling the mind discard pile when allowed and needed (HUD-P04)."""
    if not s.mind_deck:
        if not s.mind_discard or not s.rules.reshuffle_mind_deck:
            return None
        s.mind_deck = shuffled(s.mind_discard, s.seed, "mind reshuffle", s.shuffles)
        s.shuffles += 1
        s.mind_discard = []
        events.append(Event("reshuffle", f"The mind deck is empty: its discard pile ({len(s.mind_deck)} cards) is shuffled into a new mind deck."))
    return s.mind_deck.pop()


def _end_game(s: HudaiState, outcome: str, events: list[Event], text: str) -> None:
    s.phase = OVER
    s.outcome = outcome
    s.open_features = []
    s.current_card = None
    events.append(Event("won" if outcome == WON else "lost", text))


def _play(s: HudaiState, a: PlayCard, cards: CardSet, events: list[Event]) -> None:
    card = cards[a.card]
    s.hand.remove(a.card)
    s.combo.append(a.card)  # HUD-P01: at the end of the row
    s.cards_played += 1
    if card.colour == "W":
        s.whites_played += 1  # HUD-P01: every white played this turn counts, even one Flow removes
    s.current_card = a.card  # the previous card's unused features are lost (HUD-P02)
    features = [FEATURE_VALUE, FEATURE_SYMBOL]
    if card.colour in ACTIVE_COLOURS:
        features.append(FEATURE_COLOUR)
    s.open_features = features
    extra = ""
    if card.played_value != card.value:
        extra = f"; as a {COLOURS[card.colour]} card its value counts as {card.played_value}"
    events.append(
        Event(
            "play",
            f"The monk plays {describe_card(a.card, cards)} into the combo{extra}. Its {' and '.join(features).replace(' and ', ', ', len(features) - 2)} "
            "may be used in any order, or skipped.",
        )
    )


def _discard(s: HudaiState, a: DiscardCard, cards: CardSet, events: list[Event]) -> None:
    s.hand.remove(a.card)  # any hand card, at any moment of step 1 (HUD-P13)
    s.discard.append(a.card)
    s.purchase += 1
    events.append(Event("discard", f"The monk discards {a.card} for 1 purchase value (now {s.purchase})."))


def _take_black(s: HudaiState, a: TakeBlack, cards: CardSet, events: list[Event]) -> None:
    s.black_supply.remove(a.card)
    s.hand.append(a.card)  # HUD-P12: into the hand, to play now or keep
    s.took_black = True
    events.append(
        Event(
            "black",
            f"The monk dares to take the corruption move {describe_card(a.card, cards)} for free; "
            "each black card in hand when the hand is filled costs 1 corruption (HUD-R05).",
        )
    )


def _use(s: HudaiState, feature: str) -> None:
    s.open_features = [f for f in s.open_features if f != feature]


def _use_value(s: HudaiState, a: UseValue, cards: CardSet, events: list[Event]) -> None:
    index = POSITION_INDEX[a.power]
    s.powers[index] -= 1
    _use(s, FEATURE_VALUE)
    current = s.current_card or ""
    value = cards[current].played_value
    events.append(Event("value", f"The value {value} of {current} removes a cube from {power_label(s, index)}: {s.powers[index]} left."))


def _build_up(s: HudaiState, a: BuildUp, cards: CardSet, events: list[Event]) -> None:
    s.purchase += 3
    _use(s, FEATURE_SYMBOL)
    events.append(Event("build_up", f"Build-up: 3 purchase value (now {s.purchase})."))


def _third_eye(s: HudaiState, a: ThirdEye, cards: CardSet, events: list[Event]) -> None:
    source, target = POSITION_INDEX[a.source], POSITION_INDEX[a.target]
    s.powers[source] -= 1
    s.powers[target] += 1
    _use(s, FEATURE_SYMBOL)
    events.append(Event("third_eye", f"3rd eye moves a cube from {power_label(s, source)} to {power_label(s, target)}."))
    _check_power_limit(s, events)


def _ward(s: HudaiState, what: str, feature: str, events: list[Event]) -> None:
    s.staged_damage -= 1
    _use(s, feature)
    events.append(Event("defend", f"{what} removes a cube of the demon's staged damage: {s.staged_damage} left."))


def _defend(s: HudaiState, a: Defend, cards: CardSet, events: list[Event]) -> None:
    _ward(s, "Defend", FEATURE_SYMBOL, events)


def _blue(s: HudaiState, a: BlueWard, cards: CardSet, events: list[Event]) -> None:
    _ward(s, "Blue", FEATURE_COLOUR, events)


def _hit_demon(s: HudaiState, what: str, feature: str, events: list[Event]) -> None:
    _use(s, feature)
    if s.demon_block > 0:
        s.demon_block -= 1
        events.append(Event("blocked", f"{what}: the demon's Defend blocks the blow ({s.demon_block} more blocks this turn, HUD-R07)."))
        return
    s.demon_health -= 1
    events.append(Event("stab", f"{what} takes a health cube from the demon: {s.demon_health} left."))
    if s.demon_health <= 0:
        _end_game(s, WON, events, "The demon has no health cubes left: the monk wins!")


def _stab(s: HudaiState, a: Stab, cards: CardSet, events: list[Event]) -> None:
    _hit_demon(s, "Stab", FEATURE_SYMBOL, events)


def _red(s: HudaiState, a: RedStrike, cards: CardSet, events: list[Event]) -> None:
    _hit_demon(s, "Red", FEATURE_COLOUR, events)


def _flow(s: HudaiState, a: Flow, cards: CardSet, events: list[Event]) -> None:
    _use(s, FEATURE_SYMBOL)
    card = _draw(s, events)
    drew = f"draws {card}" if card else "finds no card to draw"
    events.append(Event("flow", f"Flow: the monk {drew}, and may now remove one card of the combo from the game (HUD-R04)."))
    s.phase = FLOW


def _flow_remove(s: HudaiState, a: FlowRemove, cards: CardSet, events: list[Event]) -> None:
    s.combo.remove(a.card)
    s.removed.append(a.card)
    if a.card == s.current_card:  # HUD-P02: a removed card's unused features go with it
        s.current_card = None
        s.open_features = []
    s.phase = COMBO
    events.append(Event("flow_remove", f"Flow: {a.card} leaves the game for good (HUD-R04)."))


def _flow_keep(s: HudaiState, a: FlowKeep, cards: CardSet, events: list[Event]) -> None:
    s.phase = COMBO
    events.append(Event("flow_keep", "Flow: the monk keeps every card of the combo."))


def _set_aside(s: HudaiState, index: int, most: int, what: str, feature: str, events: list[Event]) -> None:
    moved = min(most, s.powers[index])  # HUD-P06: what the power has, up to 3 (Pin) or 1 (yellow)
    s.powers[index] -= moved
    s.pinned[index] += moved
    _use(s, feature)
    events.append(
        Event("pin", f"{what} sets {moved} cube{'s' if moved != 1 else ''} of {power_label(s, index)} aside until the demon's powers have acted.")
    )


def _pin(s: HudaiState, a: Pin, cards: CardSet, events: list[Event]) -> None:
    _set_aside(s, POSITION_INDEX[a.power], 3, "Pin", FEATURE_SYMBOL, events)


def _yellow(s: HudaiState, a: YellowPin, cards: CardSet, events: list[Event]) -> None:
    _set_aside(s, POSITION_INDEX[a.power], 1, "Yellow", FEATURE_COLOUR, events)


def _end_combo(s: HudaiState, a: EndCombo, cards: CardSet, events: list[Event]) -> None:
    played = " ".join(s.combo) or "no card"
    s.discard.extend(s.combo)
    s.combo = []
    s.current_card = None  # HUD-P02: the last card's unused features are lost
    s.open_features = []
    s.demon_block = 0  # the demon's Defend lasts for this combo only (HUD-R07)
    s.phase = OBTAIN
    events.append(
        Event("end_combo", f"The combo ({played}) ends and goes to the discard pile. Step 2: purchase value {s.purchase}; swap a river card, obtain one, or pass.")
    )


def _swap(s: HudaiState, a: SwapRiver, cards: CardSet, events: list[Event]) -> None:
    s.mind_river.remove(a.card)
    s.swapped = True
    new = _draw_mind(s, events)  # HUD-P09: drawn before the discard, so the replacement is a new card
    s.mind_discard.append(a.card)
    if new is not None:
        s.mind_river.append(new)
    events.append(Event("swap", f"{a.card} leaves the Mind River for the mind discard pile; {new or 'no card'} replaces it (HUD-R08)."))


def _obtain(s: HudaiState, a: Obtain, cards: CardSet, events: list[Event]) -> None:
    s.mind_river.remove(a.card)
    s.hand.append(a.card)
    events.append(Event("obtain", f"The monk obtains {describe_card(a.card, cards)} into the hand (HUD-R08)."))
    _finish_turn(s, cards, events)


def _pass(s: HudaiState, a: Pass, cards: CardSet, events: list[Event]) -> None:
    events.append(Event("pass", "The monk obtains no new move this turn."))
    _finish_turn(s, cards, events)


def _check_power_limit(s: HudaiState, events: list[Event]) -> bool:
    """HUD-R09: a power above the limit ("exceeds 12") loses at once; the cubes on the tile count,
    and set-aside cubes count again once they are back (HUD-P07). True when the game goes on."""
    for index, cubes in enumerate(s.powers):
        if cubes > s.rules.power_limit:
            _end_game(s, LOST_POWER, events, f"T{power_label(s, index)[1:]} holds {cubes} cubes, more than {s.rules.power_limit}: the monk loses (HUD-R09).")
            return False
    return True


def _take_corruption(s: HudaiState, why: str, events: list[Event]) -> bool:
    if s.corruption >= s.rules.corruption_capacity:
        _end_game(s, LOST_CORRUPTION, events, f"{why}, but the monk has no resistance left: the monk falls to the dark side and loses.")
        return False
    s.corruption += 1
    events.append(Event("corruption", f"{why}: corruption {s.corruption}/{s.rules.corruption_capacity}."))
    return True


def _finish_turn(s: HudaiState, cards: CardSet, events: list[Event]) -> None:
    """Refill the Mind River, then steps 3-5, which need no decision, and the start of the next turn."""
    refilled = []
    while len(s.mind_river) < s.rules.river_size:
        new = _draw_mind(s, events)
        if new is None:
            break
        s.mind_river.append(new)
        refilled.append(new)
    if refilled:  # HUD-R08: "the river is refilled"
        events.append(Event("refill", f"The Mind River is filled again with {' '.join(refilled)}: {' '.join(s.mind_river)}."))
    # 3. Apply any staged demon powers
    if s.staged_damage:
        damage = s.staged_damage
        s.monk_health = max(0, s.monk_health - damage)
        s.staged_damage = 0
        events.append(Event("damage", f"Step 3: the staged damage hits the monk for {damage}: health {s.monk_health}."))
        if s.monk_health == 0:
            _end_game(s, LOST_HEALTH, events, "The monk has no health cubes left: the monk loses.")
            return
    # 4. Fill your hand up to four cards
    drawn = []
    while len(s.hand) < s.rules.hand_size:
        card = _draw(s, events)
        if card is None:
            break
        drawn.append(card)
    events.append(Event("fill", f"Step 4: the monk draws {' '.join(drawn) or 'nothing'}; hand {' '.join(s.hand) or 'empty'}."))
    added = [0, 0, 0]
    for code in s.hand:
        added[feeds(code, cards)] += 1
    for index in range(3):
        s.powers[index] += added[index]
    events.append(
        Event(
            "feed",
            "Each hand card feeds the demon by its value (1/2 left, 3/4 centre, 5/6 right): "
            + ", ".join(f"+{n} {POSITIONS[i]} ({s.powers[i]})" for i, n in enumerate(added)),
        )
    )
    if not _check_power_limit(s, events):  # HUD-P11: before the corruption of black cards
        return
    for code in s.hand:
        if code[0] == "K" and not _take_corruption(s, f"Black card {code} in hand corrupts the monk (HUD-R05)", events):
            return
    # 5. Activate all demon powers from left to right
    s.demon_block = 0
    s.entangled = False
    for index, name in enumerate(s.rules.powers):
        cubes = s.powers[index]
        if cubes == 0:
            events.append(Event("power", f"Step 5: {power_label(s, index)} has no cubes and does not activate."))
            continue
        _POWER_EFFECTS[name](s, index, cubes, cards, events)
        if s.phase == OVER:
            return
    if any(s.pinned):  # "Lastly, move all cubes you set aside ... back onto their tile" (HUD-P07)
        for index in range(3):
            s.powers[index] += s.pinned[index]
        s.pinned = [0, 0, 0]
        events.append(Event("unpin", "The cubes set aside by pins and yellow cards return to their powers: " + ", ".join(
            f"{POSITIONS[i]} {n}" for i, n in enumerate(s.powers))))
        if not _check_power_limit(s, events):
            return
    if s.turn >= s.rules.max_turns:
        _end_game(s, LOST_TURN_LIMIT, events, f"The monk has not beaten the demon in {s.rules.max_turns} turns: the demon wins (HUD-P05).")
        return
    s.turn += 1
    s.phase = COMBO
    s.purchase = 0
    s.cards_played = 0
    s.whites_played = 0
    s.took_black = False
    s.swapped = False
    events.append(Event("turn", f"Turn {s.turn} begins. {s.summary()}"))


def feeds(code: str, cards: CardSet) -> int:
    """The power a hand card feeds in step 4 (0 left, 1 centre, 2 right): "For a 1/2, add a cube to
    the demon's left power, for a 3/4 add a cube to its center power and for a 5/6 add one to the
    right power" (the printed value, HUD-P08)."""
    return (cards.value_of[code] - 1) // 2


def _highest_within(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> list[str]:
    """Crush and Confuse: take the highest printed value up to the cubes left, again with the rest;
    a tie is broken by the game's seeded randomness, so a replay repeats it (HUD-R06, HUD-P10)."""
    budget = cubes
    taken: list[str] = []
    picks = 0
    while True:
        fitting = [code for code in s.hand if cards[code].value <= budget]
        if not fitting:
            break
        best = max(cards[code].value for code in fitting)
        tied = sorted(code for code in fitting if cards[code].value == best)
        if len(tied) > 1:
            pick = seeded_random(s.seed, "tie", s.turn, index, picks).choice(tied)
            events.append(Event("tie", f"{' and '.join(tied)} tie at value {best}; the seed picks {pick}."))
        else:
            pick = tied[0]
        picks += 1
        s.hand.remove(pick)
        taken.append(pick)
        budget -= best
    return taken


def _crush(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    taken = _highest_within(s, index, cubes, cards, events)
    s.removed.extend(taken)
    events.append(Event("crush", f"Crush ({_cubes(cubes)}) removes {' '.join(taken) or 'nothing'} from the hand for good."))


def _confuse(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    taken = _highest_within(s, index, cubes, cards, events)
    s.discard.extend(taken)
    events.append(Event("confuse", f"Confuse ({_cubes(cubes)}) discards {' '.join(taken) or 'nothing'} from the hand."))


def _mind_pierce(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    """One corruption when the corruption is below double the cubes; with more than 6 cubes a
    second one, which comes only with the first and may find no resistance left (HUD-P03)."""
    if s.corruption < 2 * cubes:
        if not _take_corruption(s, f"Mind pierce ({_cubes(cubes)}): corruption {s.corruption} is less than {2 * cubes}", events):
            return
        if cubes > 6 and not _take_corruption(s, f"Mind pierce has more than 6 cubes ({cubes}): another corruption", events):
            return
    else:
        events.append(Event("mind_pierce", f"Mind pierce ({_cubes(cubes)}): corruption {s.corruption} is not less than {2 * cubes}; no effect."))


def _demon_defend(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    s.demon_block = -(-cubes // 3)
    events.append(Event("defend_power", f"Defend ({_cubes(cubes)}): the demon will block {s.demon_block} of the monk's damage next turn (HUD-R07)."))


def _drain(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    damage = -(-cubes // 2)
    s.staged_damage += damage
    events.append(Event("drain", f"Drain ({_cubes(cubes)}) stages {damage} damage; it hits in step 3 of the next turn unless defended."))


def _entangle(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> None:
    """HUD-R11: the cubes, doubled, against the *sum* of the printed values in hand at that moment
    (after feeding, and after the powers to the left acted); more binds the next combo to one card."""
    values = cards.value_of
    total = sum(values[code] for code in s.hand)
    if 2 * cubes > total:
        s.entangled = True
        events.append(Event("entangle", f"Entangle ({_cubes(cubes)}, doubled {2 * cubes}) is more than the sum of the hand's values ({total}): next turn the combo is a single card (HUD-R11)."))
    else:
        events.append(Event("entangle", f"Entangle ({_cubes(cubes)}, doubled {2 * cubes}) is not more than the sum of the hand's values ({total}); no effect (HUD-R11)."))


_POWER_EFFECTS: dict[str, Callable[[HudaiState, int, int, CardSet, list[Event]], None]] = {
    "crush": _crush,
    "mind_pierce": _mind_pierce,
    "defend": _demon_defend,
    "drain": _drain,
    "confuse": _confuse,
    "entangle": _entangle,
}

_HANDLERS: dict[type, Callable[[HudaiState, Any, CardSet, list[Event]], None]] = {
    PlayCard: _play,
    DiscardCard: _discard,
    TakeBlack: _take_black,
    UseValue: _use_value,
    BuildUp: _build_up,
    ThirdEye: _third_eye,
    Defend: _defend,
    Stab: _stab,
    Flow: _flow,
    Pin: _pin,
    BlueWard: _blue,
    RedStrike: _red,
    YellowPin: _yellow,
    EndCombo: _end_combo,
    FlowRemove: _flow_remove,
    FlowKeep: _flow_keep,
    SwapRiver: _swap,
    Obtain: _obtain,
    Pass: _pass,
}


def describe_decision(state: HudaiState) -> str:
    """What the monk is being asked now, in words a widget can show."""
    if state.phase == OVER:
        return "The game is over: " + ("the monk won." if state.won else f"the monk lost ({state.outcome}).")
    if state.phase == FLOW:
        return "Flow: remove one card of the combo from the game for good, or keep them all (HUD-R04)."
    if state.phase == OBTAIN:
        return f"Step 2, obtain a new move: purchase value {state.purchase}. Swap a Mind River card first if you like, then obtain one or pass (HUD-R08)."
    if state.current_card and state.open_features:
        return f"Step 1, the combo: use the {', '.join(state.open_features)} of {state.current_card}, play another card, discard, take a black card, or end the combo."
    return "Step 1, the combo: play a card, discard for purchase value, take a black card, or end the combo."
