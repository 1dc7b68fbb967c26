"""The data pack: board, tiles, cards and die, loaded from JSON and checked field by field.

The shipped pack (data/pack.json) is ILLUSTRATIVE: the rulebook gives the rules but not the
printed board, challenges, Relic and Madness texts or the die's faces (rulings MAD-R02,
MAD-R06, MAD-P13). A teacher may load another pack of the same format; any mistake in it raises
PackError naming the field and why, before a game can start from it: a misspelt or unknown key
too (JSON has no comments: a key whose name starts with "_", such as "_comment", is one).

A pack's `equipment_types` are the types its cards and challenges may use, a choice among the
rulebook's four (MAD-R01): a teacher may leave one out, and every card or challenge of it is then
refused by name.

A pack is a value: a game carries it in its `Rules` (`Rules(pack=load_pack("my.json"))`), and
two packs are equal when their data is. Nothing is looked up by name, so a pack edited and
loaded again gives the new data, and a copy loads under any file name.

>>> data = json.loads(json.dumps(default_pack().raw))
>>> data["tiles_usde"] = data.pop("tiles_used")
>>> parse_pack(data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
rulesbook.madness.pack.PackError: data pack: field tiles_usde: is not a key of a data pack (did you mean 'tiles_used'?); ...
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
import os
from collections import OrderedDict
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar

from rulesbook.core.data import DataError, check_json, parse_json, read_text
from rulesbook.core.errors import NotationError, shown
from rulesbook.core.messages import Message
from rulesbook.madness.challenges import EQUIPMENT_TYPES, CardFace, Challenge, parse_challenge

T = TypeVar("T")

REGIONS = ("Coast", "Mountain", "City", "Edge of Madness", "Escape")
REWARDS = ("Search", "Arcane", "Heal", "Praise")  # and "Relic <name>", or null for none
DIE_FACES = ("Accident", "Confusion", "Loss of Confidence")
RELIC_CATEGORIES = ("Specimen", "Ruin", "Knowledge")
#: The Leadership column of a Player Board: the five phases in which a Leadership token may be
#: used, each with the rulebook section that says what the token does there. A Specimen or
#: Knowledge token covers one of them (MAD-P07). The one list of the phases by name: the engine
#: cites these sections, the lessons ask about these phases.
LEADERSHIP_COLUMN: dict[str, str] = {
    "Movement": "Discarding a Leadership Token",
    "Encounter": "Discarding a Leadership Token (Encounter Phase)",
    "Resolution": "Discarding a Leadership Token (Resolution Phase)",
    "Draw": "Discarding a Leadership Token (Draw Phase)",
    "Rest": "Rest Phase (optional)",
}
PHASE_COVERS = tuple(LEADERSHIP_COLUMN)
MADNESS_DEALS = ("none", "all but the first Leader", "all")
#: The most of each thing a pack may hold: far above the rulebook's components (25 spaces, 36
#: tiles, 40 + 8 + 15 cards, 6 tokens), low enough that every game ends within the protocol's
#: `max_actions` and no pack can exhaust memory. Leadership tokens bound a game's length most:
#: each one spent or rested is a turn the expedition may go on.
MOST = {"spaces": 60, "tiles": 200, "cards": 200, "relics": 50, "madness": 200, "results": 50, "die": 60,
        "leadership_tokens": 12, "hand": 20, "relic_tokens": 50}
#: The furthest score a result may name either way: far past any pack's Relics and Injuries.
MOST_SCORE = 1000

#: The keys each kind of object in a pack may have (a key starting with "_" is a comment).
KEYS: dict[str, tuple[str, ...]] = {
    "a data pack": ("name", "illustrative", "equipment_types", "setup", "tiles_used", "leadership_tokens", "relic_tokens",
                    "die", "results", "spaces", "tiles", "equipment", "arcane", "injuries", "relics", "madness"),
    "setup": ("3", "4", "5"),
    "a setup entry": ("hand", "madness"),
    "tiles_used": REGIONS,
    "relic_tokens": RELIC_CATEGORIES,
    "a result": ("min", "max", "text"),
    "a space": ("id", "region", "row", "column", "adjacent", "challenges", "start", "escape_order"),
    "a tile": ("id", "name", "region", "challenges", "reward"),
    "an Equipment card": ("id", "type", "value", "name"),
    "an Injury card": ("id", "name"),
    "a Relic card": ("id", "name", "category", "title", "action", "covers", "constraint"),
    "a Madness card": ("id", "level", "name", "description"),
}
_COMMENT_LIKE = ("//", "#", "comment", "comments", "note", "notes", "remark", "description")


class PackError(DataError):
    """A data pack that breaks its format or the rules; names the file (if any), the field and why."""

    def __init__(self, field: str, reason: str, source: str = ""):
        super().__init__(field, reason)
        self.reason = reason
        self.source = source
        where = f"data pack {source}" if source else "data pack"
        self.args = (f"{where}: field {field}: {reason}",)

    def said(self) -> Message:
        return Message.text(self.args[0])  # the packs are English (Madness stays English in the zh-TW book)


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    region: str
    adjacent: tuple[str, ...]
    challenges: tuple[Challenge, ...]
    start: bool
    escape_order: int  # 1..3 on Escape spaces, else 0
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    region: str
    challenges: tuple[Challenge, ...]
    reward: str | None  # "Search", "Arcane", "Heal", "Praise", "Relic Specimen B" or None


@dataclass(frozen=True, slots=True)
class Card:
    """An Equipment, Arcane Equipment or Injury card; `face` (and its text, `label`) is what the rules see."""

    id: str
    name: str
    type: str | None
    value: int
    arcane: bool = False
    face: CardFace = field(init=False, compare=False)
    label: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        face = CardFace(self.type, self.value if self.type is not None else 0, self.arcane)
        object.__setattr__(self, "face", face)
        object.__setattr__(self, "label", face.text)


@dataclass(frozen=True, slots=True)
class Relic:
    id: str
    name: str  # "Specimen B"
    category: str  # Specimen, Ruin, Knowledge
    title: str
    action: str
    covers: str  # a phase (Leadership column) or an equipment type
    constraint: str


@dataclass(frozen=True, slots=True)
class MadnessCard:
    id: str
    level: int
    name: str
    description: str


@dataclass(frozen=True, eq=False)
class Pack:
    """Everything printed on the components; read-only and shared by every state.

    Equal packs are packs with the same data (`digest`, a hash of the JSON), whatever their
    name or file: a state read back from JSON, or a record replayed elsewhere, equals the original.
    """

    name: str
    note: str
    setup: dict[int, tuple[int, str]]  # players -> (hand size, who gets a Level 1 Madness)
    tiles_used: dict[str, int]
    leadership_tokens: int
    relic_tokens: dict[str, int]
    die: tuple[str, ...]
    results: tuple[tuple[int | None, int | None, str], ...]
    spaces: dict[str, Space]
    tiles: dict[str, Tile]
    equipment: tuple[str, ...]
    arcane: tuple[str, ...]
    injuries: tuple[str, ...]
    cards: dict[str, Card]
    relics: dict[str, Relic]
    relic_by_name: dict[str, str]
    madness: dict[str, MadnessCard]
    raw: dict[str, Any]
    digest: str
    equipment_types: tuple[str, ...] = EQUIPMENT_TYPES

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pack):
            return NotImplemented
        return self is other or self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"<data pack {self.name!r} {self.digest[:12]}>"

    def result_text(self, margin: int) -> str:
        return in_band(self.results, margin) or ""


def in_band(rows: Iterable[tuple[int | None, int | None, T]], margin: int) -> T | None:
    """A result table read at a margin (Relics minus Injuries): the value of the first row whose
    bounds hold it (None: no bound that way), or None."""
    for low, high, value in rows:
        if (low is None or margin >= low) and (high is None or margin <= high):
            return value
    return None


# ------------------------------------------------------------------------------ reading fields

def _path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _get(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict):
        raise PackError(where or "(top)", "must be a JSON object")
    if key not in data:
        raise PackError(_path(where, key), "is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise PackError(_path(where, key), f"must be {names}, not {type(value).__name__}")
    return value


def _label(data: Any, key: str, where: str) -> str:
    """An id or a name: text a player, an action or a lookup names the thing by, so neither empty
    nor blank (an empty id reads as no tile at all) nor padded with spaces (no action could name it)."""
    value = _get(data, key, str, where)
    if not value.strip():
        raise PackError(_path(where, key), f"must not be empty: the {key} names the thing, and {value!r} names nothing")
    if value != value.strip():
        raise PackError(_path(where, key), f"{value!r} starts or ends with a space; write {value.strip()!r}")
    return value


def _optional(data: dict[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    """An optional field: its default when absent, else it must be of that type."""
    if key not in data:
        return default
    return _get(data, key, kind, where)


def _known_keys(data: Any, what: str, where: str) -> dict[str, Any]:
    """The object itself, once every key is one `what` may have (or a comment, starting with "_")."""
    if not isinstance(data, dict):
        raise PackError(where or "(top)", "must be a JSON object")
    allowed = KEYS[what]
    for key in data:
        if key in allowed or key.startswith("_"):
            continue
        close = difflib.get_close_matches(key, allowed, n=1)
        if key.strip().lower() in _COMMENT_LIKE or key.startswith(("//", "#")):
            why = 'JSON has no comments: write one as a key starting with "_", such as "_comment": "..."'
        else:
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            why = f"is not a key of {what}{hint}; the keys are {', '.join(allowed)}, and comments start with \"_\""
        raise PackError(_path(where, key), why)
    return data


def _list(data: dict[str, Any], key: str, where: str, most: str) -> list[Any]:
    items = _get(data, key, list, where)
    if len(items) > MOST[most]:
        raise PackError(_path(where, key), f"holds {len(items)} items; a pack may hold at most {MOST[most]}")
    return items


def _count(data: dict[str, Any], key: str, where: str, low: int, high: int | None = None) -> int:
    value = _get(data, key, int, where)
    if value < low:
        raise PackError(_path(where, key), f"must be {'at least 1' if low == 1 else f'{low} or more'}")
    if high is not None and value > high:
        raise PackError(_path(where, key), f"must be at most {high}, not {value}: a longer expedition could not end "
                                           "within the game's limit of actions")
    return value


def _one_of(value: str, allowed: tuple[str, ...], where: str, what: str) -> str:
    if value not in allowed:
        raise PackError(where, f"{value!r} is not {what}; expected one of {', '.join(allowed)}")
    return value


#: How many challenges a tile shows (rulebook, Encounter Phase), and an empty space (MAD-R10).
TILE_CHALLENGES = (2, 3)
SPACE_CHALLENGES = 2


def _challenges(items: Any, where: str, low: int, high: int, why: str, types: tuple[str, ...]) -> tuple[Challenge, ...]:
    if not isinstance(items, list):
        raise PackError(where, "must be a list of challenges such as 'Tools 7-9'")
    if not low <= len(items) <= high:
        count = f"exactly {low}" if low == high else f"{low} to {high}"
        raise PackError(where, f"must hold {count} challenges, not {len(items)}: {why}")
    result = []
    for i, text in enumerate(items):
        try:
            challenge = parse_challenge(text)
        except NotationError as error:
            raise PackError(f"{where}[{i}]", str(error)) from None
        _of_type(challenge.type, types, f"{where}[{i}]")
        result.append(challenge)
    return tuple(result)


def _of_type(kind: str, types: tuple[str, ...], where: str) -> None:
    if kind not in types:
        raise PackError(where, f"{kind} is not one of this pack's equipment_types ({', '.join(types)})")


def _unique(ids: list[Any], where: str) -> None:
    """Ids are used once each (ids that are not text are refused where each item is read)."""
    seen: set[str] = set()
    for i, item in enumerate(ids):
        if isinstance(item, str):
            if item in seen:
                raise PackError(f"{where}[{i}].id", f"{item!r} is used twice")
            seen.add(item)


def _names(items: list[Any], where: str) -> tuple[str, ...]:
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise PackError(f"{where}[{i}]", f"must be the id of a space (text), not {type(item).__name__}")
    return tuple(items)


# ------------------------------------------------------------------------------ the parts of a pack

def _equipment_types(data: dict[str, Any]) -> tuple[str, ...]:
    types = _get(data, "equipment_types", list, "")
    if not types:
        raise PackError("equipment_types", f"needs at least one of the rulebook's types ({', '.join(EQUIPMENT_TYPES)})")
    for i, kind in enumerate(types):
        if not isinstance(kind, str) or kind not in EQUIPMENT_TYPES:
            raise PackError(f"equipment_types[{i}]", f"{kind!r} is not an equipment type of the game; a pack uses some of "
                                                     f"the rulebook's {', '.join(EQUIPMENT_TYPES)} (Equipment Cards)")
        if kind in types[:i]:
            raise PackError(f"equipment_types[{i}]", f"{kind} is listed twice")
    return tuple(types)


def _setup(data: dict[str, Any]) -> dict[int, tuple[int, str]]:
    setup_raw = _known_keys(_get(data, "setup", dict, ""), "setup", "setup")
    setup = {}
    for players in KEYS["setup"]:
        where = f"setup.{players}"
        entry = _known_keys(_get(setup_raw, players, dict, "setup"), "a setup entry", where)
        hand = _count(entry, "hand", where, 1, MOST["hand"])
        deal = _get(entry, "madness", str, where)
        if deal not in MADNESS_DEALS:
            raise PackError(f"{where}.madness", f"must be one of {MADNESS_DEALS}")
        setup[int(players)] = (hand, deal)
    return setup


def _counts(data: dict[str, Any], key: str, names: tuple[str, ...], high: int | None = None) -> dict[str, int]:
    raw = _known_keys(_get(data, key, dict, ""), key, key)
    return {name: _count(raw, name, key, 0, high) for name in names}


def _die(data: dict[str, Any]) -> tuple[str, ...]:
    die = _list(data, "die", "", "die")
    if not die:
        raise PackError("die", "needs at least one face (MAD-R06)")
    for i, face in enumerate(die):
        if not isinstance(face, str) or face not in DIE_FACES:
            raise PackError(f"die[{i}]", f"{face!r} is not a die face; expected one of {', '.join(DIE_FACES)} (Penalty Die)")
    return tuple(die)


def _results(data: dict[str, Any]) -> tuple[tuple[int | None, int | None, str], ...]:
    results = []
    for i, row in enumerate(_list(data, "results", "", "results")):
        where = f"results[{i}]"
        _known_keys(row, "a result", where)
        text = _get(row, "text", str, where)
        low, high = row.get("min"), row.get("max")
        for key, value in (("min", low), ("max", high)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or abs(value) > MOST_SCORE):
                raise PackError(f"{where}.{key}", f"must be a whole number from {-MOST_SCORE} to {MOST_SCORE}, or null")
        if low is not None and high is not None and low > high:
            raise PackError(where, f"min {low} is above max {high}: the result covers no score")
        results.append((low, high, text))
    for (i, first), (j, second) in itertools.combinations(enumerate(results), 2):
        shared = _shared(first, second)
        if shared is not None:
            raise PackError(f"results[{j}]", f"covers the score {shared}, which results[{i}] covers already: "
                                             "each score has one result (MAD-P13)")
    return tuple(results)


def _shared(first: tuple[int | None, int | None, str], second: tuple[int | None, int | None, str]) -> int | None:
    """A score both results cover, if any (None: no bound that way)."""
    low = max((bound for bound in (first[0], second[0]) if bound is not None), default=None)
    high = min((bound for bound in (first[1], second[1]) if bound is not None), default=None)
    if low is None and high is None:
        return 0
    if low is None or high is None or low <= high:
        return low if low is not None else high
    return None


def _check_results(results: tuple[tuple[int | None, int | None, str], ...], lowest: int, highest: int) -> None:
    """Every score an escape can reach, its Relic cards minus its Injury cards in play (from minus
    every Injury to every Relic), has a result: the end of the game says it (MAD-P13)."""
    missing = [score for score in range(lowest, highest + 1) if in_band(results, score) is None]
    if missing:
        raise PackError("results", f"no result covers {_scores(missing)}; every score an escape can reach, Relic cards "
                        f"minus Injury cards ({lowest} to {highest} with this pack), needs one (MAD-P13)")


def _scores(scores: list[int]) -> str:
    """Scores in order as runs: "the score 0", "the scores 0 to 3", "the scores -15 to -1 and 4"."""
    runs: list[list[int]] = []
    for score in scores:
        if runs and score == runs[-1][1] + 1:
            runs[-1][1] = score
        else:
            runs.append([score, score])
    said = [str(low) if low == high else f"{low} to {high}" for low, high in runs]
    words = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
    return f"the score {words}" if len(scores) == 1 else f"the scores {words}"


def _spaces(data: dict[str, Any], types: tuple[str, ...]) -> dict[str, Space]:
    spaces_raw = _list(data, "spaces", "", "spaces")
    _unique([s.get("id") if isinstance(s, dict) else None for s in spaces_raw], "spaces")
    spaces: dict[str, Space] = {}
    for i, raw in enumerate(spaces_raw):
        where = f"spaces[{i}]"
        _known_keys(raw, "a space", where)
        sid = _label(raw, "id", where)
        region = _one_of(_get(raw, "region", str, where), REGIONS, f"{where}.region", "a region")
        adjacent = _names(_get(raw, "adjacent", list, where), f"{where}.adjacent")
        faced = _challenges(raw.get("challenges"), f"{where}.challenges", SPACE_CHALLENGES, SPACE_CHALLENGES,
                            "a space without a tile shows two challenges (MAD-R10)", types)
        spaces[sid] = Space(sid, region, adjacent, faced, _optional(raw, "start", bool, False, where),
                            _optional(raw, "escape_order", int, 0, where),
                            _grid(raw, "row", where), _grid(raw, "column", where))
    return spaces


def _grid(raw: dict[str, Any], key: str, where: str) -> int:
    """A space's row or column in the board's picture: 0 up to as many as a pack has spaces."""
    value = _optional(raw, key, int, 0, where)
    if not 0 <= value <= MOST["spaces"]:
        raise PackError(f"{where}.{key}", f"must be a whole number from 0 to {MOST['spaces']} (a pack has at most "
                                          f"{MOST['spaces']} spaces), not {shown(value)}")
    return int(value)


def _check_links(spaces: dict[str, Space], tiles_used: dict[str, int]) -> None:
    """Adjacency is mutual, and each region has as many spaces as set-up places tiles on it."""
    for i, space in enumerate(spaces.values()):
        for other in space.adjacent:
            if other not in spaces:
                raise PackError(f"spaces[{i}].adjacent", f"names an unknown space {other!r}")
            if space.id not in spaces[other].adjacent:
                raise PackError(f"spaces[{i}].adjacent", f"{space.id} lists {other} but {other} does not list {space.id}: "
                                                         "adjacency must be mutual")
            if other == space.id:
                raise PackError(f"spaces[{i}].adjacent", "a space cannot be adjacent to itself")
    for region in REGIONS:
        count = sum(1 for s in spaces.values() if s.region == region)
        if count != tiles_used[region]:
            raise PackError("spaces", f"{count} {region} spaces but setup places {tiles_used[region]} {region} tiles "
                                      "(rulebook, Setting Up the Game step 3)")


def _check_route(spaces: dict[str, Space]) -> None:
    """The expedition can start, reach the Edge of Madness, and escape over three Escape spaces."""
    if not any(s.start for s in spaces.values()):
        raise PackError("spaces", "no space is marked start: the first move needs bottom-row Coast spaces (rulebook, Movement Phase)")
    for s in spaces.values():
        if s.start and s.region != "Coast":
            raise PackError(f"spaces.{s.id}.start", "only Coast spaces can be starting spaces (rulebook, Movement Phase)")
    edges = [s for s in spaces.values() if s.region == "Edge of Madness"]
    escapes = sorted((s for s in spaces.values() if s.region == "Escape"), key=lambda s: s.escape_order)
    if [s.escape_order for s in escapes] != list(range(1, len(escapes) + 1)):
        raise PackError("spaces", "Escape spaces need escape_order 1, 2, 3 ... (rulebook, The \"Edge of Madness\" Tile)")
    if len(edges) != 1:
        raise PackError("spaces", f"the board needs exactly one Edge of Madness space, not {len(edges)} "
                                  "(rulebook, The \"Edge of Madness\" Tile)")
    if len(escapes) != 3:
        raise PackError("spaces", f"the board needs exactly 3 Escape spaces, not {len(escapes)}: the escape takes 3 turns")
    for s in spaces.values():
        if s.region != "Escape" and not any(spaces[other].region != "Escape" for other in s.adjacent):
            raise PackError(f"spaces.{s.id}.adjacent", "a space needs a neighbour that is not an Escape space, or the Airplane "
                            "could not leave it (rulebook, Movement Phase; MAD-P16)")
    reached = {s.id for s in spaces.values() if s.start}
    frontier = list(reached)
    while frontier:
        for other in spaces[frontier.pop()].adjacent:
            if other not in reached and spaces[other].region != "Escape":
                reached.add(other)
                frontier.append(other)
    if edges[0].id not in reached:
        raise PackError("spaces", "the Edge of Madness cannot be reached from a starting space: the expedition could never escape")
    chain = edges + escapes
    for a, b in zip(chain, chain[1:]):
        if b.id not in a.adjacent:
            raise PackError(f"spaces.{b.id}.adjacent", f"the escape route must run Edge -> Escape 1 -> 2 -> 3; {a.id} and {b.id} "
                                                       "are not adjacent")


def _reward(raw: dict[str, Any], region: str, relic_names: set[str], where: str) -> str | None:
    reward = raw.get("reward")
    if reward is None:
        if region != "Escape":
            raise PackError(f"{where}.reward", "only Escape tiles may have no reward (rulebook, Encounter Tiles)")
        return None
    if not isinstance(reward, str):
        raise PackError(f"{where}.reward", "must be text or null")
    if reward.startswith("Relic "):
        if reward[6:] not in relic_names:
            raise PackError(f"{where}.reward", f"names an unknown Relic card {reward[6:]!r}")
    elif reward not in REWARDS:
        raise PackError(f"{where}.reward", f"{reward!r} is not a reward; expected Relic <name>, {', '.join(REWARDS)} or null")
    return reward


def _tiles(data: dict[str, Any], tiles_used: dict[str, int], types: tuple[str, ...]) -> dict[str, Tile]:
    tiles_raw = _list(data, "tiles", "", "tiles")
    _unique([t.get("id") if isinstance(t, dict) else None for t in tiles_raw], "tiles")
    relics_raw = _get(data, "relics", list, "")
    relic_names = {r["name"] for r in relics_raw if isinstance(r, dict) and isinstance(r.get("name"), str)}
    tiles: dict[str, Tile] = {}
    for i, raw in enumerate(tiles_raw):
        where = f"tiles[{i}]"
        _known_keys(raw, "a tile", where)
        tid = _label(raw, "id", where)
        region = _one_of(_get(raw, "region", str, where), REGIONS, f"{where}.region", "a region")
        reward = _reward(raw, region, relic_names, where)
        faced = _challenges(raw.get("challenges"), f"{where}.challenges", *TILE_CHALLENGES,
                            "a tile shows two or three (rulebook, Encounter Phase)", types)
        name = _label(raw, "name", where)
        if any(tile.name == name for tile in tiles.values()):
            raise PackError(f"{where}.name", f"{name!r} is the name of another tile too: a lesson or a moment names a tile by it")
        tiles[tid] = Tile(tid, name, region, faced, reward)
    for region in REGIONS:
        count = sum(1 for t in tiles.values() if t.region == region)
        if count < tiles_used[region]:
            raise PackError("tiles", f"{count} {region} tiles, fewer than the {tiles_used[region]} that setup places")
    return tiles


def _entries(
    data: dict[str, Any], key: str, most: str, what: str, taken: Container[str]
) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each object of the list `key` with its id and its place ("relics[2]"), once it has only the
    keys of `what` and an id not in `taken` (the caller's dict of those read so far, filled as it goes)."""
    for i, raw in enumerate(_list(data, key, "", most)):
        where = f"{key}[{i}]"
        _known_keys(raw, what, where)
        given = _label(raw, "id", where)
        if given in taken:
            raise PackError(f"{where}.id", f"{given!r} is used twice")
        yield given, where, raw


