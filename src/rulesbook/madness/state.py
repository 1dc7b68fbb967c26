"""Rules switches, actions, events and the game state, all plain data that round-trips JSON."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, fields

from rulesbook.core.errors import NotationError

PHASES = ("movement", "encounter", "timer", "reward", "failures", "die", "draw", "rest", "over")
PHASE_NAMES = {
    "movement": "Movement Phase",
    "encounter": "Encounter Phase",
    "timer": "Encounter Phase (the Sand Timer has run out)",
    "reward": "Resolution Phase (reward)",
    "failures": "Resolution Phase (failures)",
    "die": "Resolution Phase (Penalty Die)",
    "draw": "Draw Phase",
    "rest": "Rest Phase",
    "over": "The End of the Game",
}


@dataclass(frozen=True)
class Rules:
    """Variants and the project's decisions where the rulebook is silent (see the module docs)."""

    expert: bool = False  # Expert Variant: keep lower Madness cards when drawing the next level
    timer_seconds: int = 30  # the Sand Timer; shown, never enforced by the engine
    speech_penalty: bool = True  # a player may break the silence: the Penalty Die is rolled at once
    speech_confusion_cards: int = 2  # Confusion from a broken silence has no challenge to measure
    boxed_token_source: str = "sled-first"  # where a token sent to the box comes from: or "discard-first"
    relic_recipient_below_level_3: bool = True  # a Relic goes to a player who can still draw Madness
    cards_stay_on_restart: bool = True  # restarting the Encounter keeps cards already on the Sled

    def __post_init__(self) -> None:
        if self.boxed_token_source not in ("sled-first", "discard-first"):
            raise ValueError("Rules.boxed_token_source must be 'sled-first' or 'discard-first'")
        for name in ("timer_seconds", "speech_confusion_cards"):
            if getattr(self, name) < 0:
                raise ValueError(f"Rules.{name} must not be negative")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict | None) -> Rules:
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Rules field(s): {', '.join(sorted(unknown))}")
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, told in words; `seen_by` limits it to some players (hidden cards)."""

    kind: str
    text: str
    seen_by: tuple[int, ...] | None = None  # None: everyone at the table
    data: tuple = ()

    def visible_to(self, player: int | None) -> bool:
        return self.seen_by is None or player in self.seen_by


def seat(text: str) -> int:
    """``"P3"`` -> 2 (seats count from 0, text counts players from 1)."""
    if not re.fullmatch(r"P[1-9]", text):
        raise NotationError(text, "a player is written P1 to P5")
    return int(text[1:]) - 1


def seat_text(player: int) -> str:
    return f"P{player + 1}"


_PATTERNS = [
    ("ignore", re.compile(r"ignore madness of (P\d)")),
    ("move", re.compile(r"move to (\S+)")),
    ("play", re.compile(r"play (.+)")),
    ("speak", re.compile(r"speak")),
    ("time_up", re.compile(r"time up")),
    ("restart", re.compile(r"restart encounter")),
    ("resolve", re.compile(r"resolve")),
    ("give", re.compile(r"give (.+) to (P\d)")),
    ("search", re.compile(r"search (\S+)")),
    ("take", re.compile(r"take (Arcane .+)")),
    ("madness", re.compile(r"for (.+), (P\d) draws Madness")),
    ("roll", re.compile(r"for (.+), roll the Penalty Die")),
    ("accept", re.compile(r"accept (.+)")),
    ("reroll", re.compile(r"reroll")),
    ("raise", re.compile(r"raise hand limit")),
    ("deal", re.compile(r"deal")),
    ("deal_to", re.compile(r"deal to (P\d)")),
    ("rest", re.compile(r"rest")),
    ("no_rest", re.compile(r"no rest")),
]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: who takes it, what kind, and its arguments as the text the table would say."""

    player: int
    kind: str
    arg: str = ""
    target: int = -1  # a second player, for ignore / give / madness / deal_to

    @property
    def text(self) -> str:
        who = seat_text(self.target) if self.target >= 0 else ""
        body = {
            "ignore": f"ignore madness of {who}",
            "move": f"move to {self.arg}",
            "play": f"play {self.arg}",
            "speak": "speak",
            "time_up": "time up",
            "restart": "restart encounter",
            "resolve": "resolve",
            "give": f"give {self.arg} to {who}",
            "search": f"search {self.arg}",
            "take": f"take {self.arg}",
            "madness": f"for {self.arg}, {who} draws Madness",
            "roll": f"for {self.arg}, roll the Penalty Die",
            "accept": f"accept {self.arg}",
            "reroll": "reroll",
            "raise": "raise hand limit",
            "deal": "deal",
            "deal_to": f"deal to {who}",
            "rest": "rest",
            "no_rest": "no rest",
        }[self.kind]
        return f"{seat_text(self.player)}: {body}"

    def __str__(self) -> str:
        return self.text


