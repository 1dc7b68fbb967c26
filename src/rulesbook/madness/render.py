"""Pictures of an expedition as SVG: the mountain, an Encounter tile, cards, the Sled and its
Leadership tokens, the Penalty Die and each player's board.

Every picture is drawn from one player's view (`player_view`), never from the state: what a seat
may not see (another hand, another player's Madness text, cards face down on the Sled, face-down
tiles) is not in the view, so it cannot be in the picture (rulings MAD-R08, MAD-R09). With no
seat, the picture shows what an onlooker sees. Nothing is told by colour alone: tiles say
"face down" or "empty", outcomes say "success" or "failure", tokens are counted in words. Each
SVG carries a description of what it shows (its <desc>), which the book's pages use as alt text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rulesbook.core.picture import Picture, attribute, checked_title, escape, svg_document
from rulesbook.core.words import listed, plural
from rulesbook.madness.challenges import Challenge, parse_challenge
from rulesbook.madness.pack import default_pack
from rulesbook.madness.state import State
from rulesbook.madness.views import player_view

FONT = 12
SMALL = 11
COLUMN, ROW, SPACE_W, SPACE_H = 27, 44, 48, 32
REGION_LABELS = 62  # room on the left of the mountain for the regions' names
REGION_FILL = {"Coast": "#d7e9f7", "Mountain": "#e3e0d8", "City": "#eadcf2", "Edge of Madness": "#f6d9d3", "Escape": "#fff1c9"}
TYPE_FILL = {"Crates": "#f3dfc1", "Tools": "#d8e8d2", "Weapons": "#f2d2d2", "Books": "#d9dcf3", None: "#ececec"}
PANEL_W = 330
INK, MUTED, LINE = "#1a1a1a", "#444444", "#5c5c5c"


# ------------------------------------------------------------------------------ views

def view_of(state: State, seat: int | None = None) -> dict[str, Any]:
    """What `seat` sees (their player view); with no seat, what an onlooker sees: no hand, no Madness text."""
    if not isinstance(state, State):
        raise ValueError(f"a picture of an expedition is drawn from its State, not {type(state).__name__}")
    if seat is not None:
        return player_view(state, seat, with_legal=False)
    view = player_view(state, 0, with_legal=False)
    view["you"] = None
    view["hand"] = []
    view["your_madness"] = []
    if not view["sled"]["revealed"]:
        view["sled"]["yours"] = []
    return view


def challenge_words(text: str) -> str:
    """A challenge value as a learner reads it: "Crates 8 to 10", "Weapons exactly 12", "Tools 12 or 14"."""
    challenge = parse_challenge(text)
    return f"{challenge.type} {value_words(challenge)}"


def value_words(challenge: Challenge) -> str:
    if challenge.low == challenge.high:
        return f"exactly {challenge.low}"
    if challenge.either:
        return f"{challenge.low} or {challenge.high}"
    return f"{challenge.low} to {challenge.high}"


# ------------------------------------------------------------------------------ descriptions

def describe_mountain(view: dict[str, Any], highlights: Iterable[str] = ()) -> str:
    board = view["board"]
    down = [s for s, space in board.items() if space["tile"] is not None]
    empty = [s for s, space in board.items() if space["tile"] is None]
    where = view["airplane"]
    parts = ["The mountain from the Coast at the bottom, up through the Mountain and the City, to the Edge of Madness "
             "and the three Escape spaces at the top."]
    if where is None:
        parts.append("The Airplane has not landed yet: it starts on a bottom-row Coast space.")
    else:
        parts.append(f"The Airplane is on {where} ({board[where]['region']}).")
    parts.append(f"Spaces with a face-down tile: {listed(down)}.")
    shown = view.get("search")
    if shown:  # MAD-R09: face up for this one moment
        tile = shown["tile"]
        parts.append(f"Search shows the tile on {shown['space']} face up for a moment: {tile['name']}, "
                     f"{listed([challenge_words(text) for text in tile['challenges']])}; reward {tile['reward'] or 'none'}.")
    parts.append(f"Empty spaces (their tile met already): {listed([s for s in empty if s != where])}.")
    if view["edge_reached"]:
        parts.append(f"The expedition has reached the Edge of Madness: escape turn {view['escape_steps']} of 3.")
    marked = [s for s in board if s in set(highlights)]
    if marked:
        parts.append(f"Marked: {listed(marked)}.")
    return " ".join(parts)


def describe_tile(tile: dict[str, Any], outcomes: Sequence[bool] = (), totals: Sequence[int] = ()) -> str:
    shown = []
    for index, text in enumerate(tile["challenges"]):
        words = challenge_words(text)
        if index < len(outcomes):
            words += f" (total {totals[index]}: {'success' if outcomes[index] else 'failure'})"
        shown.append(words)
    reward = tile.get("reward") or "no reward"
    return f"The Encounter tile {tile['name']} ({tile['region']}): {listed(shown)}; reward: {reward}."


def describe_cards(cards: Sequence[dict[str, Any]], title: str | None = None) -> str:
    head = f"{title.rstrip('.')}: " if title else ""
    if not cards:
        return f"{head}no cards."
    named = [f"{c['label']} ({c['name']})" for c in cards]
    return f"{head}{plural(len(cards), 'card')}: {listed(named)}."


def describe_sled(view: dict[str, Any]) -> str:
    sled = view["sled"]
    tokens = view["leadership"]
    if sled["revealed"]:
        revealed = [f"{c['label']} from P{c['player'] + 1}" for c in sled["cards"]]
        cards = f"The Sled, revealed: {listed(revealed)}."
    else:
        counts = [f"P{p + 1} {n}" for p, n in enumerate(sled["cards_by_player"]) if n]
        cards = f"The Sled: {plural(sum(sled['cards_by_player']), 'card')} face down"
        cards += f" ({listed(counts)})" if counts else ""
        if sled["yours"]:
            cards += f"; yours: {listed([c['label'] for c in sled['yours']])}"
        cards += "."
    return (f"{cards} Leadership tokens: {tokens['sled']} on the Sled, {tokens['discard']} in the discard, "
            f"{tokens['box']} in the box.")


def _player_lines(view: dict[str, Any], player: int) -> list[str]:
    """What one player's board shows, line by line, as this view may show it."""
    names = view["players"]
    title = names[player]
    roles = [role for role, on in (("Leader", view["leader"] == player), ("you", view["you"] == player)) if on]
    if roles:
        title += f" ({', '.join(roles)})"
    lines = [title]
    level = view["madness_levels"][player]
    count = view["madness_card_counts"][player]
    madness = f"Madness level {level}" if level else "no Madness"
    if count > 1:
        madness += f" ({count} cards)"
    if player in view["ignoring"]:
        madness += ", ignored this turn"
    lines.append(madness)
    if view["you"] == player:
        for card in view["your_madness"]:
            lines.append(f"Your Madness: {card['name']}: {card['description']}")
    hand = f"Hand: {plural(view['hand_sizes'][player], 'card')}"
    if view["you"] == player:  # what is in a hand, Injuries included, only its owner knows
        hand += f", {plural(sum(1 for card in view['hand'] if card['type'] is None), 'Injury card')}"
    lines.append(hand)
    relics = view["relics"][player]
    if relics:
        lines.append(f"Relics: {listed([r['name'] for r in relics])}")
    covers = view["covers"][player]
    if covers:
        lines.append(f"Tokens cover: {listed(covers)}")
    return lines


