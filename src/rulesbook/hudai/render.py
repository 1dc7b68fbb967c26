"""Plain SVG drawings of Hudai Pass: a card, a hand, a combo, the demon, the Mind River, the table.

Colour is never the only cue: every card shows its colour letter and name, its value, its
symbol as a small icon and its move in words (Okabe-Ito colours, which colour-blind readers tell
apart, are a second cue). Cube tracks carry their name and count. Every drawing has a description
in words of what it shows (the `describe_*` functions), written from the state: the SVG's <desc>,
which the book's pages use as the picture's alt text.

>>> show("R5 W1 G3")                 # a hand
R5 W1 G3
>>> show("R1 R4 W2", part="combo")   # a combo, with how each pair of neighbours fits (HUD-R03)
R1 R4 W2 (combo)
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesbook.core.picture import Picture, checked_title, escape, svg_document
from rulesbook.core.words import listed, plural
from rulesbook.hudai.cards import (
    COLOURS,
    MOVES,
    POWER_NAMES,
    POWER_SYMBOLS,
    SYMBOL_NAMES,
    Card,
    CardSet,
    neighbours_fit,
    parse_cards,
    reconstructed_cards,
)
from rulesbook.hudai.rules import POSITIONS
from rulesbook.hudai.state import COMBO, FLOW, OBTAIN, WON, State

#: Card colours: (face, band, band text, border). Okabe-Ito hues, darkened where white text sits on them.
PALETTE = {
    "W": ("#ffffff", "#f1f1f1", "#1a1a1a", "#444444"),
    "G": ("#d9efe6", "#007a5a", "#ffffff", "#007a5a"),
    "B": ("#d6e7f4", "#0072b2", "#ffffff", "#0072b2"),
    "R": ("#f6e0d0", "#b34d00", "#ffffff", "#b34d00"),
    "Y": ("#fbf7cf", "#f0e442", "#1a1a1a", "#8a7d00"),
    "K": ("#dedede", "#000000", "#ffffff", "#000000"),
}
CUBE_FILL = {"demon": "#e6c300", "power": "#c0392b", "staged": "#c0392b", "health": "#009e73", "corruption": "#0072b2"}
#: Icons on a 24-unit square, drawn in the ink colour (the same shapes as the board's picture).
ICONS = {
    "drop": '<path d="M12 2.5C12 2.5 5 10.5 5 15.2a7 7 0 0 0 14 0C19 10.5 12 2.5 12 2.5z"/>',
    "hammers": '<path d="M5 20L13.5 11.5M19 20L10.5 11.5" fill="none" stroke-width="2.4" stroke-linecap="round"/>'
               '<path d="M9.5 6.5l6 6M14.5 6.5l-6 6" fill="none" stroke-width="4.5" stroke-linecap="round"/>',
    "circles": '<circle cx="7" cy="8" r="4"/><circle cx="17" cy="8" r="4"/><circle cx="12" cy="17" r="4"/>',
    "stones": '<ellipse cx="12" cy="19" rx="9" ry="3.2"/><ellipse cx="12" cy="12.6" rx="6.6" ry="2.8"/>'
              '<ellipse cx="12" cy="6.8" rx="4.2" ry="2.4"/>',
    "cog": '<circle cx="12" cy="12" r="7.5" fill="none" stroke-width="3.4" stroke-dasharray="2.9 2.9"/>'
           '<circle cx="12" cy="12" r="6"/><circle cx="12" cy="12" r="2.2" fill="#ffffff" stroke="none"/>',
    "arrow": '<path d="M4.5 19.5L18 6M10 5.5h8.5V14" fill="none" stroke-width="2.4" stroke-linecap="round"/>',
}
CARD_W, CARD_H, GAP = 60, 78, 8
INK = "#1a1a1a"
MUTED = "#4d4d4d"


# ---------------------------------------------------------------- words (the alt texts)


def card_words(code: str, cards: CardSet | None = None) -> str:
    """A card as a listener hears it: "R5 (red Cog: Flow, value 5)"."""
    return (cards or reconstructed_cards())[code].words()


def describe_cards(codes: Iterable[str], title: str | None = None, cards: CardSet | None = None) -> str:
    codes = list(codes)
    head = f"{title.rstrip('.')}: " if title else ""
    if not codes:
        return f"{head}no cards."
    return f"{head}{plural(len(codes), 'card')}: {', '.join(card_words(code, cards) for code in codes)}."


def describe_combo(codes: Iterable[str], title: str | None = None, cards: CardSet | None = None) -> str:
    """A combo in words: its cards in order, and for each pair of neighbours whether they may lie
    side by side (HUD-R03)."""
    codes = list(codes)
    parts = [describe_cards(codes, title or "A combo, left to right", cards)]
    for left, right in zip(codes, codes[1:]):
        if neighbours_fit(left, right):
            parts.append(f"{left} and {right} may be neighbours.")
        else:
            parts.append(f"{left} and {right} may not be neighbours: they share no colour and neither is white or black.")
    whites = sum(code[0] == "W" for code in codes)
    if whites > 2:
        parts.append(f"{whites} white cards: more than two in one combo.")
    return " ".join(parts)


def describe_demon(state: State) -> str:
    """The demon in words: health, staged damage, blocks, and each power with its cubes."""
    rules = state.rules
    parts = [f"The demon has {state.demon_health} of {rules.demon_health} health."]
    parts.append(f"Staged damage: {state.staged_damage}.")
    if state.demon_block:
        parts.append(f"His Defend blocks {state.demon_block} of the monk's blows this turn.")
    if state.entangled:
        parts.append("Entangle binds the monk: this turn's combo is a single card.")
    powers = []
    for index, name in enumerate(rules.powers):
        words = f"{POSITIONS[index]}, {POWER_NAMES[name]} ({SYMBOL_NAMES[POWER_SYMBOLS[name]]}), {plural(state.powers[index], 'cube')}"
        if state.pinned[index]:
            words += f" and {state.pinned[index]} set aside above it"
        powers.append(words)
    parts.append(f"Powers: {'; '.join(powers)}. More than {rules.power_limit} cubes on a power loses the game.")
    return " ".join(parts)


def describe_river(state: State) -> str:
    cards = state.rules.cards
    return (f"The Mind River: {listed([card_words(code, cards) for code in state.mind_river])}; "
            f"the mind deck holds {len(state.mind_deck)} cards.")


STEP_WORDS = {COMBO: "step 1, the combo", FLOW: "step 1, a Flow removal to decide", OBTAIN: "step 2, obtaining a new move"}


def describe_table(state: State, title: str | None = None) -> str:
    """The whole table in words, from the state: what each part shows."""
    cards = state.rules.cards
    rules = state.rules
    parts = [f"{title.rstrip('.')}." if title else ""]
    if state.is_over:
        parts.append("The game is over: the monk " + ("has won." if state.outcome == WON else f"has lost ({state.outcome})."))
    else:
        parts.append(f"Turn {state.turn}, {STEP_WORDS.get(state.phase, state.phase)}.")
    parts.append(describe_demon(state))
    parts.append(f"The monk has {state.monk_health} of {rules.monk_health} health and {state.corruption} of "
                 f"{rules.corruption_capacity} corruption; purchase value {state.purchase}.")
    parts.append(f"Combo: {listed([card_words(code, cards) for code in state.combo])}.")
    parts.append(f"Hand: {listed([card_words(code, cards) for code in state.hand])}.")
    parts.append(f"Draw pile {len(state.draw_pile)} cards, discard pile {len(state.discard)}"
                 + (f", out of the game: {' '.join(state.removed)}." if state.removed else "."))
    parts.append(describe_river(state))
    parts.append(f"Black supply: {' '.join(state.black_supply) or 'empty'}.")
    return " ".join(part for part in parts if part)


# ---------------------------------------------------------------- drawing


def _text(x: float, y: float, words: str, size: float = 11, weight: str = "normal", anchor: str = "start", fill: str = INK) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(words)}</text>')


def icon_svg(symbol: str, x: float, y: float, size: float = 20, ink: str = INK) -> str:
    scale = size / 24
    return (f'<g data-symbol="{symbol}" transform="translate({x:g} {y:g}) scale({scale:g})" fill="{ink}" stroke="{ink}" '
            f'stroke-width="0">{ICONS[symbol]}</g>')


def card_svg(code: str, x: float, y: float, cards: CardSet | None = None, ring: str | None = None) -> str:
    """One card: a band with the colour letter and name, the value, the symbol's icon, the move."""
    card: Card = (cards or reconstructed_cards())[code]
    face, band, band_ink, border = PALETTE[card.colour]
    double = card.colour == "K"
    out = [f'<g data-card="{code}" data-colour="{card.colour}">',
           f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{face}" stroke="{border}" '
           f'stroke-width="{3.5 if double else 2}"/>']
    if double:
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="4" fill="none" stroke="#ffffff" stroke-width="1"/>')
    out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CARD_W - 4}" height="16" rx="3" fill="{band}"/>')
    out.append(_text(x + 5, y + 14, card.colour, 12, "bold", fill=band_ink))
    out.append(_text(x + 19, y + 14, COLOURS[card.colour], 10, "bold", fill=band_ink))
    out.append(_text(x + 6, y + 45, str(card.value), 24, "bold"))
    out.append(icon_svg(card.symbol, x + 30, y + 24, 24))
    out.append(_text(x + CARD_W / 2, y + CARD_H - 8, MOVES[card.symbol], 11, anchor="middle"))
    if ring:
        out.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" fill="none" '
                   f'stroke="{ring}" stroke-width="3"/>')
    out.append("</g>")
    return "".join(out)


