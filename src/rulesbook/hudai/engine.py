"""The Hudai Pass engine: set-up, the monk's legal decisions, and what each one does.

`legal_actions` lists what the rules let the monk do now; `refusal` judges one action, written
apart from that list, so that a test can hold the two against each other. `apply` refuses what
`refusal` refuses; `apply_legal` trusts an action taken from the list and skips the check (the
simulation fast path). Steps 3-5 of a turn (staged damage, filling the hand, the demon's powers)
need no decision from the monk: they run inside the action that ends step 2. Rule ids (HUD-R..,
HUD-P..) are those of the register in `rulesbook.hudai.rulings`.

Every event is a `rulesbook.core.events.Event` whose `data` holds what it is about: card codes
(``card``, ``cards``), powers by position index (``power``: 0 left, 1 centre, 2 right, with its
``name``) and counts. Its sentence is put together from the data when first read. The event
that reports the monk's own action has the monk's seat (`MONK`); the demon's turn and the
game's other answers have none.

>>> from rulesbook.hudai import game_moment
>>> state = game_moment("R5 W1", combo="R1", powers=(1, 5, 2))
>>> refusal(state, "play W1") is None, refusal(state, "value centre").rule
(True, 'Play one combo')
>>> after, events = apply(state, "value left")
>>> events[0].kind, dict(events[0].data)["cubes"], events[0].seat, events[0].text
('value', 0, 0, 'The value 1 of R1 removes a cube from the left power (Drain): 0 left.')

Speed notes: the one place for the engine's tricks. Each stays because it pays 3 % or more of
the random playouts' speed (`benchmarks/run.py speed`; measured on CPython 3.11 when written):

- `State.copy` gives the copy a new plain dict of fields (`new.__dict__ = dict(...)`): a copy made
  by updating the dict Python makes for a new object keeps the keys it shares with its class,
  and every field read of such an object then takes a slower path (about 20 ns instead of 8);
  the playouts ran 12 % slower with `__dict__.update` and 30 % slower with `copy.copy`.
- The action values `legal_actions` lists are made once and shared (`_PLAY`, `_VALUE` ...): a
  frozen dataclass whose `__post_init__` checks its card takes about 1.6 us to make, a lookup
  0.07 us, and a step lists ten or so.
- The phases are compared by identity with the module's names (`phase is COMBO`): reading a
  member off its Enum class (`Phase.COMBO`) takes about 240 ns, a module name 35 ns (the playouts ran
  about 4 % slower with `Phase.COMBO`).
- Events are made with `Event.worded`: their sentences are put together only when read, which a
  simulation never does (an event with its sentence formatted costs about 1 us more).
- A game with the printed rules takes them from `default_rules`, made once: making a `Rules`
  checks every field, about a tenth of a random game's time (the playouts ran 10 % faster).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event
from rulesbook.core.house import at_moment
from rulesbook.core.rng import check_seed, seeded_random, shuffled
from rulesbook.core.words import listed, plural
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
from rulesbook.hudai.cards import COLOURS, POWER_NAMES, SYMBOL_NAMES, CardSet, neighbours_fit
from rulesbook.hudai.rules import POSITION_INDEX, POSITIONS, Rules
from rulesbook.hudai.state import (
    COMBO,
    FEATURE_COLOUR,
    FEATURE_SYMBOL,
    FEATURE_VALUE,
    FLOW,
    LOST_CORRUPTION,
    LOST_HEALTH,
    LOST_POWER,
    LOST_TURN_LIMIT,
    OBTAIN,
    OVER,
    WON,
    State,
)

# Colours whose effect the monk chooses to use (green and black only change the value).
ACTIVE_COLOURS = frozenset("BRY")
#: The kinds of event that tell how the game ended, in the move that ends it (core.events.result_start):
#: the monk's win or loss.
ENDING_EVENTS = frozenset({"won", "lost"})
Events = list[Event]
#: The monk's seat, the only one: the seat of every event that reports the monk's own action
#: (`Event.seat`); what the demon and the game do in answer has none.
MONK = 0


def power_label(power: int, name: str) -> str:
    """A power as a sentence names it: "the left power (Drain)"."""
    return f"the {POSITIONS[power]} power ({POWER_NAMES[name]})"


def _power(s: State, index: int) -> dict[str, Any]:
    return {"power": index, "name": s.rules.powers[index]}


# ---------------------------------------------------------------- set-up


@cache
def default_rules() -> Rules:
    """The rules as printed, made once, at the first game that asks: making a Rules checks every
    field, which cost a simulated game about a tenth of its time (Rules are values)."""
    return Rules()


def new_game(players: int = 1, seed: int | str = 0, rules: Rules | None = None) -> State:
    """Set-up as the rulebook's Setup describes, shuffled from the seed (HUD-R01, HUD-R02), and
    the opening hand that the Setup leaves out (HUD-R10). `players` is there for the one shape of
    the three games' `new_game(players, seed, rules)`: one monk, so 1. A seed is a whole number or
    a text, as a state's JSON holds it."""
    if type(players) is not int or players != 1:
        raise DataError("players", f"Hudai Pass is for 1 player, the monk, not {players!r} (give the seed as seed=)")
    rules = Rules.given(rules) if rules is not None else default_rules()
    check_seed(seed, "seed")
    cards = rules.cards
    state = State(seed=seed, rules=rules)
    state.draw_pile = shuffled(cards.deck("start"), seed, "start deck")
    state.mind_deck = shuffled(cards.deck("mind"), seed, "mind deck")
    state.black_supply = cards.deck("corruption")
    state.monk_health = rules.monk_health
    state.demon_health = rules.demon_health
    state.powers = [rules.cubes_per_power] * 3
    for _ in range(rules.river_size):  # as far as the mind deck allows, as the river is refilled (HUD-R08)
        if not state.mind_deck:
            break
        state.mind_river.append(state.mind_deck.pop())
    for _ in range(rules.opening_hand):  # HUD-R10: drawn, not fed to the demon (feeding is step 4)
        if not _draw(state, []):
            break
    if rules.house:
        _house(state, "turn_start", [])
    return state