def parse_action(text: str) -> Action:
    """The inverse of Action.text: ``"P1: move to C3"`` -> Action; else NotationError."""
    if not isinstance(text, str) or ": " not in text:
        raise NotationError(str(text), "an action is written 'P1: what', e.g. 'P1: move to C3'")
    who, body = text.split(": ", 1)
    player = seat(who)
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(body)
        if not match:
            continue
        groups = match.groups()
        if kind in ("ignore", "deal_to"):
            return Action(player, kind, "", seat(groups[0]))
        if kind == "give":
            return Action(player, kind, groups[0], seat(groups[1]))
        if kind == "madness":
            return Action(player, kind, groups[0], seat(groups[1]))
        return Action(player, kind, groups[0] if groups else "")
    raise NotationError(body, "not an action of At the Mountains of Madness")


@dataclass
class State:
    """Everything on the table. Card piles are lists of card ids; the top of a deck is its end."""

    players: tuple[str, ...]
    seed: int | str
    rules: Rules
    pack_name: str
    turn: int = 1
    leader: int = 0
    phase: str = "movement"
    board: dict[str, str | None] = field(default_factory=dict)  # space -> face-down tile, or None
    airplane: str | None = None
    encounter: str | None = None  # the tile in front of the Leader (None: the space's own challenges)
    set_aside: list[str] = field(default_factory=list)  # encounter tiles no longer in play
    unused_tiles: list[str] = field(default_factory=list)  # returned to the box unseen at setup
    searched: list[str] = field(default_factory=list)  # face-down tiles the team memorised (Search)
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
    sled: list[list] = field(default_factory=list)  # [player, card id], face down until Resolution
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
        d = self.__dict__.copy()
        for key in ("set_aside", "unused_tiles", "searched", "equipment_deck", "equipment_discard", "arcane_deck",
                    "injury_deck", "relic_deck", "madness_box", "ignoring", "outcomes", "totals", "pending", "loaded_die"):
            d[key] = list(d[key])
        d["board"] = dict(self.board)
        d["relic_tokens"] = dict(self.relic_tokens)
        for key in ("madness_decks", "hands", "madness", "relics", "covers"):
            d[key] = [list(x) for x in d[key]]
        d["sled"] = [list(x) for x in self.sled]
        new.__dict__.update(d)
        return new

    def to_json(self) -> dict:
        d = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "rules":
                value = value.to_json()
            elif f.name == "players":
                value = list(value)
            elif isinstance(value, list):
                value = [list(x) if isinstance(x, list) else x for x in value]
            elif isinstance(value, dict):
                value = dict(value)
            d[f.name] = value
        return d

    @classmethod
    def from_json(cls, data: dict) -> State:
        data = dict(data)
        data["rules"] = Rules.from_json(data.get("rules"))
        data["players"] = tuple(data["players"])
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown State field(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def tokens_in_play(self) -> int:
        return self.sled_tokens + self.discard_tokens

    @property
    def over(self) -> bool:
        return self.phase == "over"