def describe_players(view: dict[str, Any]) -> str:
    return " ".join(f"{lines[0]}: {'; '.join(lines[1:])}." for lines in (_player_lines(view, p) for p in range(len(view["players"]))))


def describe_table(view: dict[str, Any], highlights: Iterable[str] = ()) -> str:
    who = f"The expedition as {view['players'][view['you']]} sees it" if view["you"] is not None else "The expedition as the table sees it"
    parts = [f"{who}, turn {view['turn']}, {view['phase_name']}.", describe_mountain(view, highlights)]
    if view["encounter"]:
        parts.append(describe_tile(view["encounter"], view["outcomes"], view["totals"]))
    parts.append(describe_sled(view))
    if view["die"]:
        parts.append(f"The Penalty Die shows {view['die']}.")
    parts.append(describe_players(view))
    if view["hand"]:
        parts.append(describe_cards(view["hand"], "Your hand"))
    return " ".join(parts)


# ------------------------------------------------------------------------------ drawing

def _text(x: float, y: float, words: str, size: int = FONT, weight: str = "normal", anchor: str = "start",
          fill: str = INK) -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}"{bold} text-anchor="{anchor}" fill="{fill}">'
            f"{escape(words)}</text>")


def _wrapped(words: str, width: int, size: int = SMALL) -> list[str]:
    """Lines of at most `width` pixels, at about 0.55 em a character."""
    most = max(8, int(width / (size * 0.55)))
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _svg(width: float, height: float, title: str, description: str, body: list[str]) -> str:
    return svg_document(width, height, title, description, body, "#ffffff")