# ---------------------------------------------------------------- the check (what `apply` refuses)
#
# `_refusal` judges one action against the rules, the way a referee checks a move someone names.
# `legal_actions` (below) is written separately, from what the rules let the monk do now; a test
# holds the two against each other on states from many games (tests/hudai/test_hudai_legality.py).

Why = tuple[str, str] | None  # (what is wrong, the rule that says so), or None: legal


def _refusal(s: State, a: Action, cards: CardSet) -> Why:
    """Why the action is illegal now, with the rule that says so; None when it is legal."""
    if not isinstance(a, Action):
        return (f"{shown(a)} is not an action of Hudai Pass", "Play")
    if s.phase is OVER:
        return (f"the game is over ({'the monk won' if s.outcome == WON else 'lost: ' + str(s.outcome)})", "Play")
    table, otherwise = _REFUSALS[s.phase]
    check = table.get(type(a))
    if check is None:
        return otherwise(s, a, cards)
    return check(s, a, cards)


def _absent(card: str, pile: list[str], where: str) -> str:
    return f"{card} is not in {where} ({' '.join(pile) or 'empty'})"


def _legal(s: State, a: Any, cards: CardSet) -> Why:
    return None


def _no_flow(s: State, a: Any, cards: CardSet) -> Why:
    return ("there is no Flow removal to decide: no Flow was just used", "HUD-R04")


def _step_2_first(s: State, a: Any, cards: CardSet) -> Why:
    return ("step 2 (obtain a new move) comes after the combo: 'end' the combo first", "Play one combo")


def _not_an_action(s: State, a: Any, cards: CardSet) -> Why:
    return (f"{a!r} is not a Hudai Pass action", "Play")


def _discard_refusal(s: State, a: DiscardCard, cards: CardSet) -> Why:
    return (_absent(a.card, s.hand, "the hand"), "Play one combo") if a.card not in s.hand else None


def _black_refusal(s: State, a: TakeBlack, cards: CardSet) -> Why:
    if s.took_black:
        return ("only a single black corruption card may be taken per turn", "Play one combo; HUD-P12")
    if a.card not in s.black_supply:
        return (_absent(a.card, s.black_supply, "the open black supply"), "Play one combo")
    return None


def _remove_refusal(s: State, a: FlowRemove, cards: CardSet) -> Why:
    if a.card not in s.combo:
        return (_absent(a.card, s.combo, "the combo") + "; Flow removes a card of the combo being played", "HUD-R04")
    return None


def _flow_first(s: State, a: Action, cards: CardSet) -> Why:
    return (f"'{a.text()}' must wait: first decide whether Flow removes a combo card ('remove CARD' or 'keep')", "HUD-R04")


def _swap_refusal(s: State, a: SwapRiver, cards: CardSet) -> Why:
    if s.swapped:
        return ("only one Mind River card may be discarded and replaced per turn", "HUD-R08")
    if a.card not in s.mind_river:
        return (_absent(a.card, s.mind_river, "the Mind River"), "HUD-R08")
    if not _mind_card_to_draw(s):
        pile = ("its discard pile is empty" if s.rules.reshuffle_mind_deck
                else "its discard pile is not reshuffled (reshuffle_mind_deck=False)")
        return (f"no new card could replace {a.card}: the mind deck is empty and {pile}", "HUD-P16")
    return None


def _obtain_refusal(s: State, a: Obtain, cards: CardSet) -> Why:
    if a.card not in s.mind_river:
        return (_absent(a.card, s.mind_river, "the Mind River"), "HUD-R08")
    value = cards[a.card].value  # the printed value (HUD-P08)
    if value > s.purchase:
        return (f"{a.card} has value {value} but the purchase value this turn is only {s.purchase}: a move is obtained up to the purchase value", "HUD-R08")
    return None


def _not_step_2(s: State, a: Action, cards: CardSet) -> Why:
    return (f"'{a.text()}' is not a step 2 decision: swap a river card, obtain one, or pass", "Obtain a new move")


def _play_refusal(s: State, a: PlayCard, cards: CardSet) -> Why:
    card = a.card
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


def _no_card_in_play(s: State, a: Action) -> Why:
    """The value, symbol and colour of the last card played; an earlier card's are lost (HUD-P02)."""
    if s.current_card is None:
        return (f"'{a.text()}' uses a feature of a played card, and no card is in play (its features are lost once the next card is played)", "HUD-P02")
    return None


def _value_refusal(s: State, a: UseValue, cards: CardSet) -> Why:
    current = s.current_card
    if current is None:
        return _no_card_in_play(s, a)
    if FEATURE_VALUE not in s.open_features:
        return (f"the value of {current} is already used or lost", "Play one combo; HUD-P02")
    index = POSITION_INDEX[a.power]
    cubes = s.powers[index]
    if cubes == 0:
        return (f"{power_label(index, s.rules.powers[index])} has no cubes to remove", "Play one combo; HUD-P06")
    card = cards[current]
    value = card.played_value
    if value < 6 and cubes > value:
        return (
            f"{current} counts as {value}: it removes a cube only from a power with {value} or fewer cubes, "
            f"and {power_label(index, s.rules.powers[index])} has {cubes}",
            "Play one combo" if value == card.value else "Play one combo; Colors",  # Colors: green +1, black 6
        )
    return None


