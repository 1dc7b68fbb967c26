"""The Hudai Pass engine: set-up, the monk's legal decisions, and what each one does.

`apply` checks an action with the same function that `legal_actions` uses to list them, so the
list and the refusals can never disagree. Steps 3-5 of a turn (staged damage, filling the hand,
the demon's powers) need no decision from the monk: they run inside the action that ends step 2.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from rulesbook.hudai.cards import COLOURS, CardSet, neighbours_fit
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
    return f"the {POSITIONS[index]} power ({state.rules.powers[index]})"


# ---------------------------------------------------------------- set-up


def new_game(seed: int | str = 0, rules: Rules | None = None) -> HudaiState:
    """Set-up as the rulebook's Setup describes, shuffled from the seed (HUD-R01, HUD-R02)."""
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
    for _ in range(rules.opening_hand):  # decision: Rules.opening_hand, no cubes for the demon
        if not _draw(state, []):
            break
    return state


# ---------------------------------------------------------------- legality


def _refusal(s: HudaiState, a: Action, cards: CardSet) -> tuple[str, str] | None:
    """Why the action is illegal now, with the rule that says so; None when it is legal."""
    kind = type(a)
    phase = s.phase
    if phase == OVER:
        return (f"the game is over ({'the monk won' if s.outcome == WON else 'lost: ' + str(s.outcome)})", "Play")
    if phase == FLOW:
        if kind is FlowRemove:
            if a.card not in s.combo:
                return (f"{a.card} is not in the combo ({' '.join(s.combo) or 'empty'}); Flow removes a card of the combo being played", "HUD-R04")
            return None
        if kind is FlowKeep:
            return None
        return (f"'{a.text}' must wait: first decide whether Flow removes a combo card ('remove CARD' or 'keep')", "HUD-R04")
    if phase == OBTAIN:
        if kind is SwapRiver:
            if s.swapped:
                return ("only one Mind River card may be discarded and replaced per turn", "HUD-R08")
            if a.card not in s.mind_river:
                return (f"{a.card} is not in the Mind River ({' '.join(s.mind_river) or 'empty'})", "HUD-R08")
            return None
        if kind is Obtain:
            if a.card not in s.mind_river:
                return (f"{a.card} is not in the Mind River ({' '.join(s.mind_river) or 'empty'})", "HUD-R08")
            value = cards[a.card].value
            if value > s.purchase:
                return (f"{a.card} has value {value} but the purchase value this turn is only {s.purchase}", "HUD-R08")
            return None
        if kind is Pass:
            return None
        return (f"'{a.text}' is not a step 2 decision: swap a river card, obtain one, or pass", "Obtain a new move")
    # phase == COMBO
    if kind is PlayCard:
        card = a.card
        if card not in s.hand:
            return (f"{card} is not in the hand ({' '.join(s.hand) or 'empty'})", "Play one combo")
        if s.entangled and s.cards_played >= 1:
            return ("Entangle binds the monk: this turn the combo is a single card", "Powers: Entangle")
        if card[0] == "W" and s.whites_played >= s.rules.max_white_per_combo:
            return (f"only {s.rules.max_white_per_combo} white cards are allowed per combo", "HUD-R03")
        if s.combo and not neighbours_fit(s.combo[-1], card):
            return (
                f"{card} cannot lie next to {s.combo[-1]}: neighbours in a combo share a colour unless one of them is white or black",
                "HUD-R03",
            )
        return None
    if kind is DiscardCard:
        if a.card not in s.hand:
            return (f"{a.card} is not in the hand ({' '.join(s.hand) or 'empty'})", "Play one combo")
        return None
    if kind is TakeBlack:
        if s.took_black:
            return ("only a single black corruption card may be taken per turn", "Play one combo")
        if a.card not in s.black_supply:
            return (f"{a.card} is not in the open black supply ({' '.join(s.black_supply) or 'empty'})", "Play one combo")
        return None
    if kind is EndCombo:
        return None
    if kind in (FlowRemove, FlowKeep):
        return ("there is no Flow removal to decide: no Flow was just used", "HUD-R04")
    if kind in (SwapRiver, Obtain, Pass):
        return ("step 2 (obtain a new move) comes after the combo: 'end' the combo first", "Play one combo")
    # the features of the last played card
    current = s.current_card
    if current is None:
        return (f"'{a.text}' uses a feature of a played card, and no card is in play", "Play one combo")
    card = cards[current]
    opened = s.open_features
    if kind is UseValue:
        if FEATURE_VALUE not in opened:
            return (f"the value of {current} is already used or skipped", "Play one combo")
        index = POSITION_INDEX[a.power]
        cubes = s.powers[index]
        if cubes == 0:
            return (f"{power_label(s, index)} has no cubes to remove", "Play one combo")
        value = card.played_value
        if value < 6 and cubes > value:
            return (
                f"{current} counts as {value}: it removes a cube only from a power with {value} or fewer cubes, and {power_label(s, index)} has {cubes}",
                "Play one combo; HUD-R06",
            )
        return None
    symbol_actions = _SYMBOL_ACTION
    if kind in symbol_actions:
        wanted = symbol_actions[kind]
        if card.symbol != wanted:
            return (f"'{a.text}' needs a {SYMBOL_NAMES[wanted]} card and {current} shows {SYMBOL_NAMES[card.symbol]}", "Symbols")
        if FEATURE_SYMBOL not in opened:
            return (f"the symbol of {current} is already used or skipped", "Symbols")
        if kind is ThirdEye:
            source, target = POSITION_INDEX[a.source], POSITION_INDEX[a.target]
            if source == target:
                return ("3rd eye moves a cube from one demon power to another, not to the same power", "Symbols: 3rd eye")
            if s.powers[source] == 0:
                return (f"{power_label(s, source)} has no cube to move", "Symbols: 3rd eye")
        elif kind is Defend:
            if s.staged_damage == 0:
                return ("no demon damage is staged, so there is nothing to defend", "Symbols: Defend")
        elif kind is Pin:
            if s.powers[POSITION_INDEX[a.power]] == 0:
                return (f"{power_label(s, POSITION_INDEX[a.power])} has no cubes to pin", "Symbols: Pin")
        return None
    if kind in _COLOUR_ACTION:
        wanted = _COLOUR_ACTION[kind]
        if card.colour != wanted:
            return (f"'{a.text}' needs a {COLOURS[wanted]} card and {current} is {COLOURS[card.colour]}", "Colors")
        if FEATURE_COLOUR not in opened:
            return (f"the colour of {current} is already used or skipped", "Colors")
        if kind is BlueWard and s.staged_damage == 0:
            return ("no demon damage is staged, so blue has nothing to remove", "Colors: Blue")
        if kind is YellowPin and s.powers[POSITION_INDEX[a.power]] == 0:
            return (f"{power_label(s, POSITION_INDEX[a.power])} has no cube to set aside", "Colors: Yellow")
        return None
    return (f"{a!r} is not a Hudai Pass action", "Play")  # pragma: no cover