def _mountain_body(view: dict[str, Any], highlights: set[str], x0: float, y0: float) -> tuple[list[str], float, float]:
    board = view["board"]
    top = max(space["row"] for space in board.values())
    columns = max(space["column"] for space in board.values())

    def centre(space: dict[str, Any]) -> tuple[float, float]:
        return (x0 + REGION_LABELS + space["column"] * COLUMN + SPACE_W / 2,
                y0 + (top - space["row"]) * ROW + SPACE_H / 2)

    out: list[str] = []
    drawn = set()
    for name, space in board.items():
        for other in space["adjacent"]:
            pair = tuple(sorted((name, other)))
            if pair in drawn:
                continue
            drawn.add(pair)
            (x1, y1), (x2, y2) = centre(space), centre(board[other])
            out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#9a9a9a" stroke-width="1.5"/>')
    rows: dict[str, list[int]] = {}
    for space in board.values():
        rows.setdefault(space["region"], []).append(space["row"])
    for region, found in rows.items():
        y = y0 + (top - (min(found) + max(found)) / 2) * ROW + SPACE_H / 2 + 4
        label = "Edge of Madness" if region == "Edge of Madness" else region
        for index, line in enumerate(_wrapped(label, REGION_LABELS - 8) if len(label) > 12 else [label]):
            out.append(_text(x0 + 2, y + index * 13 - (6 if len(label) > 12 else 0), line, SMALL, "bold", fill=MUTED))
    for name, space in board.items():
        cx, cy = centre(space)
        x, y = cx - SPACE_W / 2, cy - SPACE_H / 2
        here = view["airplane"] == name
        marked = name in highlights
        stroke, width = ("#14532d", 4) if marked else (("#1f3f7a", 3) if here else ("#333333", 1.5))
        dash = ' stroke-dasharray="4 3"' if space["tile"] is None and not here else ""
        fill = REGION_FILL[space["region"]]
        out.append(f'<g data-space="{attribute(name)}"><rect x="{x:g}" y="{y:g}" width="{SPACE_W}" height="{SPACE_H}" rx="6" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>')
        out.append(_text(cx, y + 13, name, SMALL, "bold", "middle"))
        searched = bool(view.get("search")) and view["search"]["space"] == name
        status = "plane" if here else ("seen" if searched else ("?" if space["tile"] is not None else "empty"))
        out.append(_text(cx, y + 27, status, SMALL, "bold" if here else "normal", "middle", "#1f3f7a" if here else MUTED))
        out.append("</g>")
        if marked:
            out.append(f'<circle cx="{x + 6:g}" cy="{y + 6:g}" r="5" fill="#14532d" stroke="#fff" stroke-width="1.5"/>')
    width = REGION_LABELS + columns * COLUMN + SPACE_W + 4
    height = top * ROW + SPACE_H + 4
    return out, width, height


def _searched(view: dict[str, Any]) -> dict[str, Any]:
    """The tile a Search turned over, named as the picture shows it: "M5 searched: Cold Chimney"."""
    shown = view["search"]
    return {**shown["tile"], "name": f"{shown['space']} searched: {shown['tile']['name']}"}


def _tile_body(tile: dict[str, Any], x0: float, y0: float, outcomes: Sequence[bool] = (), totals: Sequence[int] = (),
               width: float = PANEL_W) -> tuple[list[str], float]:
    lines = len(tile["challenges"])
    height = 44 + 22 * lines + 22
    fill = REGION_FILL.get(tile["region"], "#f0f0f0")
    out = [f'<rect x="{x0:g}" y="{y0:g}" width="{width:g}" height="{height}" rx="8" fill="{fill}" stroke="#333" stroke-width="1.5"/>',
           _text(x0 + 10, y0 + 18, tile["name"], FONT + 2, "bold"),
           _text(x0 + width - 10, y0 + 18, tile["region"], SMALL, anchor="end", fill=MUTED)]
    for index, text in enumerate(tile["challenges"]):
        challenge = parse_challenge(text)
        y = y0 + 36 + 22 * index
        out.append(f'<rect x="{x0 + 10:g}" y="{y:g}" width="{width - 20:g}" height="19" rx="4" fill="{TYPE_FILL[challenge.type]}" '
                   'stroke="#666" stroke-width="1"/>')
        words = f"{challenge.type}: {value_words(challenge)}"
        out.append(_text(x0 + 16, y + 14, words, FONT, "bold"))
        if index < len(outcomes):
            verdict = f"total {totals[index]}: {'success ✓' if outcomes[index] else 'failure ✗'}"
            out.append(_text(x0 + width - 16, y + 14, verdict, FONT, "bold", "end", "#14532d" if outcomes[index] else "#8a1c12"))
    out.append(_text(x0 + 10, y0 + height - 9, f"Reward: {tile.get('reward') or 'none'}", FONT))
    return out, height