def _feature_refusal(s: State, a: Action, cards: CardSet) -> Why:
    """A symbol or a colour action: the card in play shows what the action needs, that feature of
    it is still open, and the action has something to act on (HUD-P06)."""
    current = s.current_card
    if current is None:
        return _no_card_in_play(s, a)
    feature, wanted = _FEATURE_OF_ACTION[type(a)]
    card = cards[current]
    if feature == FEATURE_SYMBOL:
        has, names, shows, section = card.symbol, SYMBOL_NAMES, "shows", "Symbols"
    else:
        has, names, shows, section = card.colour, COLOURS, "is", "Colors"
    if has != wanted:
        return (f"'{a.text()}' needs a {names[wanted]} card and {current} {shows} {names[has]}", section)
    if feature not in s.open_features:
        return (f"the {feature} of {current} is already used or lost", f"{section}; HUD-P02")
    if feature == FEATURE_SYMBOL:
        if isinstance(a, ThirdEye):
            source, target = POSITION_INDEX[a.source], POSITION_INDEX[a.target]
            if source == target:
                return ("3rd eye moves a cube from one demon power to another, not to the same power", "Symbols: 3rd eye")
            if s.powers[source] == 0:
                return (f"{power_label(source, s.rules.powers[source])} has no cube to move", "Symbols: 3rd eye; HUD-P06")
        elif isinstance(a, Defend) and s.staged_damage == 0:
            return ("no demon damage is staged, so there is nothing to defend", "Symbols: Defend; HUD-P06")
        elif isinstance(a, Pin) and s.powers[POSITION_INDEX[a.power]] == 0:
            index = POSITION_INDEX[a.power]
            return (f"{power_label(index, s.rules.powers[index])} has no cubes to pin", "Symbols: Pin; HUD-P06")
    elif isinstance(a, BlueWard) and s.staged_damage == 0:
        return ("no demon damage is staged, so blue has nothing to remove", "Colors: Blue; HUD-P06")
    elif isinstance(a, YellowPin) and s.powers[POSITION_INDEX[a.power]] == 0:
        index = POSITION_INDEX[a.power]
        return (f"{power_label(index, s.rules.powers[index])} has no cube to set aside", "Colors: Yellow; HUD-P06")
    return None


#: Each symbol or colour action: the feature it uses and what that feature must be on the card in play.
_FEATURE_OF_ACTION: dict[type, tuple[str, str]] = {
    BuildUp: (FEATURE_SYMBOL, "hammers"), ThirdEye: (FEATURE_SYMBOL, "circles"), Defend: (FEATURE_SYMBOL, "stones"),
    Stab: (FEATURE_SYMBOL, "drop"), Flow: (FEATURE_SYMBOL, "cog"), Pin: (FEATURE_SYMBOL, "arrow"),
    BlueWard: (FEATURE_COLOUR, "B"), RedStrike: (FEATURE_COLOUR, "R"), YellowPin: (FEATURE_COLOUR, "Y"),
}
Check = Callable[[State, Any, CardSet], Why]
#: phase -> (the check of each action class, the check of any other value).
_REFUSALS: dict[Any, tuple[dict[type, Check], Check]] = {
    COMBO: ({PlayCard: _play_refusal, DiscardCard: _discard_refusal, TakeBlack: _black_refusal, EndCombo: _legal,
             UseValue: _value_refusal, **dict.fromkeys(_FEATURE_OF_ACTION, _feature_refusal),
             FlowRemove: _no_flow, FlowKeep: _no_flow,
             **dict.fromkeys((SwapRiver, Obtain, Pass), _step_2_first)}, _not_an_action),
    FLOW: ({FlowRemove: _remove_refusal, FlowKeep: _legal}, _flow_first),
    OBTAIN: ({SwapRiver: _swap_refusal, Obtain: _obtain_refusal, Pass: _legal}, _not_step_2),
}


def refusal(state: State, action: Action | str) -> IllegalAction | None:
    """The IllegalAction that `apply` would raise for this action, or None when it is legal
    (text is read with `parse_action`: NotationError for text that is not an action)."""
    why = _refusal(state, _read(action), state.rules.cards)
    return IllegalAction(*why) if why else None


def is_legal(state: State, action: Action | str) -> bool:
    return _refusal(state, _read(action), state.rules.cards) is None  # `refusal`, without making the error


def _read(action: Action | str) -> Action:
    """An action given as its text, read; any other value as it is (`_refusal` refuses one that is
    no action of the game, as the other two games' engines do)."""
    return parse_action(action) if isinstance(action, str) else action


# ---------------------------------------------------------------- what may be done now
#
# Each decision value is made once and shared (speed notes): actions are small frozen values.

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


def legal_actions(state: State) -> list[Action]:
    """Every decision the monk may take now, in a stable order, listed from the rules of the
    step the turn is in (not by trying candidates against `refusal`)."""
    phase = state.phase
    if phase is COMBO:
        return _combo_actions(state)
    if phase is OBTAIN:
        # HUD-R08: one swap first, then one river card up to the purchase value (printed, HUD-P08), or none
        river = state.mind_river
        # HUD-P16: a swap only when a new card can replace the river card
        swap = not state.swapped and _mind_card_to_draw(state)
        actions: list[Action] = [_SWAP[code] for code in river] if swap else []
        values = state.rules.cards.value_of
        actions.extend(_OBTAIN[code] for code in river if values[code] <= state.purchase)
        actions.append(_PASS)
        return actions
    if phase is FLOW:
        # HUD-R04: remove one card of the combo being played, or none
        return [*(_REMOVE[code] for code in state.combo), _KEEP]
    return []


def _feature_actions(state: State, actions: list[Action]) -> None:
    """The open features of the last card played: its value, symbol and colour (HUD-P02, HUD-P06)."""
    opened = state.open_features
    card = state.rules.cards[state.current_card]  # type: ignore[index]
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


