"""Any moment of a Hudai Pass game, set up by hand: what the book's examples, boards and tests start from.

>>> state = game_moment("R5 W1 G3 K6", powers=(3, 5, 2), river="G2 B4 Y6")
>>> state.hand, state.powers
(['R5', 'W1', 'G3', 'K6'], [3, 5, 2])

Every card of the set is always somewhere (HUD-R01). A card the moment does not name lies where
set-up puts it: a white card in the draw pile, a black one in the open supply, any other in the
mind deck. Name a pile yourself and the cards of its kind left over go to its discard pile instead
(white and black to the monk's, the others to the mind discard), as they would later in a game.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import NotationError
from rulesbook.core.rng import shuffled
from rulesbook.core.shape import played_out
from rulesbook.hudai.actions import Action
from rulesbook.hudai.cards import CardSet, parse_cards
from rulesbook.hudai.engine import ACTIVE_COLOURS, apply, default_rules, new_game
from rulesbook.hudai.rules import Rules
from rulesbook.hudai.state import (COMBO, FEATURE_COLOUR, FEATURE_SYMBOL, FEATURE_VALUE, FEATURES, FLOW, OBTAIN, Phase, State,
                                   out_of_reach)

PHASES = (COMBO, FLOW, OBTAIN)
Cards = str | Iterable[str]
#: The argument that sets each field of the state, where it is not the field's own name (an error
#: names the argument): the combo sets the counts of cards played.
ARGUMENTS = {"mind_river": "river", "cards_played": "combo", "whites_played": "combo"}


def _codes(cards: Cards | None, name: str) -> list[str] | None:
    """The codes of a pile named as text or as a list of codes (None: not named); what does not
    parse is a DataError naming the argument, then the token and why (`parse_cards`)."""
    if cards is None:
        return None
    try:
        return parse_cards(cards)
    except NotationError as error:
        raise DataError(name, str(error)) from None


def game_moment(
    hand: Cards = "",
    *,
    powers: Iterable[int] = (2, 2, 2),
    combo: Cards = "",
    used: Iterable[str] = (),
    river: Cards | None = None,
    draw_pile: Cards | None = None,
    discard: Cards = "",
    removed: Cards = "",
    black_supply: Cards | None = None,
    mind_deck: Cards | None = None,
    monk_health: int | None = None,
    corruption: int = 0,
    demon_health: int | None = None,
    staged_damage: int = 0,
    pinned: Iterable[int] = (0, 0, 0),
    demon_block: int = 0,
    entangled: bool = False,
    purchase: int = 0,
    phase: Phase | str = COMBO,
    turn: int = 1,
    took_black: bool = False,
    swapped: bool = False,
    rules: Rules | None = None,
    seed: int | str = 0,
) -> State:
    """A game state with the named cards, cubes and counters (cards as text, ``"R5 W1"``, or lists).

    `combo` is the row played so far this turn; its last card's features are still open except
    those named in `used` ("value", "symbol", "colour"). The top of `draw_pile` and `mind_deck` is
    their *last* card. `phase` is `Phase.COMBO` or "combo" (step 1), "flow" (a Flow removal to
    decide, the last card's Flow used) or "obtain" (step 2). Raises DataError (a ValueError) naming the argument for a card
    named twice, a card not in the set or bad numbers, also a count no game reaches
    (`state.out_of_reach`: staged damage above what Drain stages ...); the moment is then checked as
    a loaded state is (`State.invariants`), so every moment made is one a file could hold.
    """
    rules = rules if rules is not None else default_rules()
    if phase not in PHASES:
        raise DataError("phase", f"expected one of {', '.join(PHASES)}, not {shown(phase)}")
    named = {"hand": _codes(hand, "hand"), "combo": _codes(combo, "combo"), "mind_river": _codes(river, "river"),
             "draw_pile": _codes(draw_pile, "draw_pile"), "discard": _codes(discard, "discard"), "removed": _codes(removed, "removed"),
             "black_supply": _codes(black_supply, "black_supply"), "mind_deck": _codes(mind_deck, "mind_deck")}
    state = new_game(seed=seed, rules=rules).copy()
    _place_cards(state, named, seed)
    _set_cubes(state, powers=powers, pinned=pinned)
    _set_counts(state, monk_health=rules.monk_health if monk_health is None else monk_health, corruption=corruption,
                demon_health=rules.demon_health if demon_health is None else demon_health, staged_damage=staged_damage,
                demon_block=demon_block, purchase=purchase, turn=turn)
    features = None if isinstance(used, str) or not isinstance(used, Iterable) else list(used)
    if features is None or not all(isinstance(feature, str) for feature in features):
        raise DataError("used", f"expected a list of features ({', '.join(FEATURES)}), not {shown(used)}")
    _set_combo(state, set(features) | ({FEATURE_SYMBOL} if phase == FLOW else set()))  # Flow is the Cog's symbol, used
    if phase == FLOW and not state.combo:
        raise DataError("phase", "a Flow removal needs a combo to remove from (HUD-R04)")
    state.phase = Phase(phase)
    for name, flag in (("entangled", entangled), ("took_black", took_black), ("swapped", swapped)):
        if not isinstance(flag, bool):
            raise DataError(name, f"expected True or False, not {shown(flag)}")
        setattr(state, name, flag)
    beyond = out_of_reach(state)  # the counts no game reaches, said of the argument that set them
    if beyond:
        name, why = beyond[0]
        raise DataError(ARGUMENTS.get(name, name), why)
    state.invariants()
    return state


def _place_cards(state: State, named: dict[str, list[str] | None], seed: int | str) -> None:
    """The named piles, and every other card where set-up (or a game later) would put it."""
    cards: CardSet = state.rules.cards
    where: dict[str, str] = {}
    for pile, codes in named.items():
        argument = ARGUMENTS.get(pile, pile)
        for code in codes or ():
            if code not in cards:
                raise DataError(argument, f"{code} is not a card of this set ({cards.source})")
            if code in where:
                places = f"in {argument}" if where[code] == argument else f"in {where[code]} and in {argument}"
                raise DataError(argument, f"{code} is named twice ({places}); each card is in the game once (HUD-R01)")
            where[code] = argument
    home = {"start": "draw_pile", "corruption": "black_supply", "mind": "mind_deck"}
    instead = {"draw_pile": "discard", "black_supply": "discard", "mind_deck": "mind_discard"}
    piles: dict[str, list[str]] = {pile: list(codes or ()) for pile, codes in named.items()}
    piles["mind_discard"] = []
    # Left-over cards in set-up's own shuffled order, so that a moment is as random as its seed.
    for code in [*state.draw_pile, *state.hand, *state.mind_deck, *state.mind_river, *state.black_supply]:
        if code in where:
            continue
        pile = home[cards[code].deck]
        piles[instead[pile] if named[pile] is not None else pile].append(code)
    if named["mind_river"] is None:  # the river is three cards from the top of the mind deck, as at set-up
        deck = piles["mind_deck"]
        piles["mind_river"] = [deck.pop() for _ in range(min(state.rules.river_size, len(deck)))]
    if named["draw_pile"] is None:
        piles["draw_pile"] = shuffled(piles["draw_pile"], seed, "moment draw pile")
    for pile, codes in piles.items():
        setattr(state, pile, codes)


def _set_cubes(state: State, **counts: Iterable[int]) -> None:
    for name, given in counts.items():
        values = list(given) if isinstance(given, Iterable) else [given]
        if len(values) != 3 or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
            raise DataError(name, f"expected three whole numbers of cubes, left to right, not {shown(values)}")
        setattr(state, name, values)


def _set_counts(state: State, **numbers: int) -> None:
    rules = state.rules
    for name, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(name, f"expected a whole number, 0 or more, not {shown(value)}")
        setattr(state, name, value)
    if state.turn < 1:
        raise DataError("turn", "turns count from 1, not 0")
    if state.corruption > rules.corruption_capacity:
        raise DataError("corruption", f"{state.corruption} is more than the monk can take ({rules.corruption_capacity})")
    for name, start in (("monk_health", rules.monk_health), ("demon_health", rules.demon_health)):
        if not 1 <= getattr(state, name) <= start:
            raise DataError(name, f"expected 1 to {start} (the starting health) in a game still on, not {getattr(state, name)}")


def _set_combo(state: State, used: set[str]) -> None:
    """The combo's counters, and the open features of its last card (all but those `used`)."""
    combo = state.combo
    whites = sum(code[0] == "W" for code in combo)
    if whites > state.rules.max_white_per_combo:
        raise DataError("combo", f"a combo holds at most {state.rules.max_white_per_combo} white cards (HUD-R03)")
    if used - set(FEATURES):
        raise DataError("used", f"expected features ({', '.join(FEATURES)}), not {shown(sorted(used - set(FEATURES)))}")
    state.cards_played = len(combo)
    state.whites_played = whites
    state.current_card = combo[-1] if combo else None
    state.open_features = []
    if combo:
        last = state.rules.cards[combo[-1]]
        features = [FEATURE_VALUE, FEATURE_SYMBOL] + ([FEATURE_COLOUR] if last.colour in ACTIVE_COLOURS else [])
        state.open_features = [feature for feature in features if feature not in used]


def play_out(state: State, *actions: Action | str, quiet: bool = False) -> State:
    """Apply actions (or their texts, ``"play R5"``, ``"value left"``), print what each one did
    (unless quiet) and return the new state; an illegal one raises IllegalAction with its rule."""
    return played_out(apply, state, actions, quiet)