_SYMBOL_ACTION = {BuildUp: "hammers", ThirdEye: "circles", Defend: "stones", Stab: "drop", Flow: "cog", Pin: "arrow"}
_COLOUR_ACTION = {BlueWard: "B", RedStrike: "R", YellowPin: "Y"}

_VALUE_ACTIONS = tuple(UseValue(p) for p in POSITIONS)
_PIN_ACTIONS = tuple(Pin(p) for p in POSITIONS)
_YELLOW_ACTIONS = tuple(YellowPin(p) for p in POSITIONS)
_EYE_ACTIONS = tuple(ThirdEye(a, b) for a in POSITIONS for b in POSITIONS if a != b)
_SYMBOL_CANDIDATES = {
    "hammers": (BuildUp(),),
    "circles": _EYE_ACTIONS,
    "stones": (Defend(),),
    "drop": (Stab(),),
    "cog": (Flow(),),
    "arrow": _PIN_ACTIONS,
}
_COLOUR_CANDIDATES = {"B": (BlueWard(),), "R": (RedStrike(),), "Y": _YELLOW_ACTIONS}
_END, _KEEP, _PASS = EndCombo(), FlowKeep(), Pass()


def _cached(cls: type, card: str, cache: dict = {}) -> Action:  # noqa: B006 - a deliberate interning cache
    key = (cls, card)
    action = cache.get(key)
    if action is None:
        action = cache[key] = cls(card)
    return action