def _combo_actions(state: State) -> list[Action]:
    """Step 1: the open features of the last card played, then plays, a black card, discards, end."""
    actions: list[Action] = []
    if state.current_card is not None and state.open_features:
        _feature_actions(state, actions)
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


def apply(state: State, action: Action | str) -> tuple[State, list[Event]]:
    """The state after the monk's action and the events that explain it; `state` is never changed.

    Raises IllegalAction (with the rule id) for an action the rules forbid now or a value that is
    no action, and NotationError for text that is not an action.
    """
    action = _read(action)
    why = _refusal(state, action, state.rules.cards)
    if why is not None:
        raise IllegalAction(*why)
    return apply_legal(state, action)


def apply_legal(state: State, action: Action) -> tuple[State, list[Event]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path)."""
    handler = _HANDLERS.get(type(action))
    if handler is None:  # never taken for another action
        raise IllegalAction(f"{shown(action)} is not an action of Hudai Pass", "Play")
    cards = state.rules.cards
    s = state.copy()
    events: list[Event] = []
    handler(s, action, cards, events)
    return s, events


class _Snapshots(list):
    """An event list that also keeps a copy of the table as it stands when each event is added."""

    def __init__(self, table: State):
        super().__init__()
        self.table = table
        self.tables: list[State] = []

    def append(self, event: Event) -> None:
        super().append(event)
        self.tables.append(self.table.copy())


def apply_steps(state: State, action: Action | str) -> list[tuple[Event, State]]:
    """`apply`, step by step: each event with the table as it stood just after it. The demon's
    turn (steps 3-5) happens inside the action that ends step 2; a board shows it this way, one
    step at a time. The last table is the state `apply` returns. Refuses as `apply` does."""
    action = _read(action)
    why = _refusal(state, action, state.rules.cards)
    if why is not None:
        raise IllegalAction(*why)
    s = state.copy()
    events = _Snapshots(s)
    _HANDLERS[type(action)](s, action, state.rules.cards, events)
    events.tables[-1] = s  # the whole action done (Flow, say, asks its question after its event)
    return list(zip(events, events.tables))


# ---------------------------------------------------------------- what the events say
#
# One function per sentence, called with the event's data when the sentence is first read.


def _say_reshuffle(deck: str, count: int) -> str:
    if deck == "mind":
        return f"The mind deck is empty: its discard pile ({count} cards) is shuffled into a new mind deck."
    return f"The draw pile is empty: the discard pile ({count} cards) is shuffled into a new draw pile."


def _say_play(card: str, face: Any, played: int, features: tuple[str, ...]) -> str:
    extra = f"; as a {COLOURS[face.colour]} card its value counts as {played}" if played != face.value else ""
    return f"The monk plays {face.words()} into the combo{extra}. Its {listed(features)} may be used in any order, or skipped."


def _say_discard(card: str, purchase: int) -> str:
    return f"The monk discards {card} for 1 purchase value (now {purchase})."


def _say_black(card: str, face: Any) -> str:
    return (f"The monk dares to take the corruption move {face.words()} for free; "
            "each black card in hand when the hand is filled costs 1 corruption (HUD-R05).")


def _say_value(card: str, value: int, power: int, name: str, cubes: int) -> str:
    return f"The value {value} of {card} removes a cube from {power_label(power, name)}: {cubes} left."


def _say_build_up(purchase: int) -> str:
    return f"Build-up: 3 purchase value (now {purchase})."


def _say_third_eye(source: int, source_name: str, target: int, target_name: str) -> str:
    return f"3rd eye moves a cube from {power_label(source, source_name)} to {power_label(target, target_name)}."


def _say_defend(by: str, staged: int) -> str:
    return f"{by} removes a cube of the demon's staged damage: {staged} left."


def _say_blocked(by: str, blocks: int) -> str:
    return f"{by}: the demon's Defend blocks the blow ({blocks} more blocks this turn, HUD-R07)."


def _say_stab(by: str, health: int) -> str:
    return f"{by} takes a health cube from the demon: {health} left."


def _say_flow(card: str | None) -> str:
    drew = f"draws {card}" if card else "finds no card to draw"
    return f"Flow: the monk {drew}, and may now remove one card of the combo from the game (HUD-R04)."


def _say_flow_remove(card: str) -> str:
    return f"Flow: {card} leaves the game for good (HUD-R04)."


def _say_flow_keep() -> str:
    return "Flow: the monk keeps every card of the combo."


def _say_pin(by: str, power: int, name: str, cubes: int) -> str:
    return f"{by} sets {plural(cubes, 'cube')} of {power_label(power, name)} aside until the demon's powers have acted."


def _say_end_combo(cards: tuple[str, ...], purchase: int) -> str:
    return (f"The combo ({' '.join(cards) or 'no card'}) ends and goes to the discard pile (HUD-P15). Step 2: purchase value "
            f"{purchase}; swap a river card, obtain one, or pass.")


def _say_swap(card: str, new: str) -> str:
    return f"{card} leaves the Mind River for the mind discard pile; {new} replaces it (HUD-R08)."


def _say_obtain(card: str, face: Any) -> str:
    return f"The monk obtains {face.words()} into the hand (HUD-R08)."


def _say_pass() -> str:
    return "The monk obtains no new move this turn."


def _say_refill(cards: tuple[str, ...], river: tuple[str, ...]) -> str:
    return f"The Mind River is filled again with {' '.join(cards)}: {' '.join(river)}."


def _say_damage(damage: int, health: int) -> str:
    return f"Step 3: the staged damage hits the monk for {damage}: health {health}."


def _say_fill(cards: tuple[str, ...], hand: tuple[str, ...]) -> str:
    return f"Step 4: the monk draws {' '.join(cards) or 'nothing'}; hand {' '.join(hand) or 'empty'}."


def _say_feed(added: tuple[int, ...], powers: tuple[int, ...]) -> str:
    return ("Each hand card feeds the demon by its value (1/2 left, 3/4 centre, 5/6 right): "
            + ", ".join(f"+{n} {POSITIONS[i]} ({powers[i]})" for i, n in enumerate(added)) + ".")


def _why_corrupted(cause: str, card: str | None = None, power: int | None = None, name: str = "", cubes: int = 0,
                   before: int = 0, second: bool = False) -> str:
    """What brings a corruption: a black card in hand (HUD-R05) or Mind pierce (HUD-P03)."""
    if cause == "black":
        return f"Black card {card} in hand corrupts the monk (HUD-R05)"
    if second:
        return f"Mind pierce has more than 6 cubes ({cubes}): another corruption"
    return f"Mind pierce ({plural(cubes, 'cube')}): corruption {before} is less than {2 * cubes}"


def _say_corruption(corruption: int, capacity: int, **cause: Any) -> str:
    return f"{_why_corrupted(**cause)}: corruption {corruption}/{capacity}."


def _say_fallen(outcome: str, **cause: Any) -> str:
    return f"{_why_corrupted(**cause)}, but the monk has no resistance left: the monk falls to the dark side and loses."


def _say_won(outcome: str) -> str:
    return "The demon has no health cubes left: the monk wins!"


def _say_no_health(outcome: str) -> str:
    return "The monk has no health cubes left: the monk loses."


def _say_over_limit(outcome: str, power: int, name: str, cubes: int, limit: int) -> str:
    return f"T{power_label(power, name)[1:]} holds {cubes} cubes, more than {limit}: the monk loses (HUD-R09)."


def _say_turn_limit(outcome: str, turns: int) -> str:
    return f"The monk has not beaten the demon in {turns} turns: the demon wins (HUD-P05)."


def _say_idle(power: int, name: str) -> str:
    return f"Step 5: {power_label(power, name)} has no cubes and does not activate."


def _say_unpin(powers: tuple[int, ...]) -> str:
    return ("The cubes set aside by pins and yellow cards return to their powers: "
            + ", ".join(f"{POSITIONS[i]} {n}" for i, n in enumerate(powers)) + ".")


def _say_turn(turn: int, summary: str) -> str:
    """'Turn 2 begins: monk health 12, …', the state's summary without its own 'turn 2: '."""
    return f"Turn {turn} begins: {summary.removeprefix(f'turn {turn}: ')}."


