"""The phases and the game state: plain data that round-trips JSON, read back through one checking path.

`State.from_json` / `from_dict` is the only way in from outside: every field is checked for its
type and range (a DataError names it: "state.hands[1][2]: ..."), then `invariants()` runs, so a
state with a card twice, a token too many or a leader out of range is refused when read, never
met later in a game.

>>> from rulesbook.madness.engine import new_game
>>> data = new_game(3, seed=7).to_dict()
>>> State.from_dict(data).leader
0
>>> State.from_dict({**data, "leader": 5})
Traceback (most recent call last):
rulesbook.core.data.DataError: state.leader: expected a whole number from 0 to 2, not 5
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from rulesbook.core.data import DataError, expect, items, only_fields, parse_json, of_game, shown, whole, within
from rulesbook.core.rng import check_seed
from rulesbook.core.shape import CheckedState, pieces_off
from rulesbook.core.words import plural
from rulesbook.madness.pack import DIE_FACES, LEADERSHIP_COLUMN, PHASE_COVERS, Pack
from rulesbook.madness.rules import Rules


class Phase(StrEnum):
    """What the expedition waits for: the rulebook's five phases, split where a decision waits. A
    member equals its text ("movement"), as in the other two games."""

    MOVEMENT = "movement"
    ENCOUNTER = "encounter"
    TIMER = "timer"  # the Sand Timer has run out: the Leader restarts the Encounter or resolves
    REWARD = "reward"  # a reward waits for the Leader's choice
    FAILURES = "failures"  # failed challenges wait for their consequences (MAD-R07)
    DIE = "die"  # the Penalty Die shows a face: accept it or reroll
    DRAW = "draw"
    REST = "rest"
    OVER = "over"

    @property
    def heading(self) -> str:
        """The phase's name as the rulebook's headings say it (not `title`: a phase is text, and
        text has its own `title()`)."""
        return _NAMES[self][0]

    @property
    def section(self) -> str:
        """The rulebook section an action of this phase answers to (cited by refusals)."""
        return _NAMES[self][1]


#: Each phase: its heading, and the rulebook section its actions answer to.
_NAMES = {
    Phase.MOVEMENT: ("Movement Phase", "Movement Phase"),
    Phase.ENCOUNTER: ("Encounter Phase", "Encounter Phase"),
    Phase.TIMER: ("Encounter Phase (the Sand Timer has run out)", "Encounter Phase"),
    Phase.REWARD: ("Resolution Phase (reward)", "Success"),
    Phase.FAILURES: ("Resolution Phase (failures)", "Failures"),
    Phase.DIE: ("Resolution Phase (Penalty Die)", "Rolling the Penalty Die"),
    Phase.DRAW: ("Draw Phase", "Draw Phase"),
    Phase.REST: ("Rest Phase", "Rest Phase (optional)"),
    Phase.OVER: ("The End of the Game", "The End of the Game"),
}
OUTCOMES = ("escaped", "no hope", "injuries")


@dataclass(frozen=True)
class Decision:
    """Who may act now, and in which phase (`State.decision`, as Inferno's State says it): the
    Leader, or in the Encounter Phase anyone at the table."""

    players: tuple[int, ...]
    phase: Phase


@dataclass
class State(CheckedState):
    """Everything on the table. Card piles are lists of card ids; the top of a deck is its end."""

    house_ending: ClassVar[str] = (
        "to end the game, return the state with phase=Phase.OVER, outcome='escaped' and won=True (or won=False, "
        "when the Injuries outweigh the Relics, MAD-R03), or outcome='no hope' or 'injuries' and won=False; Phase is "
        "rulesbook.madness.Phase")
    names: tuple[str, ...]  # the players' names, in seat order (`players` is how many)
    seed: int | str
    rules: Rules
    turn: int = 1
    leader: int = 0
    phase: Phase = Phase.MOVEMENT
    board: dict[str, str | None] = field(default_factory=dict)  # space -> face-down tile, or None
    airplane: str | None = None
    encounter: str | None = None  # the tile in front of the Leader (None: the space's own challenges)
    set_aside: list[str] = field(default_factory=list)  # encounter tiles no longer in play
    unused_tiles: list[str] = field(default_factory=list)  # returned to the box unseen at setup
    search_shown: list[str] | None = None  # [space, tile] turned over by Search, shown until the next action (MAD-R09)
    edge_reached: bool = False
    escape_steps: int = 0
    equipment_deck: list[str] = field(default_factory=list)
    equipment_discard: list[str] = field(default_factory=list)
    arcane_deck: list[str] = field(default_factory=list)
    injury_deck: list[str] = field(default_factory=list)
    relic_deck: list[str] = field(default_factory=list)
    madness_decks: list[list[str]] = field(default_factory=lambda: [[], [], []])
    madness_box: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    madness: list[list[str]] = field(default_factory=list)
    relics: list[list[str]] = field(default_factory=list)
    covers: list[list[str]] = field(default_factory=list)  # Relic tokens on each Player Board
    relic_tokens: dict[str, int] = field(default_factory=dict)  # tokens still beside the board
    sled_tokens: int = 6
    discard_tokens: int = 0
    boxed_tokens: int = 0
    sled: list[list[Any]] = field(default_factory=list)  # [player, card id], face down until Resolution
    talking: bool = True  # the table may talk until someone plays a card
    restarts: int = 0
    ignoring: list[int] = field(default_factory=list)  # players whose Madness is ignored this turn
    hand_bonus: int = 0  # Leadership tokens spent on the hand size limit, until the next Draw Phase
    outcomes: list[bool] = field(default_factory=list)  # this turn's challenges: overcome or not
    totals: list[int] = field(default_factory=list)  # this turn's matching totals, per challenge
    pending: list[int] = field(default_factory=list)  # failed challenges whose consequence is due
    failure: int = -1  # the failed challenge whose Penalty Die is on the table
    die: str | None = None  # the face showing, waiting for accept or reroll
    reward: str | None = None  # a reward waiting for the Leader's choice
    rolls: int = 0  # dice rolled so far (labels the seeded generator)
    shuffles: int = 0  # Rest reshuffles so far (labels the seeded generator)
    loaded_die: list[str] = field(default_factory=list)  # faces the next rolls show; lessons only
    outcome: str | None = None  # "escaped", "no hope", "injuries" once over (OUTCOMES, as Hudai's)
    won: bool | None = None

    def copy(self, piles: Iterable[str] | None = None) -> State:
        """A copy whose piles (every list and dict, or only the `piles` named) can change without
        touching this state; the piles not named are shared with it (see engine.py, "Speed")."""
        new = object.__new__(State)
        d = dict(self.__dict__)  # a plain dict set as the copy's own: field reads stay fast
        for name in PILES if piles is None else piles:
            d[name] = PILES[name](d[name])
        new.__dict__ = d
        return new

    # --- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; `from_dict` reads it back (the board keeps the pack's order of spaces)."""
        d: dict[str, Any] = {"game": "madness"}
        for name in FIELD_NAMES:
            value = getattr(self, name)
            if name == "rules":
                value = value.to_dict()
            elif name == "phase":
                value = value.value
            elif name == "names":
                value = list(value)
            elif isinstance(value, list):
                value = [list(x) if isinstance(x, list) else x for x in value]
            elif isinstance(value, dict):
                value = dict(value)
            d[name] = value
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """The state `to_json` wrote; DataError naming the field for anything else (nothing is trusted)."""
        return cls.from_dict(parse_json(text, "state"))

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """The state `to_dict` wrote, every field checked, then the invariants; DataError otherwise."""
        only_fields(data, ("game", *FIELD_NAMES), "state")
        of_game(data, "madness", "At the Mountains of Madness")
        for name in FIELD_NAMES:
            if name not in data:
                raise DataError(f"state.{name}", "missing")
        rules = within(lambda: Rules.from_dict(expect(data["rules"], dict, "state.rules")), "state.rules")
        names = tuple(items(data["names"], "state.names", _text, most=5))
        if len(names) < 3:
            raise DataError("state.names", f"At the Mountains of Madness is for 3 to 5 players, not {len(names)}")
        reading = _Reading(rules.pack, len(names), rules.tokens)
        values = {name: _READERS[name](reading, data[name], f"state.{name}") for name in FIELD_NAMES[3:]}
        state = cls(names, check_seed(data["seed"], "state.seed"), rules, **values)
        wrong = phase_shape(state) + counts_shape(state)
        if wrong:
            name, why = wrong[0]
            raise DataError(f"state.{name}", why)
        state.invariants()
        return state

    # --- what always holds ------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What is wrong with this state (cards or tokens not conserved ...); [] when all is well."""
        return _conservation(self) + _consistency(self) + [f"{name}: {why}" for name, why in phase_shape(self) + counts_shape(self)]

    @property
    def players(self) -> int:
        """How many play (Inferno's State says it alike); `names` are theirs."""
        return len(self.names)

    @property
    def decision(self) -> Decision | None:
        """Who may act now (the Leader; anyone in the Encounter Phase); None once the game is over."""
        if self.phase is Phase.OVER:
            return None
        return Decision(tuple(range(self.players)) if self.phase is Phase.ENCOUNTER else (self.leader,), self.phase)

    @property
    def tokens_in_play(self) -> int:
        return self.sled_tokens + self.discard_tokens

    def __repr__(self) -> str:
        """Short and stable, as the other games' states: the summary, not every pile (a state
        printed field by field ran to some 2,400 characters)."""
        return f"State({self.summary()})"

    def summary(self) -> str:
        """One line a person can read: the turn and phase, the Leader, the Airplane, the hands."""
        cards = self.pack.cards
        hands = "; ".join(f"{name} {', '.join(cards[card].label if card in cards else card for card in hand) or '-'}"
                          for name, hand in zip(self.names, self.hands))
        ending = f"; {self.outcome}, {'won' if self.won else 'lost'}" if self.outcome else ""
        return (f"turn {self.turn}, {self.phase.heading}: {self.names[self.leader]} leads; Airplane at {self.airplane or '-'}; "
                f"hands {hands}; Sled {len(self.sled)} cards, {self.sled_tokens} Leadership tokens{ending}")

    @property
    def is_over(self) -> bool:
        """The expedition has ended: escaped, or lost (the End of the Expedition)."""
        return self.phase is Phase.OVER

    @property
    def pack(self) -> Pack:
        return self.rules.pack


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(State))


