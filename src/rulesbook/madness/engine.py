"""The expedition: set-up, the five phases, rewards and failure resolution (ruling MAD-R07).

`legal_actions` lists what the rules allow now. `refusal` says, on its own, whether one action is
allowed, and if not why: it returns the IllegalAction (citing the rulebook section or the ruling
id) or None. The two are written apart on purpose, so a test can hold them against each other.
`apply` raises the refusal, or copies the state, changes the copy and returns it with the events
that tell what happened; the given state is never changed. `apply_legal` skips the referee, for
actions taken from `legal_actions`. Failure resolution is spelt out step by step in events (kinds
"failure", "madness", "die", "reroll", "accept", "accident", "confusion", "loss of confidence",
"token"), each with its data (`event.data["player"]`, `["card"]` ...), so the book can replay it.
An event that reports a player's decision has that player's seat (`Event.seat`).

>>> state = new_game(4, seed=1)
>>> refusal(state, "P2: move to C1").reason
'only the Leader (P1) decides that, not P2'
>>> after, events = apply(state, "P1: move to C1")
>>> after.phase.value, events[0].data["space"]
('encounter', 'C1')

Speed (measured by `benchmarks/run.py speed`; each choice kept only where it pays 3 % or more),
from the shape of the data rather than tricks:
- what is copied per action: `apply_legal` copies only the piles the action changes (`CHANGES`,
  held to the handlers by tests/madness/test_madness_speed.py) and shares the others with the
  state given; `apply` copies them all, so a lesson may change its result by hand. `State.copy`
  builds the copy's `__dict__` as one plain dict instead of calling the dataclass `__init__`.
  A card played (two steps in five of a playout) replaces the hands and the Sled instead of
  changing them: only the player's own hand is copied, the other hands and the cards already on
  the Sled are shared with the state before.
- small values made once: actions and events are values, so the ones that say the same at every
  step (each seat's `TimeUp`, `Speak` ..., each seat's PlayCard of each label, "You play Tools 6",
  the die's faces) are made once, per seat or per pack (`_SAID`, `_Lookups`). So are each Leader's
  MoveAirplane to each space, IgnoreMadness of each seat (`_IGNORE`), and DrawMadness and RollDie
  of each failed challenge (`_Lookups.failure_plays`), and where the Airplane may go from each
  space (`_Lookups.onward`, read by `destinations`): a frozen action costs a microsecond to make.
- what is kept rather than recomputed: a hand's plays (`_Lookups.hand_plays`: most hands are as
  they were a step ago), cards' labels and Madness levels by id. The plays are kept per seat,
  keyed by the hand as a tuple, and `_legal_encounter` looks them up itself: the Encounter's
  legal list (two steps in three) costs a tuple and a dict lookup per hand, and the Leader's
  plays a Ruin token forbids are filtered out afterwards, only when the Leader has a token.
- what is worded only when read: the events a playout makes most whose sentences join many
  parts (a move, the Sled revealed, each challenge measured, the failures to suffer, Confusion's
  discard, a deal) are `Event.worded` (`_tell`): their sentence is put together from their data,
  and values bound with `partial` (never the state, which may change after), when first read,
  the same words as before; a simulation words none.
Dispatch goes through the tables `_LEGAL`, `_REFUSALS` and `_HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import lru_cache, partial
from typing import Any

from rulesbook.core.data import DataError, kind_name, shown
from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event
from rulesbook.core.house import at_moment
from rulesbook.core.rng import check_seed, seeded_random, shuffled
from rulesbook.core.words import listed, plural
from rulesbook.madness.actions import (
    ACTIONS,
    ANY_PLAYER,
    AcceptDie,
    Action,
    Deal,
    DealTo,
    DrawMadness,
    GiveRelic,
    IgnoreMadness,
    MoveAirplane,
    NoRest,
    PlayCard,
    RaiseHandLimit,
    Reroll,
    Resolve,
    Rest,
    RestartEncounter,
    RollDie,
    SearchTile,
    Speak,
    TakeArcane,
    TimeUp,
    parse_action,
    seat_text,
)
from rulesbook.madness.challenges import CardFace, Challenge
from rulesbook.madness.pack import DIE_FACES, LEADERSHIP_COLUMN, Pack, default_pack
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import ESCAPE_TURNS, Phase, State, counted

SETUP = "Setting Up the Game"
MOVEMENT = "Movement Phase"
EDGE = 'The "Edge of Madness" Tile'
ENCOUNTER = "Encounter Phase"
ACTION = "Action"
DRAW = "Draw Phase"
REST = LEADERSHIP_COLUMN["Rest"]
RELIC = "Relic (Specimen/Ruin/Knowledge)"
END = "The End of the Game"
#: The kinds of event that tell how the game ended, in the move that ends it (core.events.result_start):
#: the expedition's escape, with its result, or its loss.
ENDING_EVENTS = frozenset({"escaped", "lost"})

#: The phase in which each action may be taken.
PHASE_OF: dict[type, Phase] = {
    IgnoreMadness: Phase.MOVEMENT, MoveAirplane: Phase.MOVEMENT,
    PlayCard: Phase.ENCOUNTER, Speak: Phase.ENCOUNTER, TimeUp: Phase.ENCOUNTER,
    RestartEncounter: Phase.TIMER, Resolve: Phase.TIMER,
    GiveRelic: Phase.REWARD, SearchTile: Phase.REWARD, TakeArcane: Phase.REWARD,
    DrawMadness: Phase.FAILURES, RollDie: Phase.FAILURES,
    AcceptDie: Phase.DIE, Reroll: Phase.DIE,
    RaiseHandLimit: Phase.DRAW, Deal: Phase.DRAW, DealTo: Phase.DRAW,
    Rest: Phase.REST, NoRest: Phase.REST,
}


#: The most players at a table ('for 3 to 5 players').
MOST_PLAYERS = 5
#: The actions that name only who takes them, made once per seat: actions are values, so one serves
#: every state, and `legal_actions` runs at every step of every playout.
_SAID: dict[type, tuple[Any, ...]] = {kind: tuple(kind(seat) for seat in range(MOST_PLAYERS)) for kind in (
    Speak, TimeUp, RestartEncounter, Resolve, Reroll, RaiseHandLimit, Deal, Rest, NoRest)}
#: Each seat's IgnoreMadness of each seat, made once likewise.
_IGNORE = tuple(tuple(IgnoreMadness(seat, target) for target in range(MOST_PLAYERS)) for seat in range(MOST_PLAYERS))
#: The events a seat's card on the Sled and a broken silence make, the same at every step: made once per seat.
_SILENCE = tuple(Event("silence", f"{seat_text(seat)} plays a card: all communication stops.") for seat in range(MOST_PLAYERS))
_PLAYED = tuple(Event("play", f"{seat_text(seat)} plays a card face down on the Sled.", seat, None, {"player": seat})
                for seat in range(MOST_PLAYERS))
_SPOKEN = tuple(Event("speech", f"{seat_text(seat)} speaks while communication is forbidden: the Penalty Die is rolled at once.",
                      seat) for seat in range(MOST_PLAYERS))


#: The most hands whose plays `_Lookups.hand_plays` keeps for each seat of a pack (a few MB at most).
MOST_HANDS_KEPT = 20_000


class _Lookups:
    """What the engine reads of a pack at every step, made once per pack: each card's label, each
    Madness card's level, every seat's PlayCard for each label, the tiles and spaces of each region,
    and the events that say the same at every step (a card played or received, a face of the die)."""

    def __init__(self, pack: Pack):
        self.label = {card.id: card.label for card in pack.cards.values()}
        self.plays = tuple({card.label: PlayCard(seat, card.face) for card in pack.cards.values()} for seat in range(MOST_PLAYERS))
        self.level = {card.id: card.level for card in pack.madness.values()}
        #: each seat's hands seen, as tuples, with their plays: a hand's lookup needs no key built around it
        self.hands: tuple[dict[tuple[str, ...], tuple[PlayCard, ...]], ...] = tuple({} for _ in range(MOST_PLAYERS))
        self.tiles_of = {region: [t for t in pack.tiles if pack.tiles[t].region == region] for region in pack.tiles_used}
        self.spaces_of = {region: [s for s in pack.spaces if pack.spaces[s].region == region] for region in pack.tiles_used}
        self.madness_of_level = {level: [m for m in pack.madness if pack.madness[m].level == level] for level in (1, 2, 3)}
        #: where the Airplane may go (`destinations`): the start spaces, each space's onward spaces (no Escape),
        #: and the Escape spaces of each step after the Edge of Madness, in the pack's order
        self.starts = tuple(s for s, space in pack.spaces.items() if space.start)
        self.onward = {s: tuple(a for a in space.adjacent if pack.spaces[a].region != "Escape") for s, space in pack.spaces.items()}
        self.escape = {order: tuple(s for s, space in pack.spaces.items() if space.region == "Escape" and space.escape_order == order)
                       for order in (1, 2, 3)}
        self.moves = tuple({s: MoveAirplane(seat, s) for s in pack.spaces} for seat in range(MOST_PLAYERS))
        #: each Leader's DrawMadness (one per target seat) and RollDie of each failed challenge, made at its first failure
        self.failures: dict[tuple[int, Challenge], tuple[tuple[DrawMadness, ...], RollDie]] = {}
        #: what a seat alone is told when it plays or receives a card, per seat and card (events are values, made once)
        self.you_play = tuple({card.id: Event("play", f"You play {card.label} ({card.name}) face down.", seat, (seat,),
                                              {"player": seat, "card": card.id}) for card in pack.cards.values()}
                              for seat in range(MOST_PLAYERS))
        self.you_receive = tuple({card.id: Event("deal", f"You receive {card.label} ({card.name}).", None, (seat,),
                                                 {"player": seat, "card": card.id}) for card in pack.cards.values()}
                                 for seat in range(MOST_PLAYERS))
        self.die_shows = {face: Event("die", f"The Penalty Die shows {face}.", data={"face": face}) for face in DIE_FACES}

    def failure_plays(self, leader: int, challenge: Challenge) -> tuple[tuple[DrawMadness, ...], RollDie]:
        """The Leader's DrawMadness for each seat and RollDie for a failed challenge (the pack's challenges are few)."""
        key = (leader, challenge)
        found = self.failures.get(key)
        if found is None:
            draws = tuple(DrawMadness(leader, challenge, target) for target in range(MOST_PLAYERS))
            found = self.failures[key] = (draws, RollDie(leader, challenge))
        return found

    def hand_plays(self, seat: int, hand: list[str]) -> tuple[PlayCard, ...]:
        """A hand's PlayCards, one per label (two Tools 6 play alike), in the hand's order; kept by
        hand in `hands[seat]`, since most steps of an Encounter leave most hands as they were."""
        key = tuple(hand)
        kept = self.hands[seat]
        found = kept.get(key)
        if found is None:
            if len(kept) >= MOST_HANDS_KEPT:
                kept.clear()
            plays = self.plays[seat]
            found = kept[key] = tuple(plays[label] for label in dict.fromkeys([self.label[card] for card in hand]))
        return found


_LOOKUPS: dict[str, _Lookups] = {}


def _lookups(pack: Pack) -> _Lookups:
    """The pack's `_Lookups`, made at the first step of a game with this pack's data."""
    found = _LOOKUPS.get(pack.digest)
    if found is None:
        found = _LOOKUPS[pack.digest] = _Lookups(pack)
    return found


# ---------------------------------------------------------------- set-up

@lru_cache(maxsize=4)
def _default_rules(pack: Pack) -> Rules:
    """The default Rules with the shipped pack as it is now, made once: Rules are values."""
    return Rules(pack=pack)


def new_game(players: int | Sequence[str] = 4, seed: int | str = 0, rules: Rules | None = None) -> State:
    """Set up the table exactly as 'Setting Up the Game' lists, for 3, 4 or 5 players (a count or
    their names in seat order). A seed is a whole number or a text, as a state's JSON holds it.
    DataError naming `players` or `seed` otherwise."""
    rules = _default_rules(default_pack()) if rules is None else Rules.given(rules)
    check_seed(seed, "seed")
    pack = rules.pack
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
    elif isinstance(players, Sequence) and not isinstance(players, str) and all(isinstance(n, str) for n in players):
        count = len(players)
    else:
        raise DataError("players", f"expected a number of players or their names in seat order, not {shown(players)}")
    if not 3 <= count <= 5:  # before any name is made: players=10**9 would make a billion
        raise DataError("players", f"At the Mountains of Madness is for 3 to 5 players, not {count} ({SETUP})")
    names = tuple(f"P{i + 1}" for i in range(count)) if isinstance(players, int) else tuple(players)
    state = State(names=names, seed=seed, rules=rules)
    # step 3: tiles by region, face down on the matching spaces; the rest go back unseen
    lookups = _lookups(pack)
    for region, used in pack.tiles_used.items():
        tiles = shuffled(lookups.tiles_of[region], seed, "tiles", region)
        for space, tile in zip(lookups.spaces_of[region], tiles[:used]):
            state.board[space] = tile
        state.unused_tiles.extend(tiles[used:])
    state.board = {space: state.board[space] for space in pack.spaces}
    state.injury_deck = list(pack.injuries)  # step 4, face up
    state.arcane_deck = list(pack.arcane)  # step 5, face up
    state.relic_deck = list(pack.relics)  # step 6, face up
    state.equipment_deck = shuffled(pack.equipment, seed, "equipment")  # step 7
    for _ in range(count):  # step 8
        state.equipment_discard.append(state.injury_deck.pop())
    state.madness_decks = [shuffled(lookups.madness_of_level[level], seed, "madness", level) for level in (1, 2, 3)]  # step 9
    hand, deal = state.rules.hand(count), pack.setup[count][1]
    state.hands = [[] for _ in range(count)]
    for _ in range(hand):  # step 10
        for player in range(count):
            state.hands[player].append(state.equipment_deck.pop())
    state.madness = [[] for _ in range(count)]
    state.relics = [[] for _ in range(count)]
    state.covers = [[] for _ in range(count)]
    state.relic_tokens = dict(pack.relic_tokens)
    state.leader = 0  # step 13: the first player named leads the first turn (MAD-P11)
    state.sled_tokens = state.rules.tokens
    for player in range(count):  # step 14
        if deal == "all" or (deal == "all but the first Leader" and player != state.leader):
            state.madness[player].append(state.madness_decks[0].pop())
    if rules.house:
        _house(state, "turn_start", [])
    return state


# ---------------------------------------------------------------- small helpers

def level(state: State, player: int) -> int:
    """A player's Madness level: their highest card (MAD-P19, for the Expert Variant's several), 0 without one."""
    cards = state.madness[player]
    if not cards:
        return 0
    if len(cards) == 1:  # always so outside the Expert Variant
        return _lookups(state.rules.pack).level[cards[0]]
    levels = _lookups(state.rules.pack).level
    return max(levels[card] for card in cards)


def faced_challenges(state: State) -> tuple[Challenge, ...]:
    """The challenges faced this turn: the tile's, or the empty space's own (MAD-R10)."""
    pack = state.rules.pack
    if state.encounter is not None:
        return pack.tiles[state.encounter].challenges
    if state.airplane is not None:
        return pack.spaces[state.airplane].challenges
    return ()


def hand_limit(state: State) -> int:
    """The hand size limit by player count, plus one per token spent in the Draw Phase."""
    return state.rules.hand(state.players) + state.hand_bonus


def covered(state: State, player: int, what: str) -> bool:
    """Whether a Relic token on the player's board covers this phase or equipment type."""
    return what in state.covers[player]