def _say_tie(cards: tuple[str, ...], value: int, pick: str) -> str:
    return f"{' and '.join(cards)} tie at value {value}; the seed picks {pick}."


def _say_crush(power: int, name: str, cubes: int, cards: tuple[str, ...]) -> str:
    return f"Crush ({plural(cubes, 'cube')}) removes {' '.join(cards) or 'nothing'} from the hand for good."


def _say_confuse(power: int, name: str, cubes: int, cards: tuple[str, ...]) -> str:
    return f"Confuse ({plural(cubes, 'cube')}) discards {' '.join(cards) or 'nothing'} from the hand."


def _say_no_pierce(power: int, name: str, cubes: int, corruption: int) -> str:
    return f"Mind pierce ({plural(cubes, 'cube')}): corruption {corruption} is not less than {2 * cubes}; no effect."


def _say_demon_defend(power: int, name: str, cubes: int, blocks: int) -> str:
    return f"Defend ({plural(cubes, 'cube')}): the demon will block {blocks} of the monk's damage next turn (HUD-R07)."


def _say_drain(power: int, name: str, cubes: int, damage: int) -> str:
    return f"Drain ({plural(cubes, 'cube')}) stages {damage} damage; it hits in step 3 of the next turn unless defended."


def _say_entangle(power: int, name: str, cubes: int, total: int, bound: bool) -> str:
    if bound:
        return (f"Entangle ({plural(cubes, 'cube')}, doubled {2 * cubes}) is more than the sum of the hand's values "
                f"({total}): next turn the combo is a single card (HUD-R11).")
    return (f"Entangle ({plural(cubes, 'cube')}, doubled {2 * cubes}) is not more than the sum of the hand's values "
            f"({total}); no effect (HUD-R11).")


# ---------------------------------------------------------------- the monk's actions


def _draw(s: State, events: Events) -> str | None:
    """Draw the top card of the draw pile into the hand, reshuffling the discard pile when needed
    ("reshuffle as necessary, if possible"; seeded, HUD-P04)."""
    if not s.draw_pile:
        if not s.discard:
            return None
        s.draw_pile = shuffled(s.discard, s.seed, "reshuffle", s.shuffles)
        s.shuffles += 1
        s.discard = []
        events.append(Event.worded("reshuffle", _say_reshuffle, {"deck": "draw", "count": len(s.draw_pile)}))
    card = s.draw_pile.pop()
    s.hand.append(card)
    return card


def _mind_card_to_draw(s: State) -> bool:
    """Whether the mind deck, or its discard pile reshuffled (HUD-P04), holds a card to draw."""
    return bool(s.mind_deck) or (bool(s.mind_discard) and s.rules.reshuffle_mind_deck)


def _draw_mind(s: State, events: Events) -> str | None:
    """The top card of the mind deck, reshuffling the mind discard pile when allowed and needed (HUD-P04)."""
    if not s.mind_deck:
        if not s.mind_discard or not s.rules.reshuffle_mind_deck:
            return None
        s.mind_deck = shuffled(s.mind_discard, s.seed, "mind reshuffle", s.shuffles)
        s.shuffles += 1
        s.mind_discard = []
        events.append(Event.worded("reshuffle", _say_reshuffle, {"deck": "mind", "count": len(s.mind_deck)}))
    return s.mind_deck.pop()