def _each_copied(piles: list[list[Any]]) -> list[list[Any]]:
    return [list(pile) for pile in piles]


#: Every pile of the state (a list, a dict, or a list of lists: one per player, per Madness level,
#: per card on the Sled), with how it is copied.
PILES: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(("set_aside", "unused_tiles", "equipment_deck", "equipment_discard", "arcane_deck", "injury_deck",
                     "relic_deck", "madness_box", "ignoring", "outcomes", "totals", "pending", "loaded_die"), list),
    "board": dict, "relic_tokens": dict,
    **dict.fromkeys(("madness_decks", "hands", "madness", "relics", "covers", "sled"), _each_copied),
}


def _not_conserved(found: list[str], wanted: Iterable[str], said: str) -> list[str]:
    """`said`, naming the ids missing and those too many (`pieces_off`), when `found` is not each of
    `wanted` once."""
    off = pieces_off(found, wanted)
    return [f"{said}: {off}"] if off else []


def _conservation(state: State) -> list[str]:
    """Every card, tile and token of the pack in exactly one place."""
    pack = state.rules.pack
    cards = (state.equipment_deck + state.equipment_discard + state.arcane_deck + state.injury_deck
             + [c for hand in state.hands for c in hand] + [c for _, c in state.sled])
    wrong = _not_conserved(cards, pack.cards, "Equipment, Arcane and Injury cards are not conserved (each card of the pack in "
                                              "exactly one place)")
    for deck, kind, name in ((state.arcane_deck, pack.arcane, "Arcane"), (state.injury_deck, pack.injuries, "Injury")):
        strangers = sorted(set(deck) - set(kind))
        if strangers:
            wrong.append(f"the {name} deck holds {', '.join(strangers)}, which {'is' if len(strangers) == 1 else 'are'} "
                         f"no {name} card of the pack")
    wrong += _not_conserved(state.relic_deck + [r for held in state.relics for r in held], pack.relics, "Relic cards are not conserved")
    madness = [m for deck in state.madness_decks for m in deck] + state.madness_box + [m for held in state.madness for m in held]
    wrong += _not_conserved(madness, pack.madness, "Madness cards are not conserved")
    tiles = [t for t in state.board.values() if t] + state.set_aside + state.unused_tiles + ([state.encounter] if state.encounter else [])
    wrong += _not_conserved(tiles, pack.tiles, "Encounter tiles are not conserved")
    tokens = (state.sled_tokens, state.discard_tokens, state.boxed_tokens)
    if min(tokens) < 0 or sum(tokens) != state.rules.tokens:
        wrong.append(f"the Leadership tokens are not conserved ({' + '.join(map(str, tokens))}, the expedition has "
                     f"{state.rules.tokens})")
    if sum(state.relic_tokens.values()) + sum(len(c) for c in state.covers) != sum(pack.relic_tokens.values()):
        wrong.append("the Relic tokens are not conserved")
    return wrong


