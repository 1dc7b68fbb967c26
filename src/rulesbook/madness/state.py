"""Rules switches, the phases, events and the game state: plain data that round-trips JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Literal

from rulesbook.madness.pack import Pack, default_pack, is_default, parse_pack


class Phase(Enum):
    """What the expedition waits for: the rulebook's five phases, split where a decision waits."""

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
    def title(self) -> str:
        """The phase's name as the rulebook's headings say it."""
        return _TITLES[self]

    @property
    def section(self) -> str:
        """The rulebook section an action of this phase answers to (cited by refusals)."""
        return _SECTIONS[self]


_TITLES = {
    Phase.MOVEMENT: "Movement Phase",
    Phase.ENCOUNTER: "Encounter Phase",
    Phase.TIMER: "Encounter Phase (the Sand Timer has run out)",
    Phase.REWARD: "Resolution Phase (reward)",
    Phase.FAILURES: "Resolution Phase (failures)",
    Phase.DIE: "Resolution Phase (Penalty Die)",
    Phase.DRAW: "Draw Phase",
    Phase.REST: "Rest Phase",
    Phase.OVER: "The End of the Game",
}
_SECTIONS = {
    Phase.MOVEMENT: "Movement Phase",
    Phase.ENCOUNTER: "Encounter Phase",
    Phase.TIMER: "Encounter Phase",
    Phase.REWARD: "Success",
    Phase.FAILURES: "Failures",
    Phase.DIE: "Rolling the Penalty Die",
    Phase.DRAW: "Draw Phase",
    Phase.REST: "Rest Phase (optional)",
    Phase.OVER: "The End of the Game",
}

BoxedTokenSource = Literal["sled-first", "discard-first"]


@dataclass(frozen=True)
class Rules:
    """The Expert Variant, the data pack, and the project's decisions where the rulebook is silent.

    expert: the Expert Variant: a player keeps their lower Madness cards when drawing the next level.
    pack: the components as data (MAD-P13): the shipped illustrative pack by default, or a
        teacher's, `Rules(pack=load_pack("my.json"))`. Records carry a pack other than the
        shipped one whole, so they replay anywhere.
    timer_seconds: the Sand Timer, shown and never enforced; the Leader calls time (MAD-P01).
    speech_penalty: a player may break the silence; the Penalty Die is rolled at once (MAD-P02).
    speech_confusion_cards: what Confusion from a broken silence discards (MAD-P02).
    cards_stay_on_restart: restarting the Encounter keeps the cards on the Sled (MAD-P03).
    boxed_token_source: where a token sent to the box comes from, "sled-first" or
        "discard-first" (MAD-P05).
    relic_recipient_below_level_3: a Relic goes to a player below Madness Level 3 while there is
        one (MAD-P06); when off, a Level 3 recipient draws nothing and pays a token only when
        everyone is at Level 3 (MAD-R07).
    """

    expert: bool = False
    timer_seconds: int = 30
    speech_penalty: bool = True
    speech_confusion_cards: int = 2
    boxed_token_source: BoxedTokenSource = "sled-first"
    relic_recipient_below_level_3: bool = True
    cards_stay_on_restart: bool = True
    pack: Pack = field(default_factory=default_pack)

    def __post_init__(self) -> None:
        if self.boxed_token_source not in ("sled-first", "discard-first"):
            raise ValueError(f"boxed_token_source must be 'sled-first' or 'discard-first', not {self.boxed_token_source!r} (MAD-P05)")
        for name in ("expert", "speech_penalty", "relic_recipient_below_level_3", "cards_stay_on_restart"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        for name in ("timer_seconds", "speech_confusion_cards"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number, 0 or more, not {value!r}")
        if not isinstance(self.pack, Pack):
            raise ValueError(f"pack must be a data pack (load_pack(...)), not {type(self.pack).__name__}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the shipped pack by its name, any other pack whole."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pack"] = self.pack.name if is_default(self.pack) else json.loads(json.dumps(self.pack.raw))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """The inverse of to_dict; ValueError naming an unknown field, a bad value or a bad pack."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rules field(s): {', '.join(sorted(unknown))}")
        if "pack" in data:
            data["pack"] = pack_from_data(data["pack"])
        return cls(**data)


def pack_from_data(value: Any) -> Pack:
    """A pack as rules data give it: the shipped pack's name, or a whole pack."""
    if isinstance(value, dict):
        return parse_pack(value)
    default = default_pack()
    if value is None or value == default.name:
        return default
    raise ValueError(f"the rules name the data pack {value!r}; only the shipped pack ({default.name!r}) goes by its "
                     "name, any other pack is carried whole")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, told in words; `seen_by` limits it to some players (hidden cards)."""

    kind: str
    text: str
    seen_by: tuple[int, ...] | None = None  # None: everyone at the table
    data: tuple[Any, ...] = ()

    def visible_to(self, player: int | None) -> bool:
        return self.seen_by is None or player in self.seen_by


@dataclass
class State:
    """Everything on the table. Card piles are lists of card ids; the top of a deck is its end."""

    players: tuple[str, ...]
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
    result: str | None = None  # "escaped", "no hope", "injuries" once over
    won: bool | None = None

    def copy(self) -> State:
        new = object.__new__(State)
        d = dict(self.__dict__)  # a plain dict, set as the copy's own: field reads stay fast (see HudaiState.copy)
        for key in ("set_aside", "unused_tiles", "equipment_deck", "equipment_discard", "arcane_deck",
                    "injury_deck", "relic_deck", "madness_box", "ignoring", "outcomes", "totals", "pending", "loaded_die"):
            d[key] = list(d[key])
        d["board"] = dict(self.board)
        d["relic_tokens"] = dict(self.relic_tokens)
        for key in ("madness_decks", "hands", "madness", "relics", "covers"):
            d[key] = [list(x) for x in d[key]]
        d["sled"] = [list(x) for x in self.sled]
        new.__dict__ = d
        return new

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "rules":
                value = value.to_dict()
            elif f.name == "phase":
                value = value.value
            elif f.name == "players":
                value = list(value)
            elif isinstance(value, list):
                value = [list(x) if isinstance(x, list) else x for x in value]
            elif isinstance(value, dict):
                value = dict(value)
            d[f.name] = value
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The inverse of to_json; ValueError for data that is not a state."""
        if not isinstance(data, dict):
            raise ValueError("a state is a JSON object")
        data = dict(data)
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown State field(s): {', '.join(sorted(unknown))}")
        data["rules"] = Rules.from_dict(data.get("rules"))
        data["players"] = tuple(data.get("players", ()))
        try:
            data["phase"] = Phase(data.get("phase", Phase.MOVEMENT.value))
        except ValueError:
            raise ValueError(f"unknown phase {data.get('phase')!r}; the phases are {', '.join(p.value for p in Phase)}") from None
        return cls(**data)

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def tokens_in_play(self) -> int:
        return self.sled_tokens + self.discard_tokens

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pack(self) -> Pack:
        return self.rules.pack