def _end_game(s: State, outcome: str, events: Events, say: Callable[..., str], data: dict[str, Any]) -> None:
    s.phase = OVER
    s.outcome = outcome
    s.open_features = []
    s.current_card = None
    events.append(Event.worded("won" if outcome == WON else "lost", say, {"outcome": outcome, **data}))


def _play(s: State, a: PlayCard, cards: CardSet, events: Events) -> None:
    card = cards[a.card]
    s.hand.remove(a.card)
    s.combo.append(a.card)  # HUD-P01: at the end of the row
    s.cards_played += 1
    if card.colour == "W":
        s.whites_played += 1  # HUD-P01: every white played this turn counts, even one Flow removes
    s.current_card = a.card  # the previous card's unused features are lost (HUD-P02)
    features = [FEATURE_VALUE, FEATURE_SYMBOL, FEATURE_COLOUR] if card.colour in ACTIVE_COLOURS else [FEATURE_VALUE, FEATURE_SYMBOL]
    s.open_features = features
    events.append(Event.worded("play", _say_play, {"card": a.card, "face": card, "played": card.played_value,
                                              "features": tuple(features)}, MONK))


def _discard(s: State, a: DiscardCard, cards: CardSet, events: Events) -> None:
    s.hand.remove(a.card)  # any hand card, at any moment of step 1 (HUD-P13)
    s.discard.append(a.card)
    s.purchase += 1
    events.append(Event.worded("discard", _say_discard, {"card": a.card, "purchase": s.purchase}, MONK))


def _take_black(s: State, a: TakeBlack, cards: CardSet, events: Events) -> None:
    s.black_supply.remove(a.card)
    s.hand.append(a.card)  # HUD-P12: into the hand, to play now or keep
    s.took_black = True
    events.append(Event.worded("black", _say_black, {"card": a.card, "face": cards[a.card]}, MONK))


def _use(s: State, feature: str) -> None:
    s.open_features = [f for f in s.open_features if f != feature]


def _use_value(s: State, a: UseValue, cards: CardSet, events: Events) -> None:
    index = POSITION_INDEX[a.power]
    s.powers[index] -= 1
    _use(s, FEATURE_VALUE)
    current = s.current_card or ""
    events.append(Event.worded("value", _say_value, {"card": current, "value": cards[current].played_value, "power": index,
                                                "name": s.rules.powers[index], "cubes": s.powers[index]}, MONK))


def _build_up(s: State, a: BuildUp, cards: CardSet, events: Events) -> None:
    s.purchase += 3
    _use(s, FEATURE_SYMBOL)
    events.append(Event.worded("build_up", _say_build_up, {"purchase": s.purchase}, MONK))


def _third_eye(s: State, a: ThirdEye, cards: CardSet, events: Events) -> None:
    source, target = POSITION_INDEX[a.source], POSITION_INDEX[a.target]
    s.powers[source] -= 1
    s.powers[target] += 1
    _use(s, FEATURE_SYMBOL)
    names = s.rules.powers
    events.append(Event.worded("third_eye", _say_third_eye, {"source": source, "source_name": names[source], "target": target,
                                                        "target_name": names[target]}, MONK))
    _check_power_limit(s, events)


def _ward(s: State, by: str, feature: str, events: Events) -> None:
    s.staged_damage -= 1
    _use(s, feature)
    events.append(Event.worded("defend", _say_defend, {"by": by, "staged": s.staged_damage}, MONK))


def _defend(s: State, a: Defend, cards: CardSet, events: Events) -> None:
    _ward(s, "Defend", FEATURE_SYMBOL, events)


def _blue(s: State, a: BlueWard, cards: CardSet, events: Events) -> None:
    _ward(s, "Blue", FEATURE_COLOUR, events)


def _hit_demon(s: State, by: str, feature: str, events: Events) -> None:
    _use(s, feature)
    if s.demon_block > 0:
        s.demon_block -= 1
        events.append(Event.worded("blocked", _say_blocked, {"by": by, "blocks": s.demon_block}, MONK))
        return
    s.demon_health -= 1
    events.append(Event.worded("stab", _say_stab, {"by": by, "health": s.demon_health}, MONK))
    if s.demon_health <= 0:
        _end_game(s, WON, events, _say_won, {})


def _stab(s: State, a: Stab, cards: CardSet, events: Events) -> None:
    _hit_demon(s, "Stab", FEATURE_SYMBOL, events)


def _red(s: State, a: RedStrike, cards: CardSet, events: Events) -> None:
    _hit_demon(s, "Red", FEATURE_COLOUR, events)


def _flow(s: State, a: Flow, cards: CardSet, events: Events) -> None:
    _use(s, FEATURE_SYMBOL)
    card = _draw(s, events)
    events.append(Event.worded("flow", _say_flow, {"card": card}, MONK))
    s.phase = FLOW


def _flow_remove(s: State, a: FlowRemove, cards: CardSet, events: Events) -> None:
    s.combo.remove(a.card)
    s.removed.append(a.card)
    if a.card == s.current_card:  # HUD-P02: a removed card's unused features go with it
        s.current_card = None
        s.open_features = []
    s.phase = COMBO
    events.append(Event.worded("flow_remove", _say_flow_remove, {"card": a.card}, MONK))


def _flow_keep(s: State, a: FlowKeep, cards: CardSet, events: Events) -> None:
    s.phase = COMBO
    events.append(Event.worded("flow_keep", _say_flow_keep, {}, MONK))


def _set_aside(s: State, index: int, most: int, by: str, feature: str, events: Events) -> None:
    moved = min(most, s.powers[index])  # HUD-P06: what the power has, up to 3 (Pin) or 1 (yellow)
    s.powers[index] -= moved
    s.pinned[index] += moved
    _use(s, feature)
    events.append(Event.worded("pin", _say_pin, {"by": by, "power": index, "name": s.rules.powers[index], "cubes": moved}, MONK))