def _faced(state: State) -> int:
    """How many challenges the expedition faces this turn (engine.challenges, counted)."""
    pack = state.rules.pack
    if state.encounter is not None:
        return len(pack.tiles[state.encounter].challenges)
    return len(pack.spaces[state.airplane].challenges) if state.airplane is not None else 0


def _consistency(state: State) -> list[str]:
    """The parts of the state agree with each other and with the phase."""
    count, wrong = state.players, []
    if not 0 <= state.leader < count:
        wrong.append(f"the leader P{state.leader + 1} is not at this table of {count}")
    if any(len(part) != count for part in (state.hands, state.madness, state.relics, state.covers)):
        wrong.append(f"hands, madness, relics and covers need one entry per player ({count})")
    if any(not 0 <= player < count for player, _ in state.sled) or any(not 0 <= p < count for p in state.ignoring):
        wrong.append(f"a card on the Sled or an ignored Madness names a player not at this table of {count}")
    if not state.is_over and state.tokens_in_play <= 0:
        wrong.append("the game goes on with no Leadership token in play")
    if not state.rules.expert and any(len(held) > 1 for held in state.madness):
        wrong.append("a player holds two Madness cards outside the Expert Variant")
    if state.is_over != (state.outcome is not None) or (state.won is None) != (state.outcome is None) or (
            state.won and state.outcome != "escaped"):
        wrong.append("the game is over exactly when it has an outcome, and only an escape can be won")
    if (state.phase is Phase.DIE) != (state.die is not None):
        wrong.append("the Penalty Die shows a face exactly in the Penalty Die phase")
    if state.phase is Phase.REWARD and state.reward is None:
        wrong.append("the reward phase needs a reward")
    if state.phase is Phase.FAILURES and not state.pending:
        wrong.append("the failures phase needs a failure to suffer")
    faced = _faced(state)
    if any(not 0 <= i < faced for i in state.pending) or len(set(state.pending)) != len(state.pending) or not (
            -1 <= state.failure < faced):
        wrong.append(f"a failure names a challenge the expedition does not face ({faced} this turn)")
    if state.airplane is None and state.encounter is not None:
        wrong.append("an Encounter tile lies in front of the Leader only once the Airplane has landed")
    wrong.extend(_flight_problems(state))
    if state.search_shown is not None and state.board.get(state.search_shown[0]) != state.search_shown[1]:
        wrong.append("a searched tile is shown on the space it lies on")
    return wrong