def _svg(width: float, height: float, title: str, description: str, body: list[str]) -> str:
    return svg_document(width, height, title, description, body, "#fbfbf8")


#: About how far a bold 12 px title runs per character (a generous average, so it never runs out).
TITLE_CHAR = 7.5


def cards_svg(codes: Iterable[str], title: str | None = None, cards: CardSet | None = None, combo: bool = False,
              per_row: int = 9) -> str:
    """A row of cards (a hand); with combo=True a combo, each pair of neighbours marked as fitting
    (a link) or not (a cross), HUD-R03."""
    codes = list(codes)
    step = CARD_W + (18 if combo else GAP)
    columns = max(1, min(per_row, len(codes)))
    rows = max(1, -(-len(codes) // per_row))
    width = GAP + columns * step - (18 if combo else GAP) + GAP
    top = 20 if title else GAP
    height = top + rows * (CARD_H + GAP)
    body = [_text(GAP, 14, title, 12, "bold")] if title else []
    for index, code in enumerate(codes):
        x = GAP + (index % per_row) * step
        y = top + (index // per_row) * (CARD_H + GAP)
        body.append(card_svg(code, x, y, cards))
        if combo and index + 1 < len(codes) and (index + 1) % per_row:
            fits = neighbours_fit(code, codes[index + 1])
            mid = x + CARD_W + 9
            body.append(_text(mid, y + CARD_H / 2 + 6, "\u2194" if fits else "\u2717", 16, "bold", "middle",
                              "#146c2e" if fits else "#b3261e"))
    describe = describe_combo if combo else describe_cards
    label = title or ("A combo" if combo else " ".join(codes) or "No cards")
    # As wide as its drawn title at least: a short combo's title ran past the picture's edge.
    return _svg(max(width, 120, GAP * 2 + len(title or "") * TITLE_CHAR), height, label, describe(codes, title, cards), body)


def _track(x: float, y: float, name: str, count: int, most: int, kind: str) -> tuple[str, float]:
    """A named cube track with its count; returns the drawing and its width."""
    label = f"{name} {count}/{most}" if most else f"{name} {count}"
    width = 8 + len(label) * 6.4 + (min(max(count, most), 12) * 9 if kind != "purchase" else 0) + 10
    out = [f'<rect x="{x}" y="{y}" width="{width:g}" height="22" rx="4" fill="#ffffff" stroke="#767676"/>',
           _text(x + 6, y + 15, label, 11, "bold")]
    if kind != "purchase":
        cx = x + 10 + len(label) * 6.4
        for index in range(min(max(count, most), 12)):
            filled = index < count
            out.append(f'<rect x="{cx + index * 9:g}" y="{y + 7}" width="7" height="7" stroke="#222" stroke-width="0.8" '
                       f'fill="{CUBE_FILL[kind] if filled else "none"}"/>')
    return "".join(out), width


def _demon_body(state: State, x: float, y: float) -> tuple[list[str], float, float]:
    """The demon's part of a drawing: health, staged damage and the three power tiles."""
    rules = state.rules
    body = [_text(x, y + 11, f"DEMON, TURN {state.turn}", 10, fill=MUTED)]
    row_x = x
    for name, count, most, kind in (("Demon health", state.demon_health, rules.demon_health, "demon"),
                                    ("Staged damage", state.staged_damage, 0, "staged")):
        drawn, width = _track(row_x, y + 16, name, count, most, kind)
        body.append(drawn)
        row_x += width + 6
    notes = []
    if state.demon_block:
        notes.append(f"Defend blocks {state.demon_block}")
    if state.entangled:
        notes.append("Entangled: one card")
    if notes:
        body.append(_text(row_x + 4, y + 31, "; ".join(notes), 11, "bold"))
    tile_y = y + 46
    tile_w, tile_h = 180, 104
    for index, name in enumerate(rules.powers):
        tx = x + index * (tile_w + 8)
        cubes, pinned = state.powers[index], state.pinned[index]
        body.append(f'<g data-power="{POSITIONS[index]}">')
        body.append(f'<rect x="{tx}" y="{tile_y}" width="{tile_w}" height="{tile_h}" rx="6" fill="#ffffff" stroke="#767676" stroke-width="2"/>')
        body.append(_text(tx + 6, tile_y + 14, f"set aside: {pinned}" if pinned else "none set aside", 10,
                          "bold" if pinned else "normal", fill=INK if pinned else MUTED))
        body.append(f'<line x1="{tx + 4}" y1="{tile_y + 19}" x2="{tx + tile_w - 4}" y2="{tile_y + 19}" stroke="#999" stroke-dasharray="2 2"/>')
        body.append(icon_svg(POWER_SYMBOLS[name], tx + 6, tile_y + 23, 20))
        body.append(_text(tx + 30, tile_y + 39, POWER_NAMES[name], 13, "bold"))
        body.append(_text(tx + tile_w - 6, tile_y + 39, POSITIONS[index].upper(), 10, anchor="end", fill=MUTED))
        for cube in range(min(cubes, 16)):
            body.append(f'<rect x="{tx + 6 + (cube % 8) * 11}" y="{tile_y + 48 + (cube // 8) * 11}" width="9" height="9" '
                        f'fill="{CUBE_FILL["power"]}" stroke="#222" stroke-width="0.8"/>')
        danger = cubes > rules.power_limit - 3
        body.append(_text(tx + 6, tile_y + 86, plural(cubes, 'cube'), 12, "bold", fill="#b3261e" if danger else INK))
        body.append(_text(tx + 6, tile_y + 99, f"lost above {rules.power_limit}", 10, fill=MUTED))
        body.append("</g>")
    return body, 3 * tile_w + 16, tile_y + tile_h - y


def demon_svg(state: State, title: str | None = None) -> str:
    body, width, height = _demon_body(state, GAP, GAP)
    return _svg(width + 2 * GAP, height + 2 * GAP, title or "The demon", describe_demon(state), body)


def river_svg(state: State, title: str | None = None) -> str:
    title = title or f"The Mind River (mind deck: {len(state.mind_deck)} cards)"
    svg = cards_svg(state.mind_river, title, state.rules.cards)
    return svg.replace(f"<desc>{escape(describe_cards(state.mind_river, title, state.rules.cards))}</desc>",
                       f"<desc>{escape(describe_river(state))}</desc>")


def _row(label: str, codes: list[str], x: float, y: float, cards: CardSet, ring_last: bool = False) -> list[str]:
    body = [_text(x, y + 11, label.upper(), 10, fill=MUTED)]
    if not codes:
        body.append(_text(x, y + 34, "(none)", 11, fill=MUTED))
    for index, code in enumerate(codes):
        ring = "#1f6feb" if ring_last and index == len(codes) - 1 else None
        body.append(card_svg(code, x + index * (CARD_W + 6), y + 16, cards, ring))
    return body


def table_svg(state: State, title: str | None = None) -> str:
    """The whole table: the demon and his powers, the monk's tracks and piles, combo, hand, Mind
    River and black supply."""
    cards = state.rules.cards
    rules = state.rules
    x = GAP
    body, width, height = _demon_body(state, x, GAP)
    y = GAP + height + 8
    body.append(_text(x, y + 11, "MONK", 10, fill=MUTED))
    row_x: float = x
    for name, count, most, kind in (("Health", state.monk_health, rules.monk_health, "health"),
                                    ("Corruption", state.corruption, rules.corruption_capacity, "corruption"),
                                    ("Purchase value", state.purchase, 0, "purchase")):
        drawn, track_width = _track(row_x, y + 16, name, count, most, kind)
        if row_x + track_width > width + GAP and row_x > x:
            y += 26
            row_x = x
            drawn, track_width = _track(row_x, y + 16, name, count, most, kind)
        body.append(drawn)
        row_x += track_width + 6
    y += 44
    piles = (f"Draw pile {len(state.draw_pile)} \u00b7 discard pile {len(state.discard)} \u00b7 out of the game: "
             f"{' '.join(state.removed) or 'none'}")
    body.append(_text(x, y + 4, piles, 11))
    y += 14
    half = (CARD_W + 6) * 4
    body += _row("Combo", state.combo, x, y, cards, ring_last=bool(state.current_card and state.open_features))
    body += _row("Hand", state.hand, x + max(half, (CARD_W + 6) * len(state.combo)) + 12, y, cards)
    y += CARD_H + 24
    body += _row(f"Mind River (mind deck {len(state.mind_deck)})", state.mind_river, x, y, cards)
    black_x = x + (CARD_W + 6) * max(3, len(state.mind_river)) + 12
    body.append(_text(black_x, y + 11, "BLACK SUPPLY (OPEN)", 10, fill=MUTED))
    body.append(_text(black_x, y + 34, " ".join(state.black_supply) or "empty", 12, "bold"))
    y += CARD_H + 24
    right = max(width, x + max(half, (CARD_W + 6) * len(state.combo)) + 12 + (CARD_W + 6) * len(state.hand))
    return _svg(right + 2 * GAP, y, title or f"The table, turn {state.turn}", describe_table(state, title), body)


# ---------------------------------------------------------------- show()

PARTS = ("table", "demon", "river", "hand", "combo")


def show(what: State | str | Iterable[str], part: str | None = None, title: str | None = None,
         cards: CardSet | None = None) -> Picture:
    """A picture of a state (part "table", "demon", "river", "hand" or "combo") or of cards ("R5",
    "R5 W1 G3" or a list; part "combo" draws them as a combo)."""
    title = checked_title(title)
    if isinstance(what, State):
        part = part or "table"
        if part not in PARTS:
            raise ValueError(f"part is one of {', '.join(PARTS)}, not {part!r}")
        cards = what.rules.cards
        if part == "table":
            return Picture(table_svg(what, title), what.summary())
        if part == "demon":
            return Picture(demon_svg(what, title), describe_demon(what))
        if part == "river":
            return Picture(river_svg(what, title), " ".join(what.mind_river) + " (Mind River)")
        codes = what.hand if part == "hand" else what.combo
    else:
        if part not in (None, "hand", "combo"):
            raise ValueError(f"cards are drawn as a 'hand' or a 'combo', not {part!r}")
        codes = parse_cards([what] if isinstance(what, str) and len(what.split()) == 1 else what)
        part = part or "hand"
    combo = part == "combo"
    text = " ".join(codes) + (" (combo)" if combo else "")
    return Picture(cards_svg(codes, title, cards, combo=combo), text)


def show_cards(cards: str | Iterable[str], title: str | None = None) -> Picture:
    """Cards in a row, as the other games' `show_cards` draws theirs: `show(cards)`, a hand."""
    return show(cards, "hand", title)


__all__ = ["Picture", "card_svg", "card_words", "cards_svg", "demon_svg", "describe_cards", "describe_combo",
           "describe_demon", "describe_river", "describe_table", "river_svg", "show", "show_cards", "table_svg"]