def destinations(state: State) -> list[str]:
    """Where the Leader may move the Airplane (Movement Phase; The Edge of Madness tile)."""
    lookups = _lookups(state.rules.pack)
    if state.airplane is None:
        return list(lookups.starts)
    if state.edge_reached:
        return list(lookups.escape.get(state.escape_steps + 1, ()))
    return list(lookups.onward[state.airplane])


def relic_recipients(state: State) -> list[int]:
    """Who may take the Relic: anyone, or only players below Level 3 while there are some (MAD-P06)."""
    everyone = list(range(state.players))
    if state.rules.relic_recipient_below_level_3:
        below = [p for p in everyone if level(state, p) < 3]
        if below:
            return below
    return everyone


def failure_options(state: State) -> list[dict[str, Any]]:
    """The failures still to suffer, each with its consequences (MAD-R07), as plain data for lessons.

    For each failed challenge: its total and how far it missed (the Confusion count), who may
    draw a Madness card (players below Level 3) and that the Penalty Die is always possible.
    """
    if not state.pending:
        return []
    faced = faced_challenges(state)
    below = [p for p in range(state.players) if level(state, p) < 3]
    return [{"challenge": faced[i].text, "total": state.totals[i], "misses_by": faced[i].distance(state.totals[i]),
             "madness_for": list(below), "penalty_die": True} for i in state.pending]