#: The Escape turns after which the expedition escapes, at that turn's end (engine `_end_turn`).
ESCAPE_TURNS = 3


def way_out(pack: Any, space: str | None) -> int:
    """How far along the way out a space lies: 0 before the Edge of Madness, 1 on it, 1 + N on
    Escape space N. The Airplane takes them in that order: the expedition has reached the Edge
    exactly when its Airplane stands at 1 or more, after N Escape turns at 1 + N."""
    found = pack.spaces.get(space) if space is not None else None
    if found is None or found.region not in ("Edge of Madness", "Escape"):
        return 0
    return 1 + (found.escape_order if found.region == "Escape" else 0)


def _flight_problems(state: State) -> list[str]:
    """Where the Airplane stands agrees with how far the expedition has come (`way_out`), and the
    expedition escapes at the end of the third Escape turn, with no Movement Phase after it."""
    pack, airplane = state.rules.pack, state.airplane
    here = way_out(pack, airplane)
    steps = max(here - 1, 0)
    where = f"{airplane} ({pack.spaces[airplane].region})" if airplane in pack.spaces else airplane or "no space"
    wrong = []
    if state.edge_reached != (here > 0):
        wrong.append(f"the expedition has {'' if state.edge_reached else 'not '}reached the Edge of Madness, and the Airplane "
                     f"stands on {where}: it stands on the Edge or an Escape space exactly when the Edge has been reached")
    if state.escape_steps != steps:
        begun = "has" if state.escape_steps == 1 else "have"
        wrong.append(f"{plural(state.escape_steps, 'Escape turn')} {begun} begun, and the Airplane stands on "
                     f"{f'Escape space {steps}' if steps else airplane or 'no space'}: after the Edge of Madness it "
                     "moves onto Escape space 1, 2, 3 in turn")
    if state.phase is Phase.MOVEMENT and state.escape_steps >= ESCAPE_TURNS:
        wrong.append(f"a Movement Phase after the {ESCAPE_TURNS}rd Escape turn: the expedition escapes at that turn's end")
    return wrong