def _pin(s: State, a: Pin, cards: CardSet, events: Events) -> None:
    _set_aside(s, POSITION_INDEX[a.power], 3, "Pin", FEATURE_SYMBOL, events)


def _yellow(s: State, a: YellowPin, cards: CardSet, events: Events) -> None:
    _set_aside(s, POSITION_INDEX[a.power], 1, "Yellow", FEATURE_COLOUR, events)


def _end_combo(s: State, a: EndCombo, cards: CardSet, events: Events) -> None:
    played = tuple(s.combo)
    s.discard.extend(s.combo)  # HUD-P15: the rulebook never says where a played combo goes
    s.combo = []
    s.current_card = None  # HUD-P02: the last card's unused features are lost
    s.open_features = []
    s.demon_block = 0  # the demon's Defend lasts for this combo only (HUD-R07)
    s.phase = OBTAIN
    events.append(Event.worded("end_combo", _say_end_combo, {"cards": played, "purchase": s.purchase}, MONK))


def _swap(s: State, a: SwapRiver, cards: CardSet, events: Events) -> None:
    s.mind_river.remove(a.card)
    s.swapped = True
    new = _draw_mind(s, events)  # HUD-P09: drawn before the discard, so the replacement is a new card
    assert new is not None, "HUD-P16: a swap is offered only when a card can be drawn"
    s.mind_discard.append(a.card)
    s.mind_river.append(new)
    events.append(Event.worded("swap", _say_swap, {"card": a.card, "new": new}, MONK))


def _obtain(s: State, a: Obtain, cards: CardSet, events: Events) -> None:
    s.mind_river.remove(a.card)
    s.hand.append(a.card)
    events.append(Event.worded("obtain", _say_obtain, {"card": a.card, "face": cards[a.card]}, MONK))
    _finish_turn(s, cards, events)


def _pass(s: State, a: Pass, cards: CardSet, events: Events) -> None:
    events.append(Event.worded("pass", _say_pass, {}, MONK))
    _finish_turn(s, cards, events)


# ---------------------------------------------------------------- steps 3-5: the demon's turn


def _check_power_limit(s: State, events: Events) -> bool:
    """HUD-R09: a power above the limit ("exceeds 12") loses at once; the cubes on the tile count,
    and set-aside cubes count again once they are back (HUD-P07). True when the game goes on."""
    limit = s.rules.power_limit
    for index, cubes in enumerate(s.powers):
        if cubes > limit:
            _end_game(s, LOST_POWER, events, _say_over_limit, {**_power(s, index), "cubes": cubes, "limit": limit})
            return False
    return True


def _take_corruption(s: State, events: Events, cause: dict[str, Any]) -> bool:
    """One corruption, or the loss when no resistance is left for it; `cause` is what brings it."""
    if s.corruption >= s.rules.corruption_capacity:
        _end_game(s, LOST_CORRUPTION, events, _say_fallen, cause)
        return False
    s.corruption += 1
    events.append(Event.worded("corruption", _say_corruption, {**cause, "corruption": s.corruption,
                                                          "capacity": s.rules.corruption_capacity}))
    return True


def _finish_turn(s: State, cards: CardSet, events: Events) -> None:
    """Refill the Mind River, then steps 3-5, which need no decision, and the start of the next turn."""
    _refill_river(s, events)
    if s.rules.house:
        _house(s, "turn_end", events)
        if s.phase is OVER:  # a house rule ended the game (it set its outcome)
            return
    if (_staged_damage(s, events) and _fill_hand(s, cards, events) and _demon_powers(s, cards, events)
            and _return_set_aside(s, events)):
        _next_turn(s, events)


def _refill_river(s: State, events: Events) -> None:
    """HUD-R08: "the river is refilled" after step 2."""
    refilled = []
    while len(s.mind_river) < s.rules.river_size:
        new = _draw_mind(s, events)
        if new is None:
            break
        s.mind_river.append(new)
        refilled.append(new)
    if refilled:
        events.append(Event.worded("refill", _say_refill, {"cards": tuple(refilled), "river": tuple(s.mind_river)}))


def _staged_damage(s: State, events: Events) -> bool:
    """Step 3: "Apply any staged demon powers". True when the game goes on."""
    if not s.staged_damage:
        return True
    damage = s.staged_damage
    s.monk_health = max(0, s.monk_health - damage)
    s.staged_damage = 0
    events.append(Event.worded("damage", _say_damage, {"damage": damage, "health": s.monk_health}))
    if s.monk_health == 0:
        _end_game(s, LOST_HEALTH, events, _say_no_health, {})
        return False
    return True


def _fill_hand(s: State, cards: CardSet, events: Events) -> bool:
    """Step 4: "Fill your hand up to four cards"; each card feeds the demon, then the powers' limit
    and the black cards' corruption (HUD-P11, HUD-R05). True when the game goes on."""
    drawn = []
    while len(s.hand) < s.rules.hand_size:
        card = _draw(s, events)
        if card is None:
            break
        drawn.append(card)
    events.append(Event.worded("fill", _say_fill, {"cards": tuple(drawn), "hand": tuple(s.hand)}))
    added = [0, 0, 0]
    for code in s.hand:
        added[feeds(code, cards)] += 1
    for index in range(3):
        s.powers[index] += added[index]
    events.append(Event.worded("feed", _say_feed, {"added": tuple(added), "powers": tuple(s.powers)}))
    if not _check_power_limit(s, events):  # HUD-P11: before the corruption of black cards
        return False
    for code in s.hand:
        if code[0] == "K" and not _take_corruption(s, events, {"cause": "black", "card": code}):
            return False
    return True