def legal_actions(state: HudaiState) -> list[Action]:
    """Every decision the monk may take now, in a stable order (features, plays, black cards, discards, end)."""
    cards = state.rules.cards
    phase = state.phase
    if phase == OVER:
        return []
    if phase == FLOW:
        candidates: list[Action] = [_cached(FlowRemove, card) for card in state.combo]
        candidates.append(_KEEP)
    elif phase == OBTAIN:
        candidates = []
        if not state.swapped:
            candidates.extend(_cached(SwapRiver, card) for card in state.mind_river)
        candidates.extend(_cached(Obtain, card) for card in state.mind_river)
        candidates.append(_PASS)
    else:
        candidates = []
        if state.open_features and state.current_card is not None:
            card = cards[state.current_card]
            if FEATURE_VALUE in state.open_features:
                candidates.extend(_VALUE_ACTIONS)
            if FEATURE_SYMBOL in state.open_features:
                candidates.extend(_SYMBOL_CANDIDATES[card.symbol])
            if FEATURE_COLOUR in state.open_features and card.colour in _COLOUR_CANDIDATES:
                candidates.extend(_COLOUR_CANDIDATES[card.colour])
        candidates.extend(_cached(PlayCard, card) for card in state.hand)
        if not state.took_black:
            candidates.extend(_cached(TakeBlack, card) for card in state.black_supply)
        candidates.extend(_cached(DiscardCard, card) for card in state.hand)
        candidates.append(_END)
    return [action for action in candidates if _refusal(state, action, cards) is None]


def refusal(state: HudaiState, action: Action | str) -> IllegalAction | None:
    """The IllegalAction that `apply` would raise for this action, or None when it is legal."""
    why = _refusal(state, parse_action(action), state.rules.cards)
    return IllegalAction(*why) if why else None


def is_legal(state: HudaiState, action: Action | str) -> bool:
    return refusal(state, action) is None


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


def _draw(s: HudaiState, events: list[Event]) -> str | None:
    """Draw the top card of the draw pile into the hand, reshuffling the discard pile when needed."""
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
    """The top card of the mind deck, reshuffling the mind discard pile when allowed and needed."""
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
    s.combo.append(a.card)
    s.cards_played += 1
    if card.colour == "W":
        s.whites_played += 1
    s.current_card = a.card
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
            f"The monk plays {describe_card(a.card, cards)} into the combo{extra}. Its value, symbol and colour may be used in any order, or skipped.",
        )
    )


def _discard(s: HudaiState, a: DiscardCard, cards: CardSet, events: list[Event]) -> None:
    s.hand.remove(a.card)
    s.discard.append(a.card)
    s.purchase += 1
    events.append(Event("discard", f"The monk discards {a.card} for 1 purchase value (now {s.purchase})."))


def _take_black(s: HudaiState, a: TakeBlack, cards: CardSet, events: list[Event]) -> None:
    s.black_supply.remove(a.card)
    s.hand.append(a.card)
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
    value = cards[s.current_card].played_value
    events.append(Event("value", f"The value {value} of {s.current_card} removes a cube from {power_label(s, index)}: {s.powers[index]} left."))


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
    if a.card == s.current_card:  # decision: a removed card's unused features go with it
        s.current_card = None
        s.open_features = []
    s.phase = COMBO
    events.append(Event("flow_remove", f"Flow: {a.card} leaves the game for good (HUD-R04)."))