def counts_shape(state: State) -> list[tuple[str, str]]:
    """The counts the Leadership tokens bound, as (field, why): each raise of the hand size limit in
    this Draw Phase and each restart of this Encounter discards a token from the Sled, which gets
    none back until the Sled is revealed (a Praise reward) or the Rest Phase, and each Rest
    reshuffle boxes one for good. Every step that adds to a count adds as much to its bound, so
    play from a state at its bound stays within it. A house rule at a turn's start or end may move
    the tokens as it likes, so with one only `MOST_COUNT` bounds the reshuffles."""
    tokens, heading, wrong = state.rules.tokens, state.phase.heading, []
    if state.phase is Phase.DRAW and state.hand_bonus > state.discard_tokens:
        wrong.append(("hand_bonus", f"at most {state.discard_tokens} in the {heading}, not {state.hand_bonus}: each raise of "
                                    "the hand size limit since the Draw Phase began discards a Leadership token, and the "
                                    f"discard holds {plural(state.discard_tokens, 'token')} ({LEADERSHIP_COLUMN['Draw']})"))
    off_the_sled = tokens - state.sled_tokens
    if state.phase in (Phase.ENCOUNTER, Phase.TIMER) and state.restarts > off_the_sled:
        wrong.append(("restarts", f"at most {off_the_sled} in the {heading}, not {state.restarts}: each restart of this "
                                  f"Encounter discards a Leadership token from the Sled, which holds {state.sled_tokens} of "
                                  f"the expedition's {tokens} and gets none back before the Sled is revealed "
                                  f"({LEADERSHIP_COLUMN['Encounter']})"))
    if not state.rules.house and state.shuffles > state.boxed_tokens:
        wrong.append(("shuffles", f"at most {state.boxed_tokens}, not {state.shuffles}: the Equipment deck is reshuffled only "
                                  "by a Rest, which boxes a Leadership token for good, and the box holds "
                                  f"{plural(state.boxed_tokens, 'token')} (MAD-R05)"))
    return wrong


#: The phases from the Airplane's landing to the end of the Resolution Phase: the cards played lie
#: on the Sled, and the tile turned over in front of the Leader, only in these (the engine's
#: `_do_move` starts them, `_end_resolution` ends them).
_LANDED = frozenset((Phase.ENCOUNTER, Phase.TIMER, Phase.REWARD, Phase.FAILURES, Phase.DIE))
#: The phases after the Sled is revealed, while this turn's challenges are measured (`_do_resolve`).
_MEASURED = frozenset((Phase.REWARD, Phase.FAILURES, Phase.DIE))