def _cards(data: dict[str, Any], key: str, cards: dict[str, Card], types: tuple[str, ...]) -> tuple[str, ...]:
    """One deck of cards ("equipment", "arcane" or "injuries"), added to `cards` by id."""
    injury = key == "injuries"
    what = "an Injury card" if injury else "an Equipment card"
    ids = []
    for cid, where, raw in _entries(data, key, "cards", what, cards):
        if injury:
            card = Card(cid, _label(raw, "name", where), None, 0)
        else:
            kind = _one_of(_get(raw, "type", str, where), EQUIPMENT_TYPES, f"{where}.type", "an equipment type")
            _of_type(kind, types, f"{where}.type")
            value = _count(raw, "value", where, 1, 1_000)
            card = Card(cid, _label(raw, "name", where), kind, value, key == "arcane")
        cards[cid] = card
        ids.append(cid)
    return tuple(ids)


def _relics(data: dict[str, Any], relic_tokens: dict[str, int], types: tuple[str, ...]) -> dict[str, Relic]:
    relics: dict[str, Relic] = {}
    for rid, where, raw in _entries(data, "relics", "relics", "a Relic card", relics):
        category = _get(raw, "category", str, where)
        if category not in relic_tokens:
            raise PackError(f"{where}.category", f"{category!r} is not Specimen, Ruin or Knowledge")
        covers = _get(raw, "covers", str, where)
        if covers not in PHASE_COVERS and covers not in types:
            raise PackError(f"{where}.covers", f"{covers!r} is neither a phase ({', '.join(PHASE_COVERS)}) nor one of "
                                               f"this pack's equipment types ({', '.join(types)})")
        relics[rid] = Relic(rid, _label(raw, "name", where), category, _optional(raw, "title", str, "", where),
                            _get(raw, "action", str, where), covers, _get(raw, "constraint", str, where))
    names: set[str] = set()
    for relic in relics.values():
        if relic.name in names:
            raise PackError("relics", f"two Relic cards are named {relic.name!r}")
        names.add(relic.name)
    for category, count in relic_tokens.items():
        if sum(1 for r in relics.values() if r.category == category) > count:
            raise PackError(f"relic_tokens.{category}", "fewer tokens than Relic cards of that category")
    return relics