def _demon_powers(s: State, cards: CardSet, events: Events) -> bool:
    """Step 5: "Activate all demon powers from left to right". True when the game goes on."""
    s.demon_block = 0
    s.entangled = False
    for index, name in enumerate(s.rules.powers):
        cubes = s.powers[index]
        if cubes == 0:
            events.append(Event.worded("power", _say_idle, {"power": index, "name": name}))
            continue
        _POWER_EFFECTS[name](s, index, cubes, cards, events)
        if s.phase is OVER:
            return False
    return True


def _return_set_aside(s: State, events: Events) -> bool:
    """"Lastly, move all cubes you set aside ... back onto their tile" (HUD-P07); they count again."""
    if not any(s.pinned):
        return True
    for index in range(3):
        s.powers[index] += s.pinned[index]
    s.pinned = [0, 0, 0]
    events.append(Event.worded("unpin", _say_unpin, {"powers": tuple(s.powers)}))
    return _check_power_limit(s, events)


def _next_turn(s: State, events: Events) -> None:
    """The turn limit (HUD-P05), else a new turn with its counters at zero."""
    if s.turn >= s.rules.max_turns:
        _end_game(s, LOST_TURN_LIMIT, events, _say_turn_limit, {"turns": s.rules.max_turns})
        return
    s.turn += 1
    s.phase = COMBO
    s.purchase = 0
    s.cards_played = 0
    s.whites_played = 0
    s.took_black = False
    s.swapped = False
    events.append(Event.worded("turn", _say_turn, {"turn": s.turn, "summary": s.summary()}))
    if s.rules.house:
        _house(s, "turn_start", events)


def _house(s: State, moment: str, events: Events) -> None:
    """The table as the house rules of this moment leave it (`Rules.house`, `rules.MOMENTS`), and an
    event for each: each rule is handed a copy, and the table becomes what it returns."""
    changed, said = at_moment(s, moment, State.copy)
    s.__dict__ = dict(changed.__dict__)
    for event in said:  # one by one: a board's step-by-step list keeps the table at each event
        events.append(event)


def feeds(code: str, cards: CardSet) -> int:
    """The power a hand card feeds in step 4 (0 left, 1 centre, 2 right): "For a 1/2, add a cube to
    the demon's left power, for a 3/4 add a cube to its center power and for a 5/6 add one to the
    right power" (the printed value, HUD-P08)."""
    return (cards.value_of[code] - 1) // 2


def _highest_within(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> list[str]:
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
            events.append(Event.worded("tie", _say_tie, {"cards": tuple(tied), "value": best, "pick": pick}))
        else:
            pick = tied[0]
        picks += 1
        s.hand.remove(pick)
        taken.append(pick)
        budget -= best
    return taken


def _crush(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    taken = _highest_within(s, index, cubes, cards, events)
    s.removed.extend(taken)
    events.append(Event.worded("crush", _say_crush, {**_power(s, index), "cubes": cubes, "cards": tuple(taken)}))


def _confuse(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    taken = _highest_within(s, index, cubes, cards, events)
    s.discard.extend(taken)
    events.append(Event.worded("confuse", _say_confuse, {**_power(s, index), "cubes": cubes, "cards": tuple(taken)}))


def _mind_pierce(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    """One corruption when the corruption is below double the cubes; with more than 6 cubes a
    second one, which comes only with the first and may find no resistance left (HUD-P03)."""
    if s.corruption < 2 * cubes:
        cause = {"cause": "mind_pierce", **_power(s, index), "cubes": cubes, "before": s.corruption}
        if not _take_corruption(s, events, cause):
            return
        if cubes > 6:
            _take_corruption(s, events, {**cause, "second": True})
    else:
        events.append(Event.worded("mind_pierce", _say_no_pierce, {**_power(s, index), "cubes": cubes, "corruption": s.corruption}))


def _demon_defend(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    s.demon_block = -(-cubes // 3)
    events.append(Event.worded("defend_power", _say_demon_defend, {**_power(s, index), "cubes": cubes, "blocks": s.demon_block}))


def _drain(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    damage = -(-cubes // 2)
    s.staged_damage += damage
    events.append(Event.worded("drain", _say_drain, {**_power(s, index), "cubes": cubes, "damage": damage}))


def _entangle(s: State, index: int, cubes: int, cards: CardSet, events: Events) -> None:
    """HUD-R11: the cubes, doubled, against the *sum* of the printed values in hand at that moment
    (after feeding, and after the powers to the left acted); more binds the next combo to one card."""
    values = cards.value_of
    total = sum(values[code] for code in s.hand)
    bound = 2 * cubes > total
    if bound:
        s.entangled = True
    events.append(Event.worded("entangle", _say_entangle, {**_power(s, index), "cubes": cubes, "total": total, "bound": bound}))


_POWER_EFFECTS: dict[str, Callable[[State, int, int, CardSet, Events], None]] = {
    "crush": _crush,
    "mind_pierce": _mind_pierce,
    "defend": _demon_defend,
    "drain": _drain,
    "confuse": _confuse,
    "entangle": _entangle,
}

_HANDLERS: dict[type, Callable[[State, Any, CardSet, Events], None]] = {
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


def describe_decision(state: State) -> str:
    """What the monk is being asked now, in words a widget can show."""
    if state.phase is OVER:
        return "The game is over: " + ("the monk won." if state.won else f"the monk lost ({state.outcome}).")
    if state.phase is FLOW:
        return "Flow: remove one card of the combo from the game for good, or keep them all (HUD-R04)."
    if state.phase is OBTAIN:
        return f"Step 2, obtain a new move: purchase value {state.purchase}. Swap a Mind River card first if you like, then obtain one or pass (HUD-R08)."
    if state.current_card and state.open_features:
        return f"Step 1, the combo: use the {', '.join(state.open_features)} of {state.current_card}, play another card, discard, take a black card, or end the combo."
    return "Step 1, the combo: play a card, discard for purchase value, take a black card, or end the combo."