def phase_shape(state: State) -> list[tuple[str, str]]:
    """What the phase says the other fields hold, as (field, why): each phase as the engine enters it
    and leaves it. A state that breaks one would lose cards or tiles at its next action (the Airplane's
    move clears the Sled and the tile in front of the Leader), or crash, or have no action at all. A
    game that is over may stop at any step, so its table is not held to a phase."""
    phase = state.phase
    wrong: list[tuple[str, str]] = []
    if phase is Phase.OVER:
        return wrong
    heading = phase.heading
    if phase not in _LANDED:
        if state.sled:
            wrong.append(("sled", f"empty in the {heading}, not {plural(len(state.sled), 'card')}: the cards played go to the "
                                  "Equipment discard at the end of the Resolution Phase (Resolution Phase)"))
        if state.encounter is not None:
            wrong.append(("encounter", f"none in the {heading}, not {state.encounter}: the tile in front of the Leader is "
                                       "set aside at the end of the Resolution Phase, and the next one is turned over by the "
                                       "Airplane's move (Movement Phase)"))
    elif state.airplane is None:
        wrong.append(("airplane", f"on a space in the {heading}: the Encounter Phase begins when the Airplane lands "
                                  "(Movement Phase)"))
    if state.reward is not None and phase is not Phase.REWARD:
        wrong.append(("reward", f"none in the {heading}, not {state.reward!r}: a reward waits for the Leader's choice "
                                "only in the Resolution Phase's reward step (Success)"))
    if phase is Phase.DIE:
        if state.failure < 0:
            wrong.append(("failure", "the failed challenge whose Penalty Die is on the table, not -1 (Rolling the Penalty Die)"))
    elif state.failure != -1:
        wrong.append(("failure", f"-1 in the {heading}, not {state.failure}: a failure's Penalty Die lies on the table only "
                                 "until its face is accepted (Rolling the Penalty Die)"))
    if state.pending and phase not in _MEASURED:
        wrong.append(("pending", f"empty in the {heading}: failures wait to be suffered only in the Resolution Phase (MAD-R07)"))
    if state.search_shown is not None and phase not in (Phase.FAILURES, Phase.DRAW):
        wrong.append(("search_shown", f"none in the {heading}: a searched tile is shown once, right after the Search "
                                      "reward, until the next action (MAD-R09)"))
    if phase in _MEASURED:
        wrong.extend(_measured_shape(state))
    return wrong


def _measured_shape(state: State) -> list[tuple[str, str]]:
    """The Resolution Phase's fields: a total and an outcome per challenge faced, failures among the
    challenges not overcome, and a reward the Leader can give."""
    faced = _faced(state)
    wrong: list[tuple[str, str]] = []
    for name in ("outcomes", "totals"):
        if len(getattr(state, name)) != faced:
            wrong.append((name, f"one per challenge faced this turn ({faced}) in the {state.phase.heading}, not "
                                f"{len(getattr(state, name))}: the Sled is measured against each (Resolution Phase)"))
    if wrong:
        return wrong
    failed = [index for index in (*state.pending, state.failure) if 0 <= index < faced and state.outcomes[index]]
    if failed:
        wrong.append(("pending" if failed[0] in state.pending else "failure",
                      f"challenge {failed[0]} was overcome, so it has no failure to suffer (MAD-R07)"))
    if state.failure >= 0 and state.failure in state.pending:
        wrong.append(("failure", f"challenge {state.failure} is suffered by the Penalty Die on the table, so it is no "
                                 "longer pending (MAD-R07)"))
    reward = state.reward
    if state.phase is Phase.REWARD and reward is not None:
        pack = state.rules.pack
        if reward.startswith("Relic ") and pack.relic_by_name.get(reward[6:]) not in state.relic_deck:
            wrong.append(("reward", f"{reward!r} is not in the Relic deck, so it cannot be given (Relic)"))
        elif reward == "Arcane" and not state.arcane_deck:
            wrong.append(("reward", "'Arcane' with the Arcane Equipment deck empty: there is no card to take (Success)"))
        elif reward == "Search" and all(tile is None for tile in state.board.values()):
            wrong.append(("reward", "'Search' with no face-down tile left to look at (Search)"))
    return wrong


# ------------------------------------------------------------------------------ reading fields

@dataclass(frozen=True)
class _Reading:
    """What reading one state's fields needs: its pack, its number of players and of Leadership tokens."""

    pack: Pack
    count: int
    tokens: int


def _text(value: Any, where: str) -> str:
    return expect(value, str, where)