def _madness(data: dict[str, Any]) -> dict[str, MadnessCard]:
    madness: dict[str, MadnessCard] = {}
    for mid, where, raw in _entries(data, "madness", "madness", "a Madness card", madness):
        level = _get(raw, "level", int, where)
        if level not in (1, 2, 3):
            raise PackError(f"{where}.level", "must be 1, 2 or 3")
        madness[mid] = MadnessCard(mid, level, _label(raw, "name", where), _get(raw, "description", str, where))
    for level in (1, 2, 3):
        if sum(1 for m in madness.values() if m.level == level) < 5:
            raise PackError("madness", f"needs at least 5 Level {level} cards: each of up to 5 players may draw one")
    return madness


def _check_ids(groups: dict[str, dict[str, Any]]) -> None:
    """Every id names one thing: no card shares its id with a space, a tile, a Relic or a Madness card."""
    seen: dict[str, str] = {}
    for kind, ids in groups.items():
        for item in ids:
            if item in seen and seen[item] != kind:
                raise PackError(kind, f"the id {item!r} is also one of the {seen[item]}: every id names one thing")
            seen[item] = kind


def _build(data: dict[str, Any], digest: str) -> Pack:
    """Each part of the pack read and checked in turn, then the checks across parts."""
    _known_keys(data, "a data pack", "")
    name = _get(data, "name", str, "")
    note = _get(data, "illustrative", str, "") if "illustrative" in data else ""
    types = _equipment_types(data)
    setup = _setup(data)
    tiles_used = _counts(data, "tiles_used", REGIONS, MOST["spaces"])
    tokens = _count(data, "leadership_tokens", "", 1, MOST["leadership_tokens"])
    relic_tokens = _counts(data, "relic_tokens", RELIC_CATEGORIES, MOST["relic_tokens"])
    die, results = _die(data), _results(data)
    spaces = _spaces(data, types)
    _check_links(spaces, tiles_used)
    _check_route(spaces)
    tiles = _tiles(data, tiles_used, types)
    cards: dict[str, Card] = {}
    equipment, arcane, injuries = (_cards(data, key, cards, types) for key in ("equipment", "arcane", "injuries"))
    if len(injuries) < 5:
        raise PackError("injuries", "setup needs at least as many Injury cards as players (5)")
    for seats, (hand, _) in setup.items():
        if hand * seats > len(equipment):
            raise PackError(f"setup.{seats}.hand", f"{seats} hands of {hand} need {hand * seats} Equipment cards; "
                            f"the pack has {len(equipment)}")
    relics = _relics(data, relic_tokens, types)
    _check_results(results, -len(injuries), len(relics))
    madness = _madness(data)
    _check_ids({"spaces": spaces, "tiles": tiles, "cards": cards, "relics": relics, "madness": madness})
    relic_by_name = {relic.name: rid for rid, relic in relics.items()}
    return Pack(name, note, setup, tiles_used, tokens, relic_tokens, die, results, spaces, tiles,
                equipment, arcane, injuries, cards, relics, relic_by_name, madness, data, digest, types)