def _flow_keep(s: HudaiState, a: FlowKeep, cards: CardSet, events: list[Event]) -> None:
    s.phase = COMBO
    events.append(Event("flow_keep", "Flow: the monk keeps every card of the combo."))


def _set_aside(s: HudaiState, index: int, most: int, what: str, feature: str, events: list[Event]) -> None:
    moved = min(most, s.powers[index])
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
    s.current_card = None
    s.open_features = []
    s.demon_block = 0  # the demon's Defend lasts for this combo only (HUD-R07)
    s.phase = OBTAIN
    events.append(
        Event("end_combo", f"The combo ({played}) ends and goes to the discard pile. Step 2: purchase value {s.purchase}; swap a river card, obtain one, or pass.")
    )


def _swap(s: HudaiState, a: SwapRiver, cards: CardSet, events: list[Event]) -> None:
    s.mind_river.remove(a.card)
    s.swapped = True
    new = _draw_mind(s, events)  # decision: drawn before the discard, so the replacement is a new card
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
    """HUD-R09: a power above the limit loses at once. True when the game goes on."""
    for index, cubes in enumerate(s.powers):
        if cubes > s.rules.power_limit:
            _end_game(s, LOST_POWER, events, f"{power_label(s, index).capitalize()} holds {cubes} cubes, more than {s.rules.power_limit}: the monk loses (HUD-R09).")
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
    while len(s.mind_river) < s.rules.river_size:
        new = _draw_mind(s, events)
        if new is None:
            break
        s.mind_river.append(new)
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
        added[(cards[code].value - 1) // 2] += 1  # 1/2 left, 3/4 centre, 5/6 right (printed value)
    for index in range(3):
        s.powers[index] += added[index]
    events.append(
        Event(
            "feed",
            "Each hand card feeds the demon by its value (1/2 left, 3/4 centre, 5/6 right): "
            + ", ".join(f"+{n} {POSITIONS[i]} ({s.powers[i]})" for i, n in enumerate(added)),
        )
    )
    if not _check_power_limit(s, events):
        return
    for code in s.hand:
        if cards[code].colour == "K" and not _take_corruption(s, f"Black card {code} in hand corrupts the monk (HUD-R05)", events):
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
    if any(s.pinned):
        for index in range(3):
            s.powers[index] += s.pinned[index]
        s.pinned = [0, 0, 0]
        events.append(Event("unpin", "The cubes set aside by pins and yellow cards return to their powers: " + ", ".join(
            f"{POSITIONS[i]} {n}" for i, n in enumerate(s.powers))))
        if not _check_power_limit(s, events):
            return
    if s.turn >= s.rules.max_turns:
        _end_game(s, LOST_TURN_LIMIT, events, f"The monk has not beaten the demon in {s.rules.max_turns} turns: the demon wins (Rules.max_turns).")
        return
    s.turn += 1
    s.phase = COMBO
    s.purchase = 0
    s.cards_played = 0
    s.whites_played = 0
    s.took_black = False
    s.swapped = False
    events.append(Event("turn", f"Turn {s.turn} begins. {s.summary()}"))


def _highest_within(s: HudaiState, index: int, cubes: int, cards: CardSet, events: list[Event]) -> list[str]:
    """Crush and Confuse: take the highest-value hand card within the cubes left, again and again."""
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
    total = sum(cards[code].value for code in s.hand)
    if 2 * cubes > total:
        s.entangled = True
        events.append(Event("entangle", f"Entangle ({_cubes(cubes)}, doubled {2 * cubes}) beats the hand's values ({total}): next turn the combo is a single card."))
    else:
        events.append(Event("entangle", f"Entangle ({_cubes(cubes)}, doubled {2 * cubes}) does not beat the hand's values ({total}); no effect."))


_POWER_EFFECTS = {
    "crush": _crush,
    "mind_pierce": _mind_pierce,
    "defend": _demon_defend,
    "drain": _drain,
    "confuse": _confuse,
    "entangle": _entangle,
}

_HANDLERS = {
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