def _known(value: Any, where: str, known: Any, what: str) -> str:
    """A text naming one of `known` (card ids, spaces, faces ...)."""
    if not isinstance(value, str) or value not in known:
        raise DataError(where, f"{shown(value)} is not {what}")
    return value


def _ids(known: Callable[[_Reading], Any], what: str) -> Callable[[_Reading, Any, str], list[str]]:
    """A reader of a list of ids from the pack (its length bounded by what the pack has)."""
    def read(reading: _Reading, value: Any, where: str) -> list[str]:
        pool = known(reading)
        return items(value, where, lambda item, at: _known(item, at, pool, what), most=max(len(pool), 1))
    return read


def _per_player(read: Callable[[_Reading, Any, str], Any]) -> Callable[[_Reading, Any, str], list[Any]]:
    def each(reading: _Reading, value: Any, where: str) -> list[Any]:
        found = items(value, where, lambda item, at: read(reading, item, at), most=reading.count)
        if len(found) != reading.count:
            raise DataError(where, f"needs one entry per player ({reading.count}), not {len(found)}")
        return found
    return each


def _optional(read: Callable[[_Reading, Any, str], Any]) -> Callable[[_Reading, Any, str], Any]:
    return lambda reading, value, where: None if value is None else read(reading, value, where)


def _seat(reading: _Reading, value: Any, where: str) -> int:
    return whole(value, where, 0, reading.count - 1)


def _count(high: int) -> Callable[[_Reading, Any, str], int]:
    return lambda reading, value, where: whole(value, where, 0, high)


def _flag(reading: _Reading, value: Any, where: str) -> bool:
    return expect(value, bool, where)


def _phase(reading: _Reading, value: Any, where: str) -> Phase:
    names = [phase.value for phase in Phase]
    return Phase(_known(value, where, names, f"a phase; the phases are {', '.join(names)}"))


def _board(reading: _Reading, value: Any, where: str) -> dict[str, str | None]:
    expect(value, dict, where)
    spaces = reading.pack.spaces
    if set(value) != set(spaces):
        odd = sorted(set(value) ^ set(spaces))[:3]
        raise DataError(where, f"holds every space of the pack once, and nothing else (not so for {', '.join(odd)})")
    return {space: None if tile is None else _known(tile, f"{where}.{space}", reading.pack.tiles, "a tile of the pack")
            for space, tile in value.items()}


def _search(reading: _Reading, value: Any, where: str) -> list[str]:
    pair = items(value, where, _text, most=2)
    if len(pair) != 2:
        raise DataError(where, "is [space, tile]")
    return [_known(pair[0], f"{where}[0]", reading.pack.spaces, "a space"), _known(pair[1], f"{where}[1]", reading.pack.tiles, "a tile")]


def _madness_decks(reading: _Reading, value: Any, where: str) -> list[list[str]]:
    decks = items(value, where, lambda deck, at: _ids(lambda r: r.pack.madness, "a Madness card")(reading, deck, at), most=3)
    if len(decks) != 3:
        raise DataError(where, "holds the three Madness decks, Level 1 to 3")
    return decks


def _relic_tokens(reading: _Reading, value: Any, where: str) -> dict[str, int]:
    expect(value, dict, where)
    categories = reading.pack.relic_tokens
    if set(value) != set(categories):
        raise DataError(where, f"counts the tokens of each category: {', '.join(categories)}")
    return {name: whole(value[name], f"{where}.{name}", 0, categories[name]) for name in categories}


def _sled(reading: _Reading, value: Any, where: str) -> list[list[Any]]:
    def entry(item: Any, at: str) -> list[Any]:
        expect(item, list, at)
        if len(item) != 2:
            raise DataError(at, "is [player, card]")
        return [_seat(reading, item[0], f"{at}[0]"), _known(item[1], f"{at}[1]", reading.pack.cards, "a card of the pack")]
    return items(value, where, entry, most=len(reading.pack.cards))


def _reward(reading: _Reading, value: Any, where: str) -> str:
    relics = [f"Relic {name}" for name in reading.pack.relic_by_name]
    return _known(value, where, ("Search", "Arcane", *relics), "a reward waiting for a choice (Search, Arcane or Relic <name>)")