# ------------------------------------------------------------------------------ loading

_PARSED: OrderedDict[str, Pack] = OrderedDict()
_PARSED_KEPT = 16


def parse_pack(data: Any) -> Pack:
    """Check a decoded pack and build it; raises PackError on the first problem found.

    The pack keeps its own copy of the data, so changing `data` afterwards changes nothing.
    Parsed packs are remembered by their content (never by name), so parsing the same data
    again is quick and gives an equal pack, and different data always gives a new one.
    """
    if not isinstance(data, dict):
        raise PackError("(top)", "a pack must be a JSON object")
    _checked(lambda: check_json(data, "(top)"))
    try:
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise PackError("(top)", f"a pack holds only JSON values: {error}") from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    known = _PARSED.get(digest)
    if known is not None:
        _PARSED.move_to_end(digest)
        return known
    pack = _build(json.loads(json.dumps(data, ensure_ascii=False)), digest)
    _PARSED[digest] = pack
    while len(_PARSED) > _PARSED_KEPT:
        _PARSED.popitem(last=False)
    return pack


def _checked(read: Callable[[], Any], source: str = "") -> Any:
    """A core reader's DataError as a PackError naming the file."""
    try:
        return read()
    except PackError:
        raise
    except DataError as error:
        raise PackError("(file)" if source else "(top)", error.why, source) from None


