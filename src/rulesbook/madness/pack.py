"""The data pack: board, tiles, cards and die, loaded from JSON and checked field by field.

The shipped pack (data/pack.json) is ILLUSTRATIVE: the rulebook gives the rules but not the
printed board, challenges, Relic and Madness texts or the die's faces (rulings MAD-R02,
MAD-R06, MAD-P13). A teacher may load another pack of the same format; any mistake in it raises
PackError naming the field and why, before a game can start from it.

A pack is a value: a game carries it in its `Rules` (`Rules(pack=load_pack("my.json"))`), and
two packs are equal when their data is. Nothing is looked up by name, so a pack edited and
loaded again gives the new data, and a copy loads under any file name.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rulesbook.core.errors import NotationError, RulesbookError
from rulesbook.madness.challenges import EQUIPMENT_TYPES, CardFace, Challenge, parse_challenge

REGIONS = ("Coast", "Mountain", "City", "Edge of Madness", "Escape")
REWARDS = ("Search", "Arcane", "Heal", "Praise")  # and "Relic <name>", or null for none
DIE_FACES = ("Accident", "Confusion", "Loss of Confidence")
PHASE_COVERS = ("Movement", "Encounter", "Resolution", "Draw", "Rest")
MADNESS_DEALS = ("none", "all but the first Leader", "all")


class PackError(RulesbookError, ValueError):
    """A data pack that breaks its format or the rules; names the file (if any), the field and why."""

    def __init__(self, field: str, reason: str, source: str = ""):
        self.field = field
        self.reason = reason
        self.source = source
        where = f"data pack {source}" if source else "data pack"
        super().__init__(f"{where}: field {field}: {reason}")


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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pack):
            return NotImplemented
        return self is other or self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"<data pack {self.name!r} {self.digest[:12]}>"

    def result_text(self, margin: int) -> str:
        for low, high, text in self.results:
            if (low is None or margin >= low) and (high is None or margin <= high):
                return text
        return ""

    def region_of(self, space: str) -> str:
        return self.spaces[space].region


def _get(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict):
        raise PackError(where, "must be a JSON object")
    if key not in data:
        raise PackError(f"{where}.{key}" if where else key, "is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise PackError(f"{where}.{key}" if where else key, f"must be {names}, not {type(value).__name__}")
    return value


#: How many challenges a tile shows (rulebook, Encounter Phase), and an empty space (MAD-R10).
TILE_CHALLENGES = (2, 3)
SPACE_CHALLENGES = 2


def _challenges(items: Any, where: str, low: int, high: int, why: str) -> tuple[Challenge, ...]:
    if not isinstance(items, list):
        raise PackError(where, "must be a list of challenges such as 'Tools 7-9'")
    if not low <= len(items) <= high:
        count = f"exactly {low}" if low == high else f"{low} to {high}"
        raise PackError(where, f"must hold {count} challenges, not {len(items)}: {why}")
    result = []
    for i, text in enumerate(items):
        try:
            result.append(parse_challenge(text))
        except NotationError as error:
            raise PackError(f"{where}[{i}]", str(error)) from None
    return tuple(result)


def _unique(ids: list[Any], where: str) -> None:
    """Ids are used once each (ids that are not text are refused where each item is read)."""
    seen: set[str] = set()
    for i, item in enumerate(ids):
        if isinstance(item, str):
            if item in seen:
                raise PackError(f"{where}[{i}].id", f"{item!r} is used twice")
            seen.add(item)


def _optional(data: dict[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    """An optional field: its default when absent, else it must be of that type."""
    if key not in data:
        return default
    return _get(data, key, kind, where)


def _names(items: list[Any], where: str) -> tuple[str, ...]:
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise PackError(f"{where}[{i}]", f"must be the id of a space (text), not {type(item).__name__}")
    return tuple(items)


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


def _build(data: dict[str, Any], digest: str) -> Pack:
    name = _get(data, "name", str, "")
    note = _get(data, "illustrative", str, "") if "illustrative" in data else ""
    setup_raw = _get(data, "setup", dict, "")
    setup = {}
    for players in ("3", "4", "5"):
        entry = _get(setup_raw, players, dict, "setup")
        if not isinstance(entry, dict):
            raise PackError(f"setup.{players}", "must be a JSON object")
        hand = _get(entry, "hand", int, f"setup.{players}")
        deal = _get(entry, "madness", str, f"setup.{players}")
        if hand < 1:
            raise PackError(f"setup.{players}.hand", "must be at least 1")
        if deal not in MADNESS_DEALS:
            raise PackError(f"setup.{players}.madness", f"must be one of {MADNESS_DEALS}")
        setup[int(players)] = (hand, deal)
    tiles_used_raw = _get(data, "tiles_used", dict, "")
    tiles_used = {}
    for region in REGIONS:
        tiles_used[region] = _get(tiles_used_raw, region, int, "tiles_used")
        if tiles_used[region] < 0:
            raise PackError(f"tiles_used.{region}", "must be 0 or more")
    tokens = _get(data, "leadership_tokens", int, "")
    if tokens < 1:
        raise PackError("leadership_tokens", "must be at least 1")
    relic_tokens_raw = _get(data, "relic_tokens", dict, "")
    relic_tokens = {k: _get(relic_tokens_raw, k, int, "relic_tokens") for k in ("Specimen", "Ruin", "Knowledge")}
    for category, count in relic_tokens.items():
        if count < 0:
            raise PackError(f"relic_tokens.{category}", "must be 0 or more")
    die = _get(data, "die", list, "")
    if not die:
        raise PackError("die", "needs at least one face (MAD-R06)")
    for i, face in enumerate(die):
        if not isinstance(face, str) or face not in DIE_FACES:
            raise PackError(f"die[{i}]", f"{face!r} is not a die face; expected one of {', '.join(DIE_FACES)} (MAD-R06)")
    results = []
    for i, row in enumerate(_get(data, "results", list, "")):
        low = row.get("min") if isinstance(row, dict) else None
        high = row.get("max") if isinstance(row, dict) else None
        text = _get(row, "text", str, f"results[{i}]")
        for key, value in (("min", low), ("max", high)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise PackError(f"results[{i}].{key}", "must be a whole number or null")
        results.append((low, high, text))

    spaces_raw = _get(data, "spaces", list, "")
    _unique([s.get("id") if isinstance(s, dict) else None for s in spaces_raw], "spaces")
    spaces: dict[str, Space] = {}
    for i, raw in enumerate(spaces_raw):
        where = f"spaces[{i}]"
        sid = _get(raw, "id", str, where)
        region = _get(raw, "region", str, where)
        if region not in REGIONS:
            raise PackError(f"{where}.region", f"{region!r} is not a region; expected one of {', '.join(REGIONS)}")
        adjacent = _names(_get(raw, "adjacent", list, where), f"{where}.adjacent")
        faced = _challenges(raw.get("challenges"), f"{where}.challenges", SPACE_CHALLENGES, SPACE_CHALLENGES,
                            "a space without a tile shows two challenges (MAD-R10)")
        spaces[sid] = Space(sid, region, adjacent, faced, _optional(raw, "start", bool, False, where),
                            _optional(raw, "escape_order", int, 0, where),
                            _optional(raw, "row", int, 0, where), _optional(raw, "column", int, 0, where))
    for i, space in enumerate(spaces.values()):
        for other in space.adjacent:
            if other not in spaces:
                raise PackError(f"spaces[{i}].adjacent", f"names an unknown space {other!r}")
            if space.id not in spaces[other].adjacent:
                raise PackError(f"spaces[{i}].adjacent", f"{space.id} lists {other} but {other} does not list {space.id}: adjacency must be mutual")
            if other == space.id:
                raise PackError(f"spaces[{i}].adjacent", "a space cannot be adjacent to itself")
    for region in REGIONS:
        count = sum(1 for s in spaces.values() if s.region == region)
        if count != tiles_used[region]:
            raise PackError("spaces", f"{count} {region} spaces but setup places {tiles_used[region]} {region} tiles (rulebook, Setting Up the Game step 3)")
    if not any(s.start for s in spaces.values()):
        raise PackError("spaces", "no space is marked start: the first move needs bottom-row Coast spaces (rulebook, Movement Phase)")
    for s in spaces.values():
        if s.start and s.region != "Coast":
            raise PackError(f"spaces.{s.id}.start", "only Coast spaces can be starting spaces (rulebook, Movement Phase)")
    edges = [s for s in spaces.values() if s.region == "Edge of Madness"]
    escapes = sorted((s for s in spaces.values() if s.region == "Escape"), key=lambda s: s.escape_order)
    if [s.escape_order for s in escapes] != list(range(1, len(escapes) + 1)):
        raise PackError("spaces", "Escape spaces need escape_order 1, 2, 3 ... (rulebook, The Edge of Madness tile)")
    if len(edges) != 1:
        raise PackError("spaces", f"the board needs exactly one Edge of Madness space, not {len(edges)} (rulebook, The \"Edge of Madness\" Tile)")
    if len(escapes) != 3:
        raise PackError("spaces", f"the board needs exactly 3 Escape spaces, not {len(escapes)}: the escape takes 3 turns")
    for s in spaces.values():
        if s.region != "Escape" and not any(spaces[other].region != "Escape" for other in s.adjacent):
            raise PackError(f"spaces.{s.id}.adjacent", "a space needs a neighbour that is not an Escape space, or the Airplane "
                            "could not leave it (rulebook, Movement Phase)")
    reached = {s.id for s in spaces.values() if s.start}
    frontier = list(reached)
    while frontier:
        here = spaces[frontier.pop()]
        for other in here.adjacent:
            if other not in reached and spaces[other].region != "Escape":
                reached.add(other)
                frontier.append(other)
    if edges[0].id not in reached:
        raise PackError("spaces", "the Edge of Madness cannot be reached from a starting space: the expedition could never escape")
    chain = edges + escapes
    for a, b in zip(chain, chain[1:]):
        if b.id not in a.adjacent:
            raise PackError(f"spaces.{b.id}.adjacent", f"the escape route must run Edge -> Escape 1 -> 2 -> 3; {a.id} and {b.id} are not adjacent")

    tiles_raw = _get(data, "tiles", list, "")
    _unique([t.get("id") if isinstance(t, dict) else None for t in tiles_raw], "tiles")
    relics_raw = _get(data, "relics", list, "")
    relic_names = {r.get("name") for r in relics_raw if isinstance(r, dict) and isinstance(r.get("name"), str)}
    tiles = {}
    for i, raw in enumerate(tiles_raw):
        where = f"tiles[{i}]"
        tid = _get(raw, "id", str, where)
        region = _get(raw, "region", str, where)
        if region not in REGIONS:
            raise PackError(f"{where}.region", f"{region!r} is not a region; expected one of {', '.join(REGIONS)}")
        reward = raw.get("reward")
        if reward is not None:
            if not isinstance(reward, str):
                raise PackError(f"{where}.reward", "must be text or null")
            if reward.startswith("Relic "):
                if reward[6:] not in relic_names:
                    raise PackError(f"{where}.reward", f"names an unknown Relic card {reward[6:]!r}")
            elif reward not in REWARDS:
                raise PackError(f"{where}.reward", f"{reward!r} is not a reward; expected Relic <name>, {', '.join(REWARDS)} or null")
        elif region != "Escape":
            raise PackError(f"{where}.reward", "only Escape tiles may have no reward (rulebook, Encounter Tiles)")
        tiles[tid] = Tile(tid, _get(raw, "name", str, where), region, _challenges(raw.get("challenges"), f"{where}.challenges",
                                                                                  *TILE_CHALLENGES, "a tile shows two or three (rulebook, Encounter Phase)"), reward)
    for region in REGIONS:
        count = sum(1 for t in tiles.values() if t.region == region)
        if count < tiles_used[region]:
            raise PackError("tiles", f"{count} {region} tiles, fewer than the {tiles_used[region]} that setup places")

    cards: dict[str, Card] = {}

    def card_list(key: str, arcane: bool, injury: bool) -> tuple[str, ...]:
        items = _get(data, key, list, "")
        ids = []
        for i, raw in enumerate(items):
            where = f"{key}[{i}]"
            cid = _get(raw, "id", str, where)
            if cid in cards:
                raise PackError(f"{where}.id", f"{cid!r} is used twice")
            if injury:
                card = Card(cid, _get(raw, "name", str, where), None, 0)
            else:
                kind = _get(raw, "type", str, where)
                if kind not in EQUIPMENT_TYPES:
                    raise PackError(f"{where}.type", f"{kind!r} is not an equipment type; expected one of {', '.join(EQUIPMENT_TYPES)}")
                value = _get(raw, "value", int, where)
                if value < 1:
                    raise PackError(f"{where}.value", "must be at least 1")
                card = Card(cid, _get(raw, "name", str, where), kind, value, arcane)
            cards[cid] = card
            ids.append(cid)
        return tuple(ids)

    equipment = card_list("equipment", False, False)
    arcane = card_list("arcane", True, False)
    injuries = card_list("injuries", False, True)
    if len(injuries) < 5:
        raise PackError("injuries", "setup needs at least as many Injury cards as players (5)")
    for seats, (hand, _) in setup.items():
        if hand * seats > len(equipment):
            raise PackError(f"setup.{seats}.hand", f"{seats} hands of {hand} need {hand * seats} Equipment cards; "
                            f"the pack has {len(equipment)}")

    relics = {}
    for i, raw in enumerate(relics_raw):
        where = f"relics[{i}]"
        rid = _get(raw, "id", str, where)
        if rid in relics or rid in cards:
            raise PackError(f"{where}.id", f"{rid!r} is used twice")
        category = _get(raw, "category", str, where)
        if category not in relic_tokens:
            raise PackError(f"{where}.category", f"{category!r} is not Specimen, Ruin or Knowledge")
        covers = _get(raw, "covers", str, where)
        if covers not in PHASE_COVERS and covers not in EQUIPMENT_TYPES:
            raise PackError(f"{where}.covers", f"{covers!r} is neither a phase ({', '.join(PHASE_COVERS)}) nor an equipment type")
        relics[rid] = Relic(rid, _get(raw, "name", str, where), category, _optional(raw, "title", str, "", where),
                            _get(raw, "action", str, where), covers, _get(raw, "constraint", str, where))
    relic_by_name = {}
    for rid, relic in relics.items():
        if relic.name in relic_by_name:
            raise PackError("relics", f"two Relic cards are named {relic.name!r}")
        relic_by_name[relic.name] = rid
    for category, count in relic_tokens.items():
        if sum(1 for r in relics.values() if r.category == category) > count:
            raise PackError(f"relic_tokens.{category}", "fewer tokens than Relic cards of that category")

    madness = {}
    for i, raw in enumerate(_get(data, "madness", list, "")):
        where = f"madness[{i}]"
        mid = _get(raw, "id", str, where)
        if mid in madness or mid in cards or mid in relics:
            raise PackError(f"{where}.id", f"{mid!r} is used twice")
        level = _get(raw, "level", int, where)
        if level not in (1, 2, 3):
            raise PackError(f"{where}.level", "must be 1, 2 or 3")
        madness[mid] = MadnessCard(mid, level, _get(raw, "name", str, where), _get(raw, "description", str, where))
    for level in (1, 2, 3):
        if sum(1 for m in madness.values() if m.level == level) < 5:
            raise PackError("madness", f"needs at least 5 Level {level} cards: each of up to 5 players may draw one")
    seen: dict[str, str] = {}
    for kind, ids in (("spaces", spaces), ("tiles", tiles), ("cards", cards), ("relics", relics), ("madness", madness)):
        for item in ids:
            if item in seen and seen[item] != kind:
                raise PackError(kind, f"the id {item!r} is also one of the {seen[item]}: every id names one thing")
            seen[item] = kind
    return Pack(name, note, setup, tiles_used, tokens, relic_tokens, tuple(die), tuple(results), spaces, tiles,
                equipment, arcane, injuries, cards, relics, relic_by_name, madness, data, digest)


def load_pack(source: str | os.PathLike[str] | dict[str, Any] | None = None) -> Pack:
    """The shipped illustrative pack (no argument), a pack from a JSON file, or a decoded dict.

    The file is read afresh on every call, under any name, with or without a UTF-8 byte-order
    mark (as Excel and Notepad write it); any problem is a PackError naming the file.
    """
    if source is None:
        return default_pack()
    if isinstance(source, dict):
        return parse_pack(source)
    if not isinstance(source, (str, os.PathLike)):
        raise PackError("(file)", f"a pack is loaded from a file name or a dict, not {type(source).__name__}")
    name = os.fspath(source)
    try:
        with open(name, "rb") as file:
            raw = file.read()
    except OSError as error:
        raise PackError("(file)", f"cannot read it: {error.strerror or error}", name) from None
    return _pack_from_bytes(raw, name)


def _pack_from_bytes(raw: bytes, name: str) -> Pack:
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PackError("(file)", "is not UTF-8 text", name) from None
    except json.JSONDecodeError as error:
        raise PackError("(file)", f"is not valid JSON: {error}", name) from None
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
        pack = _pack_from_bytes(resource.read_bytes(), "data/pack.json")
        _DEFAULT.clear()
        _DEFAULT[stamp] = pack
    return pack


def is_default(pack: Pack) -> bool:
    """Whether this is the shipped pack's data (records then name it instead of carrying it)."""
    return pack == default_pack()