def _card_body(card: dict[str, Any], x: float, y: float, face_up: bool = True, owner: str = "") -> list[str]:
    w, h = 64, 84
    if not face_up:
        return [f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="#3a4a5c" stroke="#222"/>',
                f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{w - 10}" height="{h - 10}" rx="4" fill="none" stroke="#9fb3c8" stroke-dasharray="3 3"/>',
                _text(x + w / 2, y + 40, "face", SMALL, "bold", "middle", "#ffffff"),
                _text(x + w / 2, y + 54, "down", SMALL, "bold", "middle", "#ffffff"),
                *([_text(x + w / 2, y + h + 13, owner, SMALL, "bold", "middle")] if owner else [])]
    kind = card.get("type")
    out = [f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="{TYPE_FILL.get(kind, "#ececec")}" stroke="#333" stroke-width="1.5"/>']
    if kind is None:
        out.append(f'<path d="M{x + 10:g} {y + 30:g} l44 30 M{x + 54:g} {y + 30:g} l-44 30" stroke="#8a1c12" stroke-width="3"/>')
        out.append(_text(x + w / 2, y + 18, "Injury", FONT, "bold", "middle", "#8a1c12"))
    else:
        out.append(_text(x + 6, y + 16, kind, SMALL, "bold"))
        out.append(_text(x + w / 2, y + 45, str(card["value"]), 24, "bold", "middle"))
        if card.get("label", "").startswith("Arcane"):
            out.append(_text(x + w / 2, y + 59, "Arcane", SMALL, "bold", "middle", "#5b2a86"))
    name = _wrapped(card.get("name", ""), w - 4, 9)[:2]
    for index, line in enumerate(name):
        out.append(_text(x + w / 2, y + h - 16 + 10 * index - (0 if len(name) > 1 else -5), line, 9, anchor="middle", fill=MUTED))
    if owner:
        out.append(_text(x + w / 2, y + h + 13, owner, SMALL, "bold", "middle"))
    return out


def _sled_body(view: dict[str, Any], x0: float, y0: float, width: float = PANEL_W) -> tuple[list[str], float]:
    sled = view["sled"]
    if sled["revealed"]:
        cards = [(card, True, f"P{card['player'] + 1}") for card in sled["cards"]]
    else:
        yours = list(sled["yours"])
        cards = []
        for player, count in enumerate(sled["cards_by_player"]):
            for _ in range(count):
                if player == view["you"] and yours:
                    cards.append((yours.pop(0), True, f"P{player + 1}"))
                else:
                    cards.append(({}, False, f"P{player + 1}"))
    per_row = max(1, int((width - 16) // 70))
    rows = max(1, -(-len(cards) // per_row))
    height = 26 + rows * 104 + 46
    out = [f'<rect x="{x0:g}" y="{y0:g}" width="{width:g}" height="{height}" rx="8" fill="#f4efe4" stroke="#333" stroke-width="1.5"/>',
           _text(x0 + 10, y0 + 18, "The Sled" + (" (revealed)" if sled["revealed"] else ""), FONT + 1, "bold")]
    if not cards:
        out.append(_text(x0 + 10, y0 + 60, "no cards played", FONT, fill=MUTED))
    for index, (card, face_up, owner) in enumerate(cards):
        x = x0 + 8 + (index % per_row) * 70
        y = y0 + 26 + (index // per_row) * 104
        out.extend(_card_body(card, x, y, face_up, owner))
    out.extend(_tokens_body(view["leadership"], x0 + 10, y0 + height - 36))
    return out, height


def _tokens_body(tokens: dict[str, int], x0: float, y0: float) -> list[str]:
    """Leadership tokens: full discs on the Sled, rings in the discard, crossed rings in the box, each counted."""
    out = []
    x = x0
    for where, count, style in (("Sled", tokens["sled"], "on"), ("discard", tokens["discard"], "ring"), ("box", tokens["box"], "boxed")):
        out.append(_text(x, y0 + 4, f"{where} {count}", FONT, "bold"))
        x += 62 if where != "discard" else 76
        for index in range(count):
            cx, cy = x + index * 9, y0
            if style == "on":
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="4" fill="#7a4b00" stroke="#000" stroke-width="1"/>')
            else:
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="4" fill="#ffffff" stroke="#7a4b00" stroke-width="1.5"/>')
                if style == "boxed":
                    out.append(f'<path d="M{cx - 4:g} {cy - 4:g} l8 8" stroke="#7a4b00" stroke-width="1.5"/>')
        x += max(count, 1) * 9 + 10
    out.insert(0, _text(x0, y0 + 22, "Leadership tokens: disc on the Sled, ring in the discard, crossed ring in the box",
                        9, fill=MUTED))
    return out


def _players_body(view: dict[str, Any], x0: float, y0: float, width: float = PANEL_W) -> tuple[list[str], float]:
    out: list[str] = []
    y = y0
    for player in range(len(view["players"])):
        lines = _player_lines(view, player)
        wrapped = [lines[0]] + [piece for line in lines[1:] for piece in _wrapped(line, int(width) - 24)]
        height = 10 + 15 * len(wrapped)
        leader = view["leader"] == player
        out.append(f'<rect x="{x0:g}" y="{y:g}" width="{width:g}" height="{height}" rx="6" fill="#ffffff" '
                   f'stroke="{"#7a4b00" if leader else "#666"}" stroke-width="{3 if leader else 1.2}"/>')
        level = view["madness_levels"][player]
        for step in range(3):  # the Madness track: three boxes, filled up to the level
            filled = "#5b2a86" if step < level else "#ffffff"
            out.append(f'<rect x="{x0 + width - 52 + step * 14:g}" y="{y + 6:g}" width="11" height="11" fill="{filled}" stroke="#5b2a86"/>')
        for index, line in enumerate(wrapped):
            out.append(_text(x0 + 10, y + 17 + 15 * index, line, FONT if index == 0 else SMALL, "bold" if index == 0 else "normal",
                             fill=INK if index == 0 else MUTED))
        y += height + 6
    return out, y - y0 - 6


def _marked(state: State, highlights: Iterable[str]) -> set[str]:
    """The spaces a picture marks, each a space of the pack (ValueError naming one that is not)."""
    if isinstance(highlights, str) or not isinstance(highlights, Iterable):
        raise ValueError(f"highlights is a list of spaces, as ['X1'], not {highlights!r}")
    marked = set(highlights)
    unknown = sorted(str(space) for space in marked - set(state.rules.pack.spaces))
    if unknown:
        raise ValueError(f"highlights: there is no space {', '.join(map(repr, unknown))} on the board")
    return marked


def show_mountain(state: State, highlights: Iterable[str] = (), title: str | None = None) -> Picture:
    """The mountain: every space by region, face-down tiles, empty spaces, the Airplane; highlights marked."""
    view = view_of(state)
    marked, title = _marked(state, highlights), checked_title(title)
    body, width, height = _mountain_body(view, marked, 6, 6)
    if view.get("search"):  # the searched tile face up below the mountain, for this one moment (MAD-R09)
        part, tile_height = _tile_body(_searched(view), 6, height + 14)
        body.extend(part)
        width, height = max(width, PANEL_W), height + 8 + tile_height
    description = describe_mountain(view, marked)
    if title:
        description = f"{title.rstrip('.')}. {description}"
    return Picture(_svg(width + 12, height + 12, title or "The mountain", description, body), description)


def show_tile(state: State, tile: str | None = None, title: str | None = None) -> Picture:
    """An Encounter tile face up: the one in front of the Leader, or any tile of the pack by name."""
    title = checked_title(title)
    pack = state.rules.pack
    view = view_of(state)
    if tile is None:
        shown = view["encounter"]
        if shown is None:
            raise ValueError("no Encounter tile is in front of the Leader now: name one, show_tile(state, 'Seals')")
        outcomes, totals = view["outcomes"], view["totals"]
    else:
        found = next((t for t in pack.tiles.values() if t.name == tile), None)
        if found is None:
            raise ValueError(f"the data pack has no Encounter tile named {tile!r}")
        shown = {"name": found.name, "region": found.region, "challenges": [c.text for c in found.challenges], "reward": found.reward}
        outcomes, totals = [], []
    body, height = _tile_body(shown, 6, 6, outcomes, totals)
    description = describe_tile(shown, outcomes, totals)
    return Picture(_svg(PANEL_W + 12, height + 12, title or shown["name"], description, body), description)


def show_cards(cards: Sequence[str], state: State | None = None, title: str | None = None) -> Picture:
    """Equipment, Arcane or Injury cards by label ("Tools 6", "Arcane Books 10", "Injury") or by id,
    of the state's pack (the default pack without one): the cards first, as the other games' `show_cards`."""
    title = checked_title(title)
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ValueError(f"cards: a list of card labels, as ['Tools 6', 'Injury'], not {cards!r}"[:200])
    pack = state.rules.pack if state is not None else default_pack()
    shown = []
    for wanted in cards:
        found = pack.cards.get(wanted) or next((c for c in pack.cards.values() if c.label == wanted), None)
        if found is None:
            raise ValueError(f"the data pack has no card {wanted!r} (write 'Tools 6', 'Arcane Books 10' or 'Injury')")
        shown.append({"label": found.label, "name": found.name, "type": found.type, "value": found.value})
    per_row = 8
    rows = max(1, -(-len(shown) // per_row))
    body = []
    for index, card in enumerate(shown):
        body.extend(_card_body(card, 6 + (index % per_row) * 70, 6 + (index // per_row) * 90))
    width = 12 + min(per_row, max(1, len(shown))) * 70 - 6
    description = describe_cards(shown, title)
    return Picture(_svg(width, 12 + rows * 90 - 6, title or "Cards", description, body), description)


def show_sled(state: State, seat: int | None = None, title: str | None = None) -> Picture:
    """The Sled as `seat` sees it: cards face down (their own face up) or revealed, and the Leadership tokens."""
    title = checked_title(title)
    view = view_of(state, seat)
    body, height = _sled_body(view, 6, 6)
    description = describe_sled(view)
    return Picture(_svg(PANEL_W + 12, height + 12, title or "The Sled", description, body), description)


def show_players(state: State, seat: int | None = None, title: str | None = None) -> Picture:
    """Each player's board as `seat` sees it: Madness level (their own text only), hand size, Relics and tokens."""
    title = checked_title(title)
    view = view_of(state, seat)
    body, height = _players_body(view, 6, 6)
    description = describe_players(view)
    return Picture(_svg(PANEL_W + 12, height + 12, title or "The players' boards", description, body), description)


def show(state: State, seat: int | None = None, highlights: Iterable[str] = (), title: str | None = None) -> Picture:
    """The whole table as `seat` sees it (an onlooker with no seat): mountain, tile, Sled, die, players."""
    view = view_of(state, seat)
    marked, title = _marked(state, highlights), checked_title(title)
    left, width, mountain_height = _mountain_body(view, marked, 6, 6)
    x = width + 18
    body = list(left)
    y = 6.0
    if view["encounter"]:
        part, height = _tile_body(view["encounter"], x, y, view["outcomes"], view["totals"])
        body.extend(part)
        y += height + 8
    if view.get("search"):  # face up beside the Encounter tile, for this one moment (MAD-R09)
        part, height = _tile_body(_searched(view), x, y)
        body.extend(part)
        y += height + 8
    part, height = _sled_body(view, x, y)
    body.extend(part)
    y += height + 8
    if view["die"]:
        body.append(f'<rect x="{x:g}" y="{y:g}" width="{PANEL_W}" height="30" rx="6" fill="#fff7e6" stroke="#7a4b00" stroke-width="2"/>')
        body.append(_text(x + 10, y + 20, f"Penalty Die: {view['die']}", FONT + 1, "bold"))
        y += 38
    part, height = _players_body(view, x, y)
    body.extend(part)
    y += height
    if view["hand"]:  # the seat's own cards, which only that seat sees
        per_row = int(PANEL_W // 70)
        body.append(_text(x, y + 20, "Your hand", FONT + 1, "bold"))
        for index, card in enumerate(view["hand"]):
            body.extend(_card_body(card, x + (index % per_row) * 70, y + 28 + (index // per_row) * 90))
        y += 28 + (-(-len(view["hand"]) // per_row)) * 90
    description = describe_table(view, marked)
    if title:
        description = f"{title.rstrip('.')}. {description}"
    return Picture(_svg(x + PANEL_W + 6, max(y, mountain_height) + 12, title or "The expedition", description, body), description)