#: The most turns, dice rolls and reshuffles a state counts. Nothing on the table bounds how long an
#: expedition goes on (a die that shows Confusion with the Equipment deck empty changes nothing, and
#: a broken silence may roll it again and again, MAD-P02), so no count of turns or rolls can be
#: refused by what the state shows: the engine counts them up to this and no further (`counted`), a
#: number no game comes near, and a state at it plays on and loads again. The boxed Leadership
#: tokens bound the reshuffles far below, house rules aside (`counts_shape`).
MOST_COUNT = 10 ** 9


def counted(count: int) -> int:
    """One more than `count`, held at `MOST_COUNT` (the turn, the rolls and the reshuffles)."""
    return min(count + 1, MOST_COUNT)


_READERS: dict[str, Callable[[_Reading, Any, str], Any]] = {
    "turn": lambda reading, value, where: whole(value, where, 1, MOST_COUNT),
    "leader": _seat,
    "phase": _phase,
    "board": _board,
    "airplane": _optional(lambda reading, value, where: _known(value, where, reading.pack.spaces, "a space of the pack")),
    "encounter": _optional(lambda reading, value, where: _known(value, where, reading.pack.tiles, "a tile of the pack")),
    "set_aside": _ids(lambda r: r.pack.tiles, "a tile of the pack"),
    "unused_tiles": _ids(lambda r: r.pack.tiles, "a tile of the pack"),
    "search_shown": _optional(_search),
    "edge_reached": _flag,
    "escape_steps": _count(3),
    "equipment_deck": _ids(lambda r: r.pack.cards, "a card of the pack"),
    "equipment_discard": _ids(lambda r: r.pack.cards, "a card of the pack"),
    "arcane_deck": _ids(lambda r: r.pack.cards, "a card of the pack"),
    "injury_deck": _ids(lambda r: r.pack.cards, "a card of the pack"),
    "relic_deck": _ids(lambda r: r.pack.relics, "a Relic card of the pack"),
    "madness_decks": _madness_decks,
    "madness_box": _ids(lambda r: r.pack.madness, "a Madness card of the pack"),
    "hands": _per_player(_ids(lambda r: r.pack.cards, "a card of the pack")),
    "madness": _per_player(_ids(lambda r: r.pack.madness, "a Madness card of the pack")),
    "relics": _per_player(_ids(lambda r: r.pack.relics, "a Relic card of the pack")),
    "covers": _per_player(_ids(lambda r: (*PHASE_COVERS, *r.pack.equipment_types), "a phase or an equipment type")),
    "relic_tokens": _relic_tokens,
    "sled_tokens": lambda reading, value, where: whole(value, where, 0, reading.tokens),
    "discard_tokens": lambda reading, value, where: whole(value, where, 0, reading.tokens),
    "boxed_tokens": lambda reading, value, where: whole(value, where, 0, reading.tokens),
    "sled": _sled,
    "talking": _flag,
    "restarts": lambda reading, value, where: whole(value, where, 0, reading.tokens),  # one token each (counts_shape)
    "ignoring": lambda reading, value, where: items(value, where, lambda item, at: _seat(reading, item, at), most=reading.count),
    "hand_bonus": lambda reading, value, where: whole(value, where, 0, reading.tokens),  # one token each
    "outcomes": lambda reading, value, where: items(value, where, lambda item, at: expect(item, bool, at), most=3),
    "totals": lambda reading, value, where: items(value, where, lambda item, at: whole(item, at, 0, MOST_COUNT), most=3),
    "pending": lambda reading, value, where: items(value, where, lambda item, at: whole(item, at, 0, 2), most=3),
    "failure": lambda reading, value, where: whole(value, where, -1, 2),
    "die": _optional(lambda reading, value, where: _known(value, where, DIE_FACES, "a face of the Penalty Die")),
    "reward": _optional(_reward),
    "rolls": _count(MOST_COUNT),
    "shuffles": _count(MOST_COUNT),
    "loaded_die": lambda reading, value, where: items(value, where, lambda item, at: _known(item, at, DIE_FACES, "a face of the Penalty Die"),
                                                   most=1000),
    "outcome": _optional(lambda reading, value, where: _known(value, where, OUTCOMES, f"an outcome ({', '.join(OUTCOMES)})")),
    "won": _optional(_flag),
}
