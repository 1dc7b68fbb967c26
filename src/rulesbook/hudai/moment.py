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

from rulesbook.core.rng import shuffled
from rulesbook.hudai.cards import parse_cards
from rulesbook.hudai.engine import ACTIVE_COLOURS, FEATURE_COLOUR, FEATURE_SYMBOL, FEATURE_VALUE, apply, new_game
from rulesbook.hudai.rules import Rules
from rulesbook.hudai.state import COMBO, FLOW, OBTAIN, HudaiState

PHASES = (COMBO, FLOW, OBTAIN)
FEATURES = (FEATURE_VALUE, FEATURE_SYMBOL, FEATURE_COLOUR)


def _codes(cards: str | Iterable[str] | None) -> list[str] | None:
    return None if cards is None else parse_cards(cards)


def game_moment(
    hand: str | Iterable[str] = "",
    *,
    powers: Iterable[int] = (2, 2, 2),
    combo: str | Iterable[str] = "",
    used: Iterable[str] = (),
    river: str | Iterable[str] | None = None,
    draw_pile: str | Iterable[str] | None = None,
    discard: str | Iterable[str] = "",
    removed: str | Iterable[str] = "",
    black_supply: str | Iterable[str] | None = None,
    mind_deck: str | Iterable[str] | None = None,
    monk_health: int | None = None,
    corruption: int = 0,
    demon_health: int | None = None,
    staged_damage: int = 0,
    pinned: Iterable[int] = (0, 0, 0),
    demon_block: int = 0,
    entangled: bool = False,
    purchase: int = 0,
    phase: str = COMBO,
    turn: int = 1,
    took_black: bool = False,
    swapped: bool = False,
    rules: Rules | None = None,
    seed: int | str = 0,
) -> HudaiState:
    """A game state with the named cards, cubes and counters (cards as text, ``"R5 W1"``, or lists).

    `combo` is the row played so far this turn; its last card's features are still open except
    those named in `used` ("value", "symbol", "colour"). The top of `draw_pile` and `mind_deck` is
    their *last* card. `phase` is "combo" (step 1), "flow" (a Flow removal to decide) or "obtain"
    (step 2). Raises ValueError for a card named twice, a card not in the set or bad numbers.
    """
    rules = rules if rules is not None else Rules()
    cards = rules.cards
    if phase not in PHASES:
        raise ValueError(f"phase is one of {', '.join(PHASES)}, not {phase!r}")
    named = {
        "hand": _codes(hand),
        "combo": _codes(combo),
        "mind_river": _codes(river),
        "draw_pile": _codes(draw_pile),
        "discard": _codes(discard),
        "removed": _codes(removed),
        "black_supply": _codes(black_supply),
        "mind_deck": _codes(mind_deck),
    }
    where: dict[str, str] = {}
    for pile, codes in named.items():
        for code in codes or ():
            if code not in cards:
                raise ValueError(f"{code} is not a card of this set ({cards.source})")
            if code in where:
                raise ValueError(f"{code} is named twice (in {where[code]} and in {pile}); each card is in the game once (HUD-R01)")
            where[code] = pile
    state = new_game(seed, rules).copy()
    home = {"start": "draw_pile", "corruption": "black_supply", "mind": "mind_deck"}
    instead = {"draw_pile": "discard", "black_supply": "discard", "mind_deck": "mind_discard"}
    piles: dict[str, list[str]] = {pile: list(codes or ()) for pile, codes in named.items()}
    piles["mind_discard"] = []
    # Left-over cards in set-up's own shuffled order, so that a moment is as random as its seed.
    set_up_order = [*state.draw_pile, *state.hand, *state.mind_deck, *state.mind_river, *state.black_supply]
    for code in set_up_order:
        if code in where:
            continue
        pile = home[cards[code].deck]
        if named[pile] is not None:
            pile = instead[pile]
        piles[pile].append(code)
    if river is None:  # the river is three cards from the top of the mind deck, as at set-up
        deck = piles["mind_deck"]
        piles["mind_river"] = [deck.pop() for _ in range(min(rules.river_size, len(deck)))]
    if draw_pile is None:
        piles["draw_pile"] = shuffled(piles["draw_pile"], seed, "moment draw pile")
    for pile, codes in piles.items():
        setattr(state, pile, codes)
    counts = {"powers": list(powers), "pinned": list(pinned)}
    for name, values in counts.items():
        if len(values) != 3 or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
            raise ValueError(f"{name} is three whole numbers of cubes, left to right, not {values!r}")
        setattr(state, name, values)
    numbers = {
        "monk_health": rules.monk_health if monk_health is None else monk_health,
        "corruption": corruption,
        "demon_health": rules.demon_health if demon_health is None else demon_health,
        "staged_damage": staged_damage,
        "demon_block": demon_block,
        "purchase": purchase,
        "turn": turn,
    }
    for name, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} is a whole number of at least 0, not {value!r}")
        setattr(state, name, value)
    if state.corruption > rules.corruption_capacity:
        raise ValueError(f"corruption {state.corruption} is more than the monk can take ({rules.corruption_capacity})")
    if not 1 <= state.monk_health <= rules.monk_health or not 1 <= state.demon_health <= rules.demon_health:
        raise ValueError("the monk's and the demon's health are between 1 and their starting health in a game still on")
    combo_cards = piles["combo"]
    whites = sum(code[0] == "W" for code in combo_cards)
    if whites > rules.max_white_per_combo:
        raise ValueError(f"a combo holds at most {rules.max_white_per_combo} white cards (HUD-R03)")
    state.cards_played = len(combo_cards)
    state.whites_played = whites
    state.current_card = combo_cards[-1] if combo_cards else None
    used = set(used)
    if used - set(FEATURES):
        raise ValueError(f"used names features: {', '.join(FEATURES)}")
    if combo_cards:
        last = cards[combo_cards[-1]]
        features = [FEATURE_VALUE, FEATURE_SYMBOL] + ([FEATURE_COLOUR] if last.colour in ACTIVE_COLOURS else [])
        state.open_features = [feature for feature in features if feature not in used]
    else:
        state.open_features = []
    if phase == FLOW and not combo_cards:
        raise ValueError("a Flow removal needs a combo to remove from (HUD-R04)")
    state.phase = phase
    state.entangled = entangled
    state.took_black = took_black
    state.swapped = swapped
    return state


def play_out(state: HudaiState, *actions: str, quiet: bool = False) -> HudaiState:
    """Apply actions written as text (``"play R5"``, ``"value left"``), print what each one did
    (unless quiet) and return the new state; an illegal one raises IllegalAction with its rule."""
    for text in actions:
        state, events = apply(state, text)
        if not quiet:
            print(f"> {text}")
            for event in events:
                print(f"    {event.text}")
    return state