def load_pack(source: str | os.PathLike[str] | dict[str, Any] | None = None) -> Pack:
    """The shipped illustrative pack (no argument), a pack from a JSON file, or a decoded dict.

    The file is read afresh on every call, under any name, with or without a UTF-8 byte-order
    mark (as Excel and Notepad write it), no larger than core.data's limit (so /dev/zero is
    refused); any problem is a PackError naming the file.
    """
    if source is None:
        return default_pack()
    if isinstance(source, dict):
        return parse_pack(source)
    if not isinstance(source, (str, os.PathLike)):
        raise PackError("(file)", f"a pack is loaded from a file name or a dict, not {type(source).__name__}")
    name = os.fspath(source)
    return _pack_from_text(_checked(lambda: read_text(name, "data pack"), name), name)


def _pack_from_text(text: str, name: str) -> Pack:
    data = _checked(lambda: parse_json(text, "data pack"), name)
    try:
        return parse_pack(data)
    except PackError as error:
        raise PackError(error.field, error.reason, name) from None


_DEFAULT: dict[tuple[int, int], Pack] = {}
_SHIPPED: list[Any] = []  # the shipped file, found once


def default_pack() -> Pack:
    """The shipped illustrative pack (MAD-P13); read again if its file has changed since."""
    if not _SHIPPED:
        _SHIPPED.append(resources.files("rulesbook.madness").joinpath("data/pack.json"))
    resource = _SHIPPED[0]
    try:
        stat = os.stat(os.fspath(resource))
        stamp = (stat.st_mtime_ns, stat.st_size)
    except (OSError, TypeError):  # not a plain file (a zip): it cannot change
        stamp = (0, 0)
    pack = _DEFAULT.get(stamp)
    if pack is None:
        pack = _pack_from_text(resource.read_text(encoding="utf-8-sig"), "data/pack.json")
        _DEFAULT.clear()
        _DEFAULT[stamp] = pack
    return pack


def is_default(pack: Pack) -> bool:
    """Whether this is the shipped pack's data (records then name it instead of carrying it)."""
    return pack == default_pack()