def _needs(state: State) -> list[int]:
    limit = hand_limit(state)
    return [max(0, limit - len(hand)) for hand in state.hands]


def injuries_in_play(state: State) -> int:
    """Injury cards in the Equipment deck, its discard, the hands (and on the Sled)."""
    cards = state.rules.pack.cards
    piles = [state.equipment_deck, state.equipment_discard, *state.hands, [c for _, c in state.sled]]
    return sum(1 for pile in piles for c in pile if cards[c].type is None)


def relic_count(state: State) -> int:
    return sum(len(r) for r in state.relics)


# ---------------------------------------------------------------- legal actions

def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action the rules allow now (only one player's, when `player` is given)."""
    actions = _LEGAL[state.phase](state)
    if player is not None:
        actions = [a for a in actions if a.player == player]
    return actions


def _legal_movement(state: State) -> list[Action]:
    leader = state.leader
    out: list[Action] = []
    if state.sled_tokens and not covered(state, leader, "Movement"):
        ignore = _IGNORE[leader]
        out.extend(ignore[p] for p in range(state.players) if state.madness[p] and p not in state.ignoring)
    moves = _lookups(state.rules.pack).moves[leader]
    out.extend(moves[s] for s in destinations(state))
    return out


def _legal_encounter(state: State) -> list[Action]:
    leader = state.leader
    lookups = _lookups(state.rules.pack)
    kept = lookups.hands  # each seat's hands seen, with their plays: most hands are as they were a step ago
    out: list[Action] = []
    for p, hand in enumerate(state.hands):
        plays = kept[p].get(tuple(hand))
        out += lookups.hand_plays(p, hand) if plays is None else plays
    forbidden = state.covers[leader]  # the equipment types the Leader's Ruin token covers (and phases)
    if forbidden:
        out = [a for a in out if not (isinstance(a, PlayCard) and a.player == leader and a.card.type in forbidden)]
    if state.rules.speech_penalty and not state.talking:
        out += _SAID[Speak][:state.players]
    out.append(_SAID[TimeUp][leader])
    return out


def _legal_timer(state: State) -> list[Action]:
    leader = state.leader
    if state.sled_tokens and not covered(state, leader, "Encounter"):
        return [_SAID[RestartEncounter][leader], _SAID[Resolve][leader]]
    return [_SAID[Resolve][leader]]


def _legal_reward(state: State) -> list[Action]:
    leader = state.leader
    reward = state.reward or ""
    if reward.startswith("Relic "):
        return [GiveRelic(leader, reward[6:], p) for p in relic_recipients(state)]
    if reward == "Search":
        return [SearchTile(leader, s) for s, t in state.board.items() if t is not None]
    if reward != "Arcane":
        return []
    cards = state.rules.pack.cards
    faces: list[CardFace] = []
    for card in state.arcane_deck:
        if cards[card].face not in faces:
            faces.append(cards[card].face)
    return [TakeArcane(leader, face) for face in faces]


def _legal_failures(state: State) -> list[Action]:
    leader = state.leader
    lookups = _lookups(state.rules.pack)
    faced = faced_challenges(state)
    below = [p for p in range(state.players) if level(state, p) < 3]
    done: set[Challenge] = set()
    out: list[Action] = []
    for index in state.pending:
        challenge = faced[index]
        if challenge in done:
            continue
        done.add(challenge)
        draws, roll = lookups.failure_plays(leader, challenge)
        out.extend([draws[p] for p in below])
        out.append(roll)
    return out


def _legal_die(state: State) -> list[Action]:
    leader = state.leader
    out: list[Action] = [AcceptDie(leader, state.die or "")]
    if state.sled_tokens and not covered(state, leader, "Resolution"):
        out.append(_SAID[Reroll][leader])
    return out


def _legal_draw(state: State) -> list[Action]:
    leader = state.leader
    out: list[Action] = []
    if state.sled_tokens and not covered(state, leader, "Draw"):
        out.append(_SAID[RaiseHandLimit][leader])
    needs = _needs(state)
    deck = len(state.equipment_deck)
    if sum(needs) <= deck or deck == 0:
        out.append(_SAID[Deal][leader])
    else:
        out.extend(DealTo(leader, p) for p in range(state.players) if needs[p])
    return out


def _legal_rest(state: State) -> list[Action]:
    leader = state.leader
    out: list[Action] = []
    if state.tokens_in_play >= 2 and not covered(state, leader, "Rest"):
        out.append(_SAID[Rest][leader])
    out.append(_SAID[NoRest][leader])
    return out


#: What may be done in each phase.
_LEGAL: dict[Phase, Callable[[State], list[Action]]] = {
    Phase.MOVEMENT: _legal_movement, Phase.ENCOUNTER: _legal_encounter, Phase.TIMER: _legal_timer,
    Phase.REWARD: _legal_reward, Phase.FAILURES: _legal_failures, Phase.DIE: _legal_die, Phase.DRAW: _legal_draw,
    Phase.REST: _legal_rest, Phase.OVER: lambda state: [],
}


# ---------------------------------------------------------------- the referee: one action, allowed or why not

def refusal(state: State, action: Action | str) -> IllegalAction | None:
    """Why the rules refuse this action now (the error `apply` raises), or None if they allow it.

    Written from the rulebook apart from `legal_actions` (a test holds the two against each
    other), so a mistake in either shows instead of being agreed with. An action built by hand
    with fields of the wrong type is refused too, naming the field.
    """
    return _refusal(state, parse_action(action) if isinstance(action, str) else action)


def _refusal(state: State, act: Any) -> IllegalAction | None:
    phase = state.phase
    if phase is Phase.OVER:
        return IllegalAction("the expedition is over; no more actions", END)
    wanted = PHASE_OF.get(type(act))
    if wanted is None:
        return IllegalAction(f"{shown(act)} is not an action of At the Mountains of Madness", "Gameplay")
    for name, kind, words in _FIELDS_OF[type(act)]:
        value = getattr(act, name)
        if not isinstance(value, kind):
            return IllegalAction(f"{type(act).__name__}.{name}: expected {words}, not {shown(value)}", "Gameplay")
    if not _is_seat(state, act.player):
        return IllegalAction(f"there is no player {_who(act.player)} at this table of {state.players}", SETUP)
    target = getattr(act, "target", None)
    if target is not None and not _is_seat(state, target):
        return IllegalAction(f"there is no player {_who(target)} at this table of {state.players}", SETUP)
    if wanted is Phase.ENCOUNTER and phase is Phase.TIMER:
        return IllegalAction(f"{_TIMED_OUT.get(type(act), 'the Sand Timer has run out')}: the Leader alone decides whether to "
                             "restart the Encounter or resolve it", "MAD-P01")
    if wanted is not phase:
        return IllegalAction(f"'{act}' belongs to the {wanted.heading}, but this is the {phase.heading}", wanted.section)
    if type(act) not in ANY_PLAYER and act.player != state.leader:
        rule = "MAD-P01" if type(act) is TimeUp else phase.section  # the rulebook's timer ends the Encounter by itself
        return IllegalAction(f"only the Leader ({seat_text(state.leader)}) decides that, not {seat_text(act.player)}", rule)
    return _REFUSALS[type(act)](state, act)


#: Why an action of the Encounter Phase is refused once the Sand Timer has run out (MAD-P01): the
#: timed-out Encounter shares the phase's heading, so "belongs to the Encounter Phase" would not say it.
_TIMED_OUT: dict[type, str] = {
    PlayCard: "the Sand Timer has run out, so no more cards can be played", TimeUp: "the Sand Timer has already run out"}


def is_legal(state: State, action: Action | str) -> bool:
    """Whether the rules allow this action now."""
    return refusal(state, action) is None


#: The type of each field an action may have, and its name in a refusal, in the words a field of
#: data is named in (`rulesbook.core.data.expect`): "MoveAirplane.space: expected text, not 5".
_FIELD_TYPES: dict[str, tuple[type, str]] = {
    "player": (int, kind_name(int)), "target": (int, kind_name(int)), "space": (str, kind_name(str)),
    "relic": (str, kind_name(str)), "face": (str, kind_name(str)), "card": (CardFace, "a CardFace (parse_card('Tools 6'))"),
    "challenge": (Challenge, "a Challenge (parse_challenge('Tools 7-9'))"),
}
#: Each action's fields with the type a hand-built action must give them.
_FIELDS_OF: dict[type, tuple[tuple[str, type, str], ...]] = {
    kind: tuple((item.name, *_FIELD_TYPES[item.name]) for item in fields(kind)) for kind in ACTIONS}


def _is_seat(state: State, player: object) -> bool:
    return isinstance(player, int) and not isinstance(player, bool) and 0 <= player < state.players


def _who(player: object) -> str:
    """A player as a refusal names them: a seat as P1, P2 ...; anything else (a bool too) as written."""
    return seat_text(player) if type(player) is int and player >= 0 else repr(player)


def _token_refusal(state: State, phase: str) -> IllegalAction | None:
    """A Leadership token can be used: one lies on the Sled, and no Relic token of the Leader covers this phase."""
    leader = state.leader
    if phase in state.covers[leader]:
        return IllegalAction(f"{seat_text(leader)}'s Relic token covers the {phase} Phase: no Leadership token can be used "
                             "in it while they lead", "MAD-P07")
    if state.sled_tokens < 1:
        return IllegalAction("there is no Leadership token on the Sled to discard", LEADERSHIP_COLUMN[phase])
    return None


def _refuse_ignore(state: State, act: IgnoreMadness) -> IllegalAction | None:
    token = _token_refusal(state, "Movement")
    if token is not None:
        return token
    who = seat_text(act.target)
    if not state.madness[act.target]:
        return IllegalAction(f"{who} has no Madness card to ignore", "MAD-P15")
    if act.target in state.ignoring:
        return IllegalAction(f"{who} already ignores their Madness this turn", "MAD-P15")
    return None


def _refuse_move(state: State, act: MoveAirplane) -> IllegalAction | None:
    spaces = state.rules.pack.spaces
    space = spaces.get(act.space)
    if space is None:
        return IllegalAction(f"there is no space {act.space!r} on the board", MOVEMENT)
    if state.airplane is None:
        if not space.start:  # which spaces are, is left unsaid: an exercise asks for them
            return IllegalAction(f"on the first turn the Airplane starts on a bottom-row Coast space, and {act.space} is not one",
                                 MOVEMENT)
        return None
    if state.edge_reached:
        if space.region != "Escape" or space.escape_order != state.escape_steps + 1:
            return IllegalAction("after the Edge of Madness the expedition moves onto the next Escape space in order, one each "
                                 "turn; it can no longer descend", EDGE)
        return None
    if act.space == state.airplane:
        return IllegalAction("the Airplane cannot stay on the same space", MOVEMENT)
    if space.region == "Escape":
        return IllegalAction("Escape spaces are reached only from the Edge of Madness", "MAD-P16")
    if act.space not in spaces[state.airplane].adjacent:
        return IllegalAction(f"{act.space} is not adjacent to {state.airplane}", MOVEMENT)
    return None


def _refuse_play(state: State, act: PlayCard) -> IllegalAction | None:
    who = seat_text(act.player)
    kind = act.card.type
    if act.player == state.leader and kind is not None and kind in state.covers[act.player]:
        return IllegalAction(f"{who} leads and their Ruin token covers {kind}: they cannot play {kind} cards", "MAD-P07")
    cards = state.rules.pack.cards
    if not any(cards[card].face == act.card for card in state.hands[act.player]):
        return IllegalAction(f"{who} has no {act.card.text} in hand", ACTION)
    return None


def _refuse_speak(state: State, act: Speak) -> IllegalAction | None:
    if not state.rules.speech_penalty:
        return IllegalAction("breaking the silence is switched off in these Rules", "MAD-P02")
    if state.talking:
        return IllegalAction("talking is allowed until someone plays a card: there is no silence to break", ACTION)
    return None


def _refuse_give(state: State, act: GiveRelic) -> IllegalAction | None:
    reward = state.reward or ""
    if not reward.startswith("Relic ") or reward[6:] != act.relic:
        return IllegalAction(f"the reward is {reward or 'not a Relic'}, not the Relic {act.relic}", RELIC)
    if state.rules.relic_recipient_below_level_3 and level(state, act.target) >= 3:
        if any(level(state, p) < 3 for p in range(state.players)):
            return IllegalAction(f"{seat_text(act.target)} is at Madness Level 3 and could not draw the Madness that comes "
                                 "with a Relic, while someone else can", "MAD-P06")
    return None


def _refuse_search(state: State, act: SearchTile) -> IllegalAction | None:
    if state.reward != "Search":
        return IllegalAction(f"the reward now is {state.reward or 'none'}, not Search", "Success")
    if state.board.get(act.space) is None:
        return IllegalAction(f"{act.space} holds no face-down Encounter tile to search", "Search")
    return None


def _refuse_take(state: State, act: TakeArcane) -> IllegalAction | None:
    if state.reward != "Arcane":
        return IllegalAction(f"the reward now is {state.reward or 'none'}, not Arcane Equipment", "Success")
    if not act.card.arcane:
        return IllegalAction(f"{act.card.text} is not an Arcane Equipment card", "Arcane Equipment")
    cards = state.rules.pack.cards
    if not any(cards[card].face == act.card for card in state.arcane_deck):
        return IllegalAction(f"no {act.card.text} card is left in the Arcane Equipment deck", "Arcane Equipment")
    return None


def _refuse_failed(state: State, act: DrawMadness | RollDie) -> IllegalAction | None:
    """The challenge named is a failure still to suffer (MAD-R07)."""
    faced = faced_challenges(state)
    if not any(faced[index] == act.challenge for index in state.pending):
        still = ", ".join(faced[index].text for index in state.pending)
        return IllegalAction(f"{act.challenge.text} is not a failed challenge still to suffer ({still})", "Failures")
    return None


def _refuse_madness(state: State, act: DrawMadness) -> IllegalAction | None:
    failed = _refuse_failed(state, act)
    if failed is not None:
        return failed
    if level(state, act.target) >= 3:
        return IllegalAction(f"{seat_text(act.target)} already has a Level 3 Madness: the Leader cannot choose them to draw",
                             "MAD-R07")
    return None


def _refuse_accept(state: State, act: AcceptDie) -> IllegalAction | None:
    if act.face != state.die:
        return IllegalAction(f"the Penalty Die shows {state.die}, not {act.face}", "Rolling the Penalty Die")
    return None


def _shortfall(state: State) -> tuple[int, int]:
    """(cards the hands lack to reach the limit, cards in the Equipment deck)."""
    limit = hand_limit(state)
    return sum(limit - len(hand) for hand in state.hands if len(hand) < limit), len(state.equipment_deck)


def _refuse_deal(state: State, act: Deal) -> IllegalAction | None:
    wanted, deck = _shortfall(state)
    if 0 < deck < wanted:
        return IllegalAction(f"the deck holds {plural(deck, 'card')} and the hands lack {wanted}: the Leader chooses who receives "
                             "the cards, giving them out one at a time (MAD-P09)", DRAW)
    return None


def _refuse_deal_to(state: State, act: DealTo) -> IllegalAction | None:
    limit = hand_limit(state)
    if len(state.hands[act.target]) >= limit:
        return IllegalAction(f"{seat_text(act.target)} already holds the hand size limit ({limit}) or more", DRAW)
    wanted, deck = _shortfall(state)
    if deck == 0:
        return IllegalAction("the Equipment deck is empty: nothing to deal", DRAW)
    if deck >= wanted:
        return IllegalAction("the deck can fill every hand: the Leader deals to every player at once", DRAW)
    return None


def _refuse_rest(state: State, act: Rest) -> IllegalAction | None:
    if "Rest" in state.covers[state.leader]:
        return IllegalAction(f"{seat_text(state.leader)}'s Knowledge token covers the Rest Phase: the expedition cannot "
                             "rest while they lead", "MAD-P07")
    if state.sled_tokens + state.discard_tokens < 2:
        return IllegalAction("with a single Leadership token left, resting would box the last one and lose the game", REST)
    return None


def _allowed(state: State, act: Any) -> IllegalAction | None:
    """Time up, resolve and no rest: always the Leader's to say, in their phase."""
    return None


def _refuse_restart(state: State, act: RestartEncounter) -> IllegalAction | None:
    return _token_refusal(state, "Encounter")


def _refuse_reroll(state: State, act: Reroll) -> IllegalAction | None:
    return _token_refusal(state, "Resolution")


def _refuse_raise(state: State, act: RaiseHandLimit) -> IllegalAction | None:
    return _token_refusal(state, "Draw")


#: Each action's own refusal, once the phase, the seat and the Leader have been checked.
_REFUSALS: dict[type, Callable[[State, Any], IllegalAction | None]] = {
    IgnoreMadness: _refuse_ignore, MoveAirplane: _refuse_move, PlayCard: _refuse_play, Speak: _refuse_speak,
    TimeUp: _allowed, RestartEncounter: _refuse_restart, Resolve: _allowed, GiveRelic: _refuse_give,
    SearchTile: _refuse_search, TakeArcane: _refuse_take, DrawMadness: _refuse_madness, RollDie: _refuse_failed,
    AcceptDie: _refuse_accept, Reroll: _refuse_reroll, RaiseHandLimit: _refuse_raise, Deal: _refuse_deal,
    DealTo: _refuse_deal_to, Rest: _refuse_rest, NoRest: _allowed,
}


# ---------------------------------------------------------------- apply

def apply(state: State, action: Action | str) -> tuple[State, list[Event]]:
    """The state after the action, and what happened; IllegalAction (state untouched) if the rules refuse it.

    The state returned owns every pile: a lesson may change it by hand without touching `state`."""
    if isinstance(action, str):
        action = parse_action(action)
    error = _refusal(state, action)
    if error is not None:
        raise error
    return _taken(state.copy(), action)


def apply_legal(state: State, action: Action) -> tuple[State, list[Event]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path).

    The state returned copies only the piles the action changes (`CHANGES`) and shares the others
    with `state`: a playout never changes a state by hand (`State.copy()` first, to do so). A value
    of no kind the game knows is refused, never taken for another action."""
    changes = CHANGES.get(type(action))
    if changes is None:
        raise IllegalAction(f"{shown(action)} is not an action of At the Mountains of Madness", "Gameplay")
    return _taken(state.copy(changes), action)


def _taken(s: State, action: Action) -> tuple[State, list[Event]]:
    """The action taken on `s`, a copy of the state before it whose piles the action changes are its own."""
    s.search_shown = None  # a searched tile is shown once (MAD-R09)
    events: list[Event] = []
    _HANDLERS[type(action)](s, action, events)
    return s, events


def _say(events: list[Event], kind: str, text: str, seen_by: tuple[int, ...] | None = None,
         data: dict[str, Any] | None = None, seat: int | None = None) -> None:
    """One event: its kind, its sentence, who may see it (None: everyone), what it is about."""
    events.append(Event(kind, text, seat, seen_by, data))


def _tell(events: list[Event], kind: str, say: Callable[..., str], data: dict[str, Any], seat: int | None = None) -> None:
    """One event for everyone whose sentence is `say(**data)`, put together only when read
    (`Event.worded`): the events a playout makes most are worded from their data and a few
    values bound with `partial`, never from the state, which may change after."""
    events.append(Event.worded(kind, say, data, seat))


def _do_ignore(s: State, a: IgnoreMadness, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.ignoring.append(a.target)
    _say(ev, "token", f"The Leader discards a Leadership token: {seat_text(a.target)} ignores their Madness for the rest of the turn.",
         data={"token": "ignore", "player": a.target}, seat=a.player)


def _do_move(s: State, a: MoveAirplane, ev: list[Event]) -> None:
    pack = s.rules.pack
    space = pack.spaces[a.space]
    s.airplane = a.space
    s.outcomes, s.totals, s.pending = [], [], []
    s.sled = []
    s.talking = True
    s.restarts = 0
    tile = s.board.get(a.space)
    if tile is not None:
        s.board[a.space] = None
    s.encounter = tile  # the tile turned over, or None: the space's own challenges
    _tell(ev, "move", partial(_moved, pack), {"space": a.space, "tile": tile}, a.player)
    if space.region == "Edge of Madness" and not s.edge_reached:
        s.edge_reached = True
        _say(ev, "edge", "The expedition stands on the Edge of Madness: no more descending; three Escape turns follow.")
    if space.region == "Escape":
        s.escape_steps += 1
        _say(ev, "escape", f"Escape turn {s.escape_steps} of {ESCAPE_TURNS}.")
    s.phase = Phase.ENCOUNTER
    _say(ev, "timer", f"The Sand Timer is turned ({s.rules.timer_seconds} seconds): the table may talk until someone plays a card.")


def _moved(pack: Pack, space: str, tile: str | None) -> str:
    region = pack.spaces[space].region
    if tile is not None:
        t = pack.tiles[tile]
        return (f"The Leader moves the Airplane to {space} ({region}) and turns over {t.name}: "
                f"{', '.join(c.text for c in t.challenges)}; reward: {t.reward or 'no reward'}.")
    return (f"The Leader moves the Airplane to the empty space {space} ({region}): no reward, "
            f"its own challenges {', '.join(c.text for c in pack.spaces[space].challenges)}.")


def _do_play(s: State, a: PlayCard, ev: list[Event]) -> None:
    player, hand, label = a.player, s.hands[a.player], a.card.text
    lookups = _lookups(s.rules.pack)
    label_of = lookups.label
    card = next(c for c in hand if label_of[c] == label)
    # The hands and the Sled are replaced, not changed: only the player's own hand is copied,
    # the others are shared with the state before (CHANGES lists neither).
    hands = list(s.hands)
    hand = hands[player] = list(hand)
    hand.remove(card)
    s.hands = hands
    s.sled = [*s.sled, [player, card]]
    if s.talking:
        s.talking = False
        ev.append(_SILENCE[player])
    ev.append(_PLAYED[player])
    ev.append(lookups.you_play[player][card])


def _do_speak(s: State, a: Speak, ev: list[Event]) -> None:
    ev.append(_SPOKEN[a.player])
    face = _roll(s, ev)
    _apply_face(s, ev, face, None)


def _do_time_up(s: State, a: TimeUp, ev: list[Event]) -> None:
    s.phase = Phase.TIMER
    _say(ev, "timer", f"The Sand Timer runs out with {plural(len(s.sled), 'card')} on the Sled; the Leader decides alone whether to restart.",
         seat=a.player)


def _do_restart(s: State, a: RestartEncounter, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.restarts += 1
    s.talking = True
    if not s.rules.cards_stay_on_restart:
        for p, card in s.sled:
            s.hands[p].append(card)
        s.sled = []
    s.phase = Phase.ENCOUNTER
    kept = ("the cards already on the Sled stay there: the project's decision MAD-P03" if s.rules.cards_stay_on_restart
            else "the cards played go back to their hands: MAD-P03 switched off")
    _say(ev, "token", "The Leader discards a Leadership token to restart the Encounter Phase: the timer turns again and the table may talk "
         f"until someone plays a card ({kept}).", data={"token": "restart"}, seat=a.player)


def _do_resolve(s: State, a: Resolve, ev: list[Event]) -> None:
    pack = s.rules.pack
    cards = pack.cards
    seats = tuple(p for p, _ in s.sled)
    _tell(ev, "reveal", partial(_revealed, cards, seats), {"cards": tuple(c for _, c in s.sled)}, a.player)
    totals: dict[str, int] = {}
    for _, c in s.sled:
        face = cards[c]
        if face.type is not None:
            totals[face.type] = totals.get(face.type, 0) + face.value
    faced = faced_challenges(s)
    s.totals = [totals.get(c.type, 0) for c in faced]
    s.outcomes = [c.met_by(t) for c, t in zip(faced, s.totals)]
    for i, (c, total, ok) in enumerate(zip(faced, s.totals, s.outcomes)):
        _tell(ev, "challenge", partial(_measured, c.type),
              {"index": i, "challenge": c.text, "total": total, "overcome": ok, "misses_by": c.distance(total)})
    s.pending = [i for i, ok in enumerate(s.outcomes) if not ok]
    s.reward = None
    tile = pack.tiles[s.encounter] if s.encounter else None
    if any(s.outcomes) and tile is not None and tile.reward:
        _start_reward(s, ev, tile.reward)
    elif tile is not None and tile.reward:
        _say(ev, "reward", f"No challenge was overcome: no reward ({tile.reward}).")
    if s.phase is not Phase.REWARD:
        _after_reward(s, ev)


def _revealed(faces: dict[str, Any], seats: tuple[int, ...], cards: tuple[str, ...]) -> str:
    shown = ", ".join(f"{faces[c].label} ({faces[c].name}, {seat_text(p)})" for p, c in zip(seats, cards)) or "nothing"
    return f"The Leader reveals the Sled: {shown}."


def _measured(kind: str, index: int, challenge: str, total: int, overcome: bool, misses_by: int) -> str:
    verdict = "overcome" if overcome else f"failed (misses by {misses_by})"
    return f"{challenge}: the {kind} add up to {total}, {verdict}."


def _start_reward(s: State, ev: list[Event], reward: str) -> None:
    pack = s.rules.pack
    if reward == "Heal":
        cards = pack.cards
        injury = next((c for c in reversed(s.equipment_discard) if cards[c].type is None), None)
        if injury is not None:
            s.equipment_discard.remove(injury)
        else:
            found = next((pc for pc in s.sled if cards[pc[1]].type is None), None)
            if found is not None:
                s.sled.remove(found)
                injury = found[1]
        if injury is None:
            _say(ev, "reward", "Reward Heal: no Injury card in the Equipment discard; nothing to heal.")
        else:
            s.injury_deck.append(injury)
            _say(ev, "reward", f"Reward Heal: the Injury card {cards[injury].name} goes back to the Injury deck.", data={"reward": "Heal", "card": injury})
    elif reward == "Praise":
        back = min(2, s.discard_tokens)
        s.discard_tokens -= back
        s.sled_tokens += back
        _say(ev, "reward", f"Reward Praise: {plural(back, 'Leadership token')} {'comes' if back == 1 else 'come'} back from the discard to the Sled.", data={"reward": "Praise", "tokens": back})
    elif reward == "Arcane":
        if s.arcane_deck:
            s.reward, s.phase = reward, Phase.REWARD
            _say(ev, "reward", "Reward Arcane Equipment: the Leader chooses an Arcane card for the Equipment discard.")
        else:
            _say(ev, "reward", "Reward Arcane Equipment: the Arcane deck is empty; nothing to take.")
    elif reward == "Search":
        if any(t is not None for t in s.board.values()):
            s.reward, s.phase = reward, Phase.REWARD
            _say(ev, "reward", "Reward Search: the Leader chooses a face-down tile for everyone to see once (MAD-R09).")
        else:
            _say(ev, "reward", "Reward Search: no face-down tile is left to look at.")
    elif reward.startswith("Relic "):
        relic = pack.relic_by_name.get(reward[6:])
        if relic in s.relic_deck:
            s.reward, s.phase = reward, Phase.REWARD
            _say(ev, "reward", f"Reward {reward}: the Leader chooses who takes it.")
        else:
            _say(ev, "reward", f"Reward {reward}: that card is no longer in the Relic deck.")


def _do_give(s: State, a: GiveRelic, ev: list[Event]) -> None:
    pack = s.rules.pack
    rid = pack.relic_by_name[a.relic]
    relic = pack.relics[rid]
    s.relic_deck.remove(rid)
    had_knowledge = any(pack.relics[r].category == "Knowledge" for r in s.relics[a.target])
    s.relics[a.target].append(rid)
    who = seat_text(a.target)
    _say(ev, "relic", f"{who} takes the Relic card {relic.name} ({relic.title}) face up. Its action: {relic.action}",
         data={"player": a.target, "relic": rid}, seat=a.player)
    _draw_madness(s, ev, a.target, f"the Relic {relic.name}")
    if s.phase is Phase.OVER:
        return
    if relic.category == "Knowledge" and had_knowledge:
        _say(ev, "relic token", f"{who} already has a Knowledge token: no second one.")
    elif s.relic_tokens.get(relic.category, 0) > 0:
        s.relic_tokens[relic.category] -= 1
        s.covers[a.target].append(relic.covers)
        _say(ev, "relic token", f"{who} places a {relic.category} token on their Player Board covering {relic.covers}: {relic.constraint}",
             data={"player": a.target, "covers": relic.covers})
    else:
        _say(ev, "relic token", f"No {relic.category} token is left beside the board.")
    s.reward = None
    _after_reward(s, ev)


def _do_search(s: State, a: SearchTile, ev: list[Event]) -> None:
    tile_id = s.board[a.space]
    assert tile_id is not None
    tile = s.rules.pack.tiles[tile_id]
    s.search_shown = [a.space, tile_id]
    _say(ev, "search", f"Search: everyone sees the tile on {a.space}, {tile.name}: {', '.join(c.text for c in tile.challenges)}; "
         f"reward {tile.reward or 'none'}. Memorise it: it is turned face down again (MAD-R09).", data={"space": a.space, "tile": tile_id},
         seat=a.player)
    s.reward = None
    _after_reward(s, ev)


def _do_take(s: State, a: TakeArcane, ev: list[Event]) -> None:
    cards = s.rules.pack.cards
    card = next(c for c in s.arcane_deck if cards[c].face == a.card)
    s.arcane_deck.remove(card)
    s.equipment_discard.append(card)
    _say(ev, "reward", f"The Leader adds {a.card.text} ({cards[card].name}) to the Equipment discard.", data={"reward": "Arcane", "card": card},
         seat=a.player)
    s.reward = None
    _after_reward(s, ev)


def _after_reward(s: State, ev: list[Event]) -> None:
    """After any reward the failures are suffered, one by one, in the Leader's order (MAD-R07)."""
    if s.pending:
        s.phase = Phase.FAILURES
        _tell(ev, "failures", partial(_to_suffer, faced_challenges(s)), {"pending": tuple(s.pending)})
    else:
        _end_resolution(s, ev)


def _to_suffer(faced: tuple[Challenge, ...], pending: tuple[int, ...]) -> str:
    return (f"{plural(len(pending), 'failure')} to suffer: {', '.join(faced[i].text for i in pending)}. For each, in the order the "
            "Leader picks, a player draws Madness or the Leader rolls the Penalty Die (MAD-R07).")


def _take_pending(s: State, challenge: Challenge) -> int:
    faced = faced_challenges(s)
    index = next(i for i in s.pending if faced[i] == challenge)
    s.pending.remove(index)
    return index


def _do_madness(s: State, a: DrawMadness, ev: list[Event]) -> None:
    index = _take_pending(s, a.challenge)
    _say(ev, "failure", f"Failure {a.challenge.text}: the Leader chooses a Madness card for {seat_text(a.target)}.",
         data={"index": index, "consequence": "madness", "player": a.target}, seat=a.player)
    _draw_madness(s, ev, a.target, f"the failed {a.challenge.text}")
    if s.phase is not Phase.OVER:
        _next_failure(s, ev)


def _do_roll(s: State, a: RollDie, ev: list[Event]) -> None:
    index = _take_pending(s, a.challenge)
    s.failure = index
    _say(ev, "failure", f"Failure {a.challenge.text}: the Leader rolls the Penalty Die.", data={"index": index, "consequence": "die"},
         seat=a.player)
    _roll(s, ev)
    s.phase = Phase.DIE


def _do_accept(s: State, a: AcceptDie, ev: list[Event]) -> None:
    face, index = a.face, s.failure
    _say(ev, "accept", f"The Leader accepts the Penalty Die's face: {face}.", data={"face": face}, seat=a.player)
    s.die, s.failure = None, -1
    _apply_face(s, ev, face, index)
    if s.phase is not Phase.OVER:
        _next_failure(s, ev)


def _do_reroll(s: State, a: Reroll, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    _say(ev, "reroll", f"The Leader discards a Leadership token to ignore {s.die} and roll again.", data={"face": s.die}, seat=a.player)
    _roll(s, ev)


def _next_failure(s: State, ev: list[Event]) -> None:
    if s.pending:
        s.phase = Phase.FAILURES
    else:
        _end_resolution(s, ev)


def _roll(s: State, ev: list[Event]) -> str:
    pack = s.rules.pack
    if s.loaded_die:
        face = s.loaded_die.pop(0)
    else:
        face = seeded_random(s.seed, "die", s.rolls).choice(pack.die)
    s.rolls = counted(s.rolls)
    s.die = face
    ev.append(_lookups(pack).die_shows[face])
    return face


def _apply_face(s: State, ev: list[Event], face: str, index: int | None) -> None:
    """One Penalty Die result, exactly as 'Rolling the Penalty Die' writes it (and MAD-R04)."""
    s.die = None
    pack = s.rules.pack
    if face == "Accident":
        for n in (1, 2):
            if not s.injury_deck:
                _lose(s, ev, "injuries", "Accident: an Injury must be drawn but the Injury deck is empty.")
                return
            card = s.injury_deck.pop()
            s.equipment_discard.append(card)
            _say(ev, "accident", f"Accident: Injury {n} of 2 ({pack.cards[card].name}) goes to the Equipment discard.", data={"card": card})
    elif face == "Confusion":
        if index is None:
            count, measured = s.rules.speech_confusion_cards, None
        else:
            measured = (faced_challenges(s)[index], s.totals[index])
            count = measured[0].distance(measured[1])
        taken: list[str] = []
        for _ in range(min(count, len(s.equipment_deck))):
            card = s.equipment_deck.pop()
            s.equipment_discard.append(card)
            taken.append(card)
        _tell(ev, "confusion", partial(_confused, pack.cards, measured), {"count": count, "cards": tuple(taken)})
        if len(taken) < count:
            held = f"had only {plural(len(taken), 'card')}" if taken else "is empty"
            _say(ev, "confusion", f"The Equipment deck {held}: one Leadership token goes to the box (MAD-R04).")
            _box_token(s, ev)
    elif face == "Loss of Confidence":
        if s.sled_tokens >= 2:
            s.sled_tokens -= 2
            s.discard_tokens += 2
            _say(ev, "loss of confidence", "Loss of Confidence: 2 Leadership tokens go from the Sled to the discard.", data={"tokens": 2})
        else:
            _say(ev, "loss of confidence", f"Loss of Confidence with {plural(s.sled_tokens, 'token')} on the Sled: 1 token goes to the box instead.")
            _box_token(s, ev)


def _confused(faces: dict[str, Any], measured: tuple[Challenge, int] | None, count: int, cards: tuple[str, ...]) -> str:
    """Confusion's discard: a broken silence's fixed count (`measured` None), or how far a challenge missed."""
    if measured is None:
        why = f"{plural(count, 'card')} (broken silence: no challenge to measure)"
    else:
        c, total = measured
        side = f"lower number {c.low}" if total < c.low else (f"higher number {c.high}" if total > c.high else "nearer number")
        why = f"{plural(count, 'card')} ({c.text} had {total}, measured against the {side})"
    if not cards:
        return f"Confusion would discard {why} from the Equipment deck, which holds none."
    return f"Confusion discards {why} from the Equipment deck: {', '.join(faces[card].label for card in cards)}."


def _box_token(s: State, ev: list[Event], source: str | None = None) -> None:
    """A Leadership token leaves the game; boxing the last one loses it."""
    order = source or s.rules.boxed_token_source
    take_sled = s.sled_tokens > 0 and (order == "sled-first" or s.discard_tokens == 0)
    if take_sled:
        s.sled_tokens -= 1
        where = "the Sled"
    elif s.discard_tokens > 0:
        s.discard_tokens -= 1
        where = "the discard"
    else:
        where = "nowhere"
    if where != "nowhere":
        s.boxed_tokens += 1
        _say(ev, "token", f"A Leadership token from {where} goes back to the box ({s.tokens_in_play} left in play).", data={"token": "box", "from": where})
    if s.tokens_in_play == 0:
        _lose(s, ev, "no hope", "The last Leadership token went back to the box.")


def _draw_madness(s: State, ev: list[Event], player: int, why: str) -> None:
    """Drawing a Madness card (rulebook, Drawing a Madness Card; MAD-R07).

    A player at Level 3 draws no more. Only when every player is at Level 3 does a Leadership
    token pay instead; while someone is below it (a Relic given to a Level 3 player with
    `relic_recipient_below_level_3` off), nothing is drawn and nothing is paid.
    """
    pack = s.rules.pack
    current = level(s, player)
    who = seat_text(player)
    if current >= 3:
        if any(level(s, p) < 3 for p in range(s.players)):
            _say(ev, "madness", f"{who} already has a Level 3 Madness and draws none for {why}; someone is still below "
                 "Level 3, so no Leadership token is paid (MAD-P06, MAD-R07).", data={"player": player, "level": 3})
            return
        _say(ev, "madness", f"Everyone has a Level 3 Madness: a Leadership token pays for {why} instead (MAD-R07).")
        if s.sled_tokens:
            s.sled_tokens -= 1
            s.discard_tokens += 1
            _say(ev, "token", "A Leadership token goes from the Sled to the discard instead of a Madness card (MAD-R07).", data={"token": "madness"})
        else:
            _box_token(s, ev, "discard-first")
        return
    new = current + 1
    if s.rules.expert:
        kept = f"; they keep their Level {current} card (Expert Variant)" if current else ""
    else:
        s.madness_box.extend(s.madness[player])
        s.madness[player] = []
        kept = f"; their Level {current} card goes back to the box" if current else ""
    card = s.madness_decks[new - 1].pop()
    s.madness[player].append(card)
    m = pack.madness[card]
    _say(ev, "madness", f"{who} draws a Level {new} Madness card for {why}{kept}.", data={"player": player, "level": new})
    _say(ev, "madness", f"Your new Madness (Level {new}), {m.name}: {m.description} Never tell the others (MAD-R08).", (player,), {"player": player, "card": card})


def _lose(s: State, ev: list[Event], outcome: str, why: str) -> None:
    s.phase = Phase.OVER
    s.outcome = outcome
    s.won = False
    s.die = None
    text = {"no hope": "You lost all hope of survival, lost in this cruel vastness.",
            "injuries": "Weakened and overwhelmed with injuries, the group cannot go on: the Mountain wins."}[outcome]
    _say(ev, "lost", f"{why} The expedition is lost. {text}", data={"outcome": outcome})


def _end_resolution(s: State, ev: list[Event]) -> None:
    for _, card in s.sled:
        s.equipment_discard.append(card)
    if s.sled:
        played = "The card played goes" if len(s.sled) == 1 else f"The {len(s.sled)} cards played go"
        _say(ev, "cleanup", f"{played} to the Equipment discard.")
    s.sled = []
    if s.encounter is not None:
        s.set_aside.append(s.encounter)
        _say(ev, "cleanup", f"The tile {s.rules.pack.tiles[s.encounter].name} is set aside.")
        s.encounter = None
    s.phase = Phase.DRAW
    s.hand_bonus = 0


def _do_raise(s: State, a: RaiseHandLimit, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.hand_bonus += 1
    _say(ev, "token", f"The Leader discards a Leadership token: the hand size limit is {hand_limit(s)} until the next Draw Phase.", data={"token": "raise"},
         seat=a.player)


def _deal_one(s: State, player: int, ev: list[Event]) -> None:
    card = s.equipment_deck.pop()
    s.hands[player].append(card)
    ev.append(_lookups(s.rules.pack).you_receive[player][card])


def _do_deal(s: State, a: Deal, ev: list[Event]) -> None:
    needs = _needs(s)
    dealt = [0] * s.players
    for offset in range(s.players):
        p = (s.leader + offset) % s.players
        dealt[p] = min(needs[p], len(s.equipment_deck))
        for _ in range(dealt[p]):
            _deal_one(s, p, ev)
    _tell(ev, "deal", partial(_dealt, not s.equipment_deck), {"needs": tuple(needs), "dealt": tuple(dealt)}, a.player)
    s.phase = Phase.REST


def _dealt(emptied: bool, needs: tuple[int, ...], dealt: tuple[int, ...]) -> str:
    """What each player got, and who got fewer than they needed when the deck ran out."""
    given = listed(f"{seat_text(p)} {plural(got, 'card') if got else 'none'}" for p, got in enumerate(dealt))
    short = [f"{seat_text(p)} {plural(needs[p] - got, 'card')}" for p, got in enumerate(dealt) if got < needs[p]]
    if short:
        given += f"; the Equipment deck ran out, {listed(short)} short"
    elif emptied:
        given += "; the Equipment deck is now empty"
    return f"The Leader deals: {given}."


def _do_deal_to(s: State, a: DealTo, ev: list[Event]) -> None:
    _deal_one(s, a.target, ev)
    _say(ev, "deal", f"The Leader deals one card to {seat_text(a.target)} (not enough cards for everyone).", data={"player": a.target},
         seat=a.player)
    if not s.equipment_deck or sum(_needs(s)) == 0:
        s.phase = Phase.REST


def _do_rest(s: State, a: Rest, ev: list[Event]) -> None:
    if s.discard_tokens:  # MAD-R05: the taken token goes to the box; taking it from the discard is equivalent
        s.discard_tokens -= 1
    else:
        s.sled_tokens -= 1
    s.boxed_tokens += 1
    back = s.discard_tokens
    s.sled_tokens += back
    s.discard_tokens = 0
    pile = s.equipment_deck + s.equipment_discard
    s.shuffles = counted(s.shuffles)
    s.equipment_deck = shuffled(pile, s.seed, "rest", s.shuffles)
    s.equipment_discard = []
    come = "comes" if back == 1 else "come"
    _say(ev, "rest", f"Rest: one Leadership token goes to the box (MAD-R05), {back} {come} back to the Sled ({s.sled_tokens} on it); "
         f"the Equipment discard is shuffled into a new deck of {len(s.equipment_deck)} cards.", seat=a.player)
    _end_turn(s, ev)


def _do_no_rest(s: State, a: NoRest, ev: list[Event]) -> None:
    _say(ev, "no rest", "The Leader decides that the expedition does not rest.", seat=a.player)
    _end_turn(s, ev)


def _end_turn(s: State, ev: list[Event]) -> None:
    if s.rules.house:
        _house(s, "turn_end", ev)
        if s.phase is Phase.OVER:  # a house rule ended the game (it set its outcome)
            return
    if s.escape_steps >= ESCAPE_TURNS:
        relics = relic_count(s)
        injuries = injuries_in_play(s)
        s.phase = Phase.OVER
        s.outcome = "escaped"
        s.won = relics >= injuries  # MAD-R03
        margin = relics - injuries
        verdict = "won" if s.won else "lost"
        _say(ev, "escaped", f"The expedition escapes the Mountain with {plural(relics, 'Relic')} and {plural(injuries, 'Injury card')}: you {verdict} "
             f"(MAD-R03). The result, in the pack's own words (MAD-P13): {s.rules.pack.result_text(margin)}",
             data={"relics": relics, "injuries": injuries, "won": s.won})
        return
    s.leader = (s.leader + 1) % s.players
    s.turn = counted(s.turn)
    s.ignoring = []
    s.phase = Phase.MOVEMENT
    _say(ev, "turn", f"Turn {s.turn}: the Sled passes to the left; {seat_text(s.leader)} leads.", data={"turn": s.turn, "leader": s.leader})
    if s.rules.house:
        _house(s, "turn_start", ev)


def _house(s: State, moment: str, ev: list[Event]) -> None:
    """The table as the house rules of this moment leave it (`Rules.house`, `rules.MOMENTS`), and an
    event for each: each rule is handed a whole copy (the fast path shares piles with the state
    given), and the table becomes what it returns."""
    changed, said = at_moment(s, moment, State.copy)
    s.__dict__ = dict(changed.__dict__)
    ev += said


_HANDLERS: dict[type, Callable[[State, Any, list[Event]], None]] = {
    IgnoreMadness: _do_ignore, MoveAirplane: _do_move, PlayCard: _do_play, Speak: _do_speak, TimeUp: _do_time_up,
    RestartEncounter: _do_restart, Resolve: _do_resolve, GiveRelic: _do_give, SearchTile: _do_search,
    TakeArcane: _do_take, DrawMadness: _do_madness, RollDie: _do_roll, AcceptDie: _do_accept, Reroll: _do_reroll,
    RaiseHandLimit: _do_raise, Deal: _do_deal, DealTo: _do_deal_to, Rest: _do_rest, NoRest: _do_no_rest,
}

#: The piles (`state.PILES`) each action's handler changes in place, through every step it may take:
#: its failures and Penalty Die (`_roll`, `_apply_face`), Madness (`_draw_madness`), the end of the
#: Resolution Phase (`_end_resolution`). Piles a handler replaces whole (`s.sled = []`) are not listed.
#: The fast path copies only these (tests/madness/test_madness_speed.py holds them to the handlers).
_FACE = ("loaded_die", "injury_deck", "equipment_deck", "equipment_discard")  # a die rolled and its face applied
_MADNESS = ("madness_box", "madness", "madness_decks")  # a Madness card drawn
_RESOLVED = ("equipment_discard", "set_aside")  # the Resolution Phase ends
CHANGES: dict[type, tuple[str, ...]] = {
    IgnoreMadness: ("ignoring",), MoveAirplane: ("board",), PlayCard: (), Speak: _FACE, TimeUp: (),
    RestartEncounter: ("hands",), Resolve: ("sled", "injury_deck", *_RESOLVED),
    GiveRelic: ("relic_deck", "relics", "relic_tokens", "covers", *_MADNESS, *_RESOLVED), SearchTile: _RESOLVED,
    TakeArcane: ("arcane_deck", *_RESOLVED), DrawMadness: ("pending", *_MADNESS, *_RESOLVED), RollDie: ("pending", "loaded_die"),
    AcceptDie: (*_FACE, "set_aside"), Reroll: ("loaded_die",), RaiseHandLimit: (), Deal: ("hands", "equipment_deck"),
    DealTo: ("hands", "equipment_deck"), Rest: (), NoRest: (),
}


def score(state: State) -> dict[str, Any]:
    """Relics, Injuries and where the margin falls in the result table (The End of the Game)."""
    relics = relic_count(state)
    injuries = injuries_in_play(state)
    return {"relics": relics, "injuries": injuries, "margin": relics - injuries,
            "won": state.won, "outcome": state.outcome, "table": state.rules.pack.result_text(relics - injuries)}


__all__ = ["ENDING_EVENTS", "apply", "apply_legal", "covered", "destinations", "faced_challenges", "failure_options", "hand_limit",
           "injuries_in_play", "is_legal", "legal_actions", "level", "new_game", "refusal", "relic_count", "relic_recipients", "score"]
