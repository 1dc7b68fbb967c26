"""Plain SVG drawings of a Mountain, of cards and of the score track, for notebooks and the book.

Cards are told apart by their code and picture name, not by colour alone; a -3 card also has a
dashed border and a minus sign. Pawns are circles with their colour letter. Every drawing carries
a description in words of what it shows (`describe_position`, `describe_cards`): the SVG's
<desc>, which the book's pages use as the picture's alt text. The description is said in the
language given, else in the one `rulesbook.core.messages.speak` chose (a zh-TW chapter's: zh-TW),
through the message catalogue; the notation's codes and the places' numbers stay as they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rulesbook.core.data import whole
from rulesbook.core.messages import Listed, Message, spoken, term
from rulesbook.core.picture import Picture, checked_title, escape, svg_document
from rulesbook.inferno.cards import Card, Disciple, DiscipleCard, EventCard, EventKind
from rulesbook.inferno.moment import given_cards
from rulesbook.inferno.names import disciple_word, pawn_mark, player_word
from rulesbook.inferno.position import Colour, Coord, Position, checked_place, given_position
from rulesbook.inferno.state import State

CARD_WIDTH, CARD_HEIGHT, GAP, MARGIN = 58, 78, 6, 22
BACKGROUND = "#ffffff"

DISCIPLE_FILL = {
    Disciple.MONKEY_KING: "#f6d58b",
    Disciple.PIG_MONK: "#f4b6c2",
    Disciple.SANDY_BROTHER: "#a9d8cf",
    Disciple.DRAGON_HORSE: "#c9d3f2",
}
PAWN_FILL = {Colour.RED: "#c0392b", Colour.YELLOW: "#f1c40f", Colour.BLUE: "#2e6fd8", Colour.BLACK: "#222222"}
PAWN_TEXT = {Colour.RED: "#ffffff", Colour.YELLOW: "#000000", Colour.BLUE: "#ffffff", Colour.BLACK: "#ffffff"}


def _card_words(card: Card) -> Message:
    """A card as a listener hears it: "Sandy Brother \u22123", "Red Boy (Monkey King picture)"."""
    if isinstance(card, DiscipleCard):
        return Message("{disciple} {value}", disciple=disciple_word(card.disciple), value=f"{card.value:+d}".replace("-", "\u2212"))
    if card.picture is not None:
        return Message("{event} ({disciple} picture)", event=term(card.kind.english, "event"), disciple=disciple_word(card.picture))
    return term(card.kind.english, "event")


def _place_words(position: Position, place: Coord) -> Message:
    card = position.card_at(place)
    if card:
        return Message("{card} at ({row}, {column})", card=_card_words(card), row=place[0], column=place[1])
    return Message("the empty place ({row}, {column})", row=place[0], column=place[1])


def _sentences(parts: list[str], language: str) -> str:
    """Sentences one after another: a space between them in English, none in zh-TW."""
    return (" " if language == "en" else "").join(parts)


def _titled(title: str, language: str) -> str:
    """A picture's title as the description's first sentence."""
    return title.rstrip(".") + "." if language == "en" else title.rstrip("。") + "。"


def describe_position(position: Position, highlights: Iterable[Coord] = (), marks: Iterable[Coord] = (),
                      title: str | None = None, language: str | None = None) -> str:
    """What a drawing of the Mountain shows, in words: each row's cards by column, the pawns,
    and the places outlined (highlights) or ringed (marks)."""
    language = spoken(language)
    parts = [_titled(title, language)] if title else []
    cards = position.cards
    if not cards:
        return _sentences([*parts, Message.text("An empty Mountain.").say(language)], language)
    (top, left), (bottom, right) = position.bounds()
    count = len(cards)
    extent = {"count": count, "top": top, "bottom": bottom, "left": left, "right": right}
    parts.append((Message("A Mountain of {count} card in rows {top} to {bottom} and columns {left} to {right}.", **extent) if count == 1 else
                  Message("A Mountain of {count} cards in rows {top} to {bottom} and columns {left} to {right}.", **extent)).say(language))
    for row in range(top, bottom + 1):
        items = []
        for (card_row, column), card in sorted(cards.items()):
            if card_row != row:
                continue
            pawns = position.pawns_at((row, column))
            words, colours = _card_words(card), Listed([player_word(colour) for colour in pawns])
            if not pawns:
                items.append(Message("{card} at column {column}", card=words, column=column))
            elif len(pawns) == 1:
                items.append(Message("{card} at column {column} with the {colours} pawn", card=words, column=column, colours=colours))
            else:
                items.append(Message("{card} at column {column} with the {colours} pawns", card=words, column=column, colours=colours))
        if items:  # a card with its pawns is a clause of its own: set apart by "；" in zh-TW
            said = (", " if language == "en" else "；").join(item.say(language) for item in items)
            parts.append(Message("Row {row}: {items}.", row=row, items=said).say(language))
    for outline, places in ((Message("Outlined: {places}."), highlights), (Message("Ringed: {places}."), marks)):
        places = sorted(set(places))
        if places:
            parts.append(Message(outline.template, places=Listed([_place_words(position, place) for place in places], ",")).say(language))
    return _sentences(parts, language)


def describe_cards(cards: Iterable[Card], title: str | None = None, language: str | None = None) -> str:
    """What a drawing of cards shows, in words: each card, the same ones counted together."""
    language = spoken(language)
    counted = Counter(_card_words(card).say(language) for card in cards)
    items = Listed([f"{words} \u00d7{count}" if count > 1 else words for words, count in counted.items()], ",")
    total = sum(counted.values())
    if not total:
        body = Message.text("no cards.")
    else:
        body = Message("{count} card: {cards}.", count=total, cards=items) if total == 1 else Message("{count} cards: {cards}.", count=total, cards=items)
    if not title:
        return body.say(language)
    return Message("{title}: {cards}", title=title.rstrip(".").rstrip("。"), cards=body).say(language)


def position_svg(
    position: Position | str,
    highlights: Iterable[Coord] = (),
    marks: Iterable[Coord] = (),
    title: str | None = None,
    language: str | None = None,
) -> str:
    """SVG text of the Mountain (a Position or its notation); highlights outline places (targets),
    marks ring cards (windows)."""
    position = given_position(position)
    said_in = spoken(language)
    highlights = set(highlights)
    marks = set(marks)
    places = set(position.cards) | highlights
    (top, left), (bottom, right) = position.bounds()
    if places:
        top = min(top, *(row for row, _ in places))
        left = min(left, *(column for _, column in places))
        bottom = max(bottom, *(row for row, _ in places))
        right = max(right, *(column for _, column in places))
    rows, columns = bottom - top + 1, right - left + 1
    width = MARGIN + columns * (CARD_WIDTH + GAP) + GAP
    height = MARGIN + rows * (CARD_HEIGHT + GAP) + GAP
    out: list[str] = []

    def origin(place: Coord) -> tuple[int, int]:
        row, column = place
        return MARGIN + GAP + (column - left) * (CARD_WIDTH + GAP), MARGIN + GAP + (row - top) * (CARD_HEIGHT + GAP)

    for column in range(left, right + 1):
        x, _ = origin((top, column))
        out.append(f'<text x="{x + CARD_WIDTH / 2}" y="{MARGIN - 6}" font-size="11" text-anchor="middle" fill="#666">{column}</text>')
    for row in range(top, bottom + 1):
        _, y = origin((row, left))
        out.append(f'<text x="{MARGIN - 6}" y="{y + CARD_HEIGHT / 2}" font-size="11" text-anchor="end" fill="#666">{row}</text>')

    for place in sorted(highlights - set(position.cards)):
        x, y = origin(place)
        out.append(
            f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#e8f6e8" '
            'stroke="#2e8b57" stroke-width="2" stroke-dasharray="5 3"/>'
        )
    for place, card in sorted(position.cards.items()):
        x, y = origin(place)
        out.append(f'<g data-place="{place[0]},{place[1]}">')
        out.append(_disciple_svg(x, y, card, said_in, highlighted=place in highlights, marked=place in marks))
        out.append("</g>")
        for index, colour in enumerate(position.pawns_at(place)):
            cx, cy = x + CARD_WIDTH - 13 - index * 20, y + 14
            out.append(
                f'<g data-pawn="{colour.letter}"><circle cx="{cx}" cy="{cy}" r="10" fill="{PAWN_FILL[colour]}" '
                f'stroke="#fff" stroke-width="2"/><text x="{cx}" y="{cy + 4}" font-size="11" font-weight="bold" '
                f'text-anchor="middle" fill="{PAWN_TEXT[colour]}">{pawn_mark(colour, said_in)}</text></g>'
            )
    description = describe_position(position, highlights, marks, title, language)
    title = title or Message.text("A Mountain of Inferno position").say(spoken(language))
    return svg_document(width, height, title, description, out, BACKGROUND)


def _disciple_svg(x: float, y: float, card: DiscipleCard, language: str, highlighted: bool = False, marked: bool = False) -> str:
    """A disciple: its code, value and name, the name in the picture's language (孫悟空 in zh-TW)."""
    dashed = ' stroke-dasharray="4 3"' if card.value < 0 else ""
    stroke, stroke_width = ("#2e8b57", 4) if highlighted else ("#333", 1.5)
    parts = [
        f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" '
        f'fill="{DISCIPLE_FILL[card.disciple]}" stroke="{stroke}" stroke-width="{stroke_width}"{dashed}/>'
    ]
    if marked:
        parts.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{CARD_WIDTH - 6}" height="{CARD_HEIGHT - 6}" rx="4" '
            'fill="none" stroke="#8e44ad" stroke-width="3"/>'
        )
    value_colour = "#b00020" if card.value < 0 else "#1a1a1a"
    sign = "\u2212" if card.value < 0 else "+"
    parts.append(f'<text x="{x + 8}" y="{y + 20}" font-size="16" font-weight="bold">{card.disciple.code}</text>')
    parts.append(
        f'<text x="{x + CARD_WIDTH / 2}" y="{y + 47}" font-size="24" font-weight="bold" text-anchor="middle" '
        f'fill="{value_colour}">{sign}{abs(card.value)}</text>'
    )
    # The name on two lines at a readable size, as the boards write it ("Sandy" / "Brother"; 沙悟淨).
    lines = disciple_word(card.disciple).say(language).split(" ", 1)
    for index, line in enumerate(lines):
        parts.append(
            f'<text x="{x + CARD_WIDTH / 2}" y="{y + CARD_HEIGHT - 6 - 10 * (len(lines) - 1 - index)}" font-size="10" '
            f'text-anchor="middle" fill="#333">{escape(line)}</text>'
        )
    return "".join(parts)


EVENT_LINES = {
    EventKind.MIGHTY_BISON_KING: ("Mighty", "Bison King"),
    EventKind.IRON_FAN_PRINCESS: ("Iron Fan", "Princess"),
    EventKind.RED_BOY: ("Red Boy",),
    EventKind.GUAN_YIN: ("Guan Yin",),
}


def _event_svg(x: float, y: float, card: EventCard, language: str) -> str:
    """An event: its name and family, in the picture's language (English names on two lines where
    long, the Chinese on one); a Red Boy shows its disciple picture in the lower right corner."""
    family = term(card.kind.family, "term").say(language)
    lines = EVENT_LINES[card.kind] if language == "en" else (term(card.kind.english, "event").say(language),)
    parts = [
        f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#fdfaf3" '
        'stroke="#7a4b00" stroke-width="3"/>',
        f'<text x="{x + 5}" y="{y + 11}" font-size="6" fill="#7a4b00">{escape(family)}</text>',
    ]
    for index, line in enumerate(lines):
        parts.append(
            f'<text x="{x + CARD_WIDTH / 2}" y="{y + 34 + 13 * index}" font-size="11" font-weight="bold" '
            f'text-anchor="middle">{escape(line)}</text>'
        )
    if card.picture is not None:
        parts.append(
            f'<rect x="{x + CARD_WIDTH - 26}" y="{y + CARD_HEIGHT - 20}" width="22" height="16" rx="3" '
            f'fill="{DISCIPLE_FILL[card.picture]}" stroke="#333"/>'
            f'<text x="{x + CARD_WIDTH - 15}" y="{y + CARD_HEIGHT - 8}" font-size="10" font-weight="bold" '
            f'text-anchor="middle">{card.picture.code}</text>'
        )
    return "".join(parts)


def cards_svg(cards: Iterable[Card], per_row: int = 9, title: str | None = None, language: str | None = None) -> str:
    """SVG text of cards laid out in rows: a hand, a deck, the components of the game."""
    cards, said_in = list(cards), spoken(language)
    rows = max(1, -(-len(cards) // per_row))
    columns = min(per_row, max(1, len(cards)))
    width = GAP + columns * (CARD_WIDTH + GAP)
    height = GAP + rows * (CARD_HEIGHT + GAP)
    out: list[str] = []
    for index, card in enumerate(cards):
        x = GAP + (index % per_row) * (CARD_WIDTH + GAP)
        y = GAP + (index // per_row) * (CARD_HEIGHT + GAP)
        out.append(f'<g data-card="{card.code}">')
        out.append(_disciple_svg(x, y, card, said_in) if isinstance(card, DiscipleCard) else _event_svg(x, y, card, said_in))
        out.append("</g>")
    description = describe_cards(cards, title, language)
    return svg_document(width, height, title or ", ".join(card.code for card in cards), description, out, BACKGROUND)


class CardsPicture(Picture):
    """Cards for a notebook: SVG to look at, their codes as text so nbval stays stable."""

    def __init__(self, cards: Iterable[Card], per_row: int = 9, title: str | None = None, language: str | None = None):
        self.cards = tuple(cards)
        self.per_row = per_row
        self.title = title
        super().__init__(cards_svg(self.cards, per_row, title, language), " ".join(card.code for card in self.cards))


def show_cards(cards: str | Iterable[Card | str], per_row: int = 9, title: str | None = None,
               language: str | None = None) -> CardsPicture:
    """A picture of cards in rows (a hand, the deck), described in `language` (or the one spoken).
    The cards may be given by their codes, "MK+2 BISON", as the other games' `show_cards` takes
    theirs (read as `game_moment` reads a hand); a code that is no card is a DataError naming it."""
    return CardsPicture(given_cards(cards, "cards"), whole(per_row, "per_row", 1), checked_title(title), language)


class MountainPicture(Picture):
    """A drawing that notebooks show as SVG; its text form is the notation, so nbval stays stable."""

    def __init__(self, position: Position, highlights: Iterable[Coord] = (), marks: Iterable[Coord] = (), title: str | None = None,
                 language: str | None = None):
        self.position = position
        self.highlights = frozenset(highlights)
        self.marks = frozenset(marks)
        self.title = title
        super().__init__(position_svg(position, self.highlights, self.marks, title, language), str(position))


def show(position: State | Position | str, highlights: Iterable[Coord] = (), marks: Iterable[Coord] = (), title: str | None = None,
         language: str | None = None) -> MountainPicture:
    """A picture of the Mountain (a game's, a Position or its notation) with target places outlined
    (highlights) and cards ringed (marks), described in `language` (or the one spoken): `show(state)`
    as in the other games (the hands are no one seat's to show; `show_cards` draws a hand)."""
    if isinstance(position, State):
        position = position.mountain
    return MountainPicture(given_position(position), _places(highlights, "highlights"), _places(marks, "marks"), checked_title(title), language)


def _places(places: Iterable[Coord], name: str) -> list[Coord]:
    """The places a picture marks, each checked (ValueError naming the argument)."""
    if isinstance(places, str) or not isinstance(places, Iterable):
        raise ValueError(f"{name} is a list of places (row, column), not {places!r}"[:200])
    try:
        return [checked_place(place) for place in places]
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


# --- the score track ---------------------------------------------------------------------------
TRACK_MARK = {Colour.RED: "circle", Colour.YELLOW: "square", Colour.BLUE: "diamond", Colour.BLACK: "triangle"}


def track_totals(state: State) -> list[tuple[int, ...]]:
    """The totals on the score track before the first round and after each round (MOI-R12): the
    start is what the rounds' scores leave of the totals (0, or the house rule's starting points)."""
    start = tuple(total - sum(result.scored[seat] for result in state.results) for seat, total in enumerate(state.totals))
    totals = [start]
    for result in state.results:
        totals.append(tuple(total + points for total, points in zip(totals[-1], result.scored)))
    return totals


def _labels(state: State, names: Iterable[str] | None, language: str) -> list[str]:
    """The players' names on the chart: those given, else each colour ("red"; 紅方)."""
    if names is not None:
        return list(names)
    return [colour.english if language == "en" else player_word(colour).say(language) for colour in state.colours]


def describe_track(state: State, names: Iterable[str] | None = None, language: str | None = None) -> str:
    """What the score-track chart shows, in words: each player's totals round by round."""
    language = spoken(language)
    track = track_totals(state)
    rounds = len(track) - 1
    lines = [(Message("Points on the score track before round 1 and after each of {count} round:", count=rounds) if rounds == 1 else
              Message("Points on the score track before round 1 and after each of {count} rounds:", count=rounds)).say(language)]
    for seat, label in enumerate(_labels(state, names, language)):
        marker = term(f"{TRACK_MARK[state.colours[seat]]}s", "marker")
        totals = Listed([totals[seat] for totals in track], ",")
        lines.append(Message("{player} ({marker}) {totals}.", player=label, marker=marker, totals=totals).say(language))
    return _sentences(lines, language)


def track_svg(state: State, names: Iterable[str] | None = None, title: str | None = None, language: str | None = None) -> str:
    """SVG text of a line chart of the score track: one line and one marker shape per player."""
    language = spoken(language)
    track = track_totals(state)
    labels = _labels(state, names, language)
    width, height, left, bottom, top, right = 420, 210, 44, 34, 14, 120
    plot_w, plot_h = width - left - right, height - top - bottom
    most = max(1, max(max(totals) for totals in track))
    least = min(0, min(min(totals) for totals in track))  # below 0 only under negative_scores_kept
    rounds = max(1, len(track) - 1)

    def point(index: int, value: int) -> tuple[float, float]:
        return left + plot_w * index / rounds, top + plot_h * (most - value) / (most - least)

    out = [
        '<g font-size="11">',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#444"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#444"/>',
        f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle" fill="#222">'
        f'{escape(Message.text("after round").say(language))}</text>',
        f'<text x="12" y="{top + plot_h / 2}" text-anchor="middle" fill="#222" '
        f'transform="rotate(-90 12 {top + plot_h / 2})">{escape(Message.text("points").say(language))}</text>',
    ]
    for index in range(len(track)):
        x, _ = point(index, 0)
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 14}" text-anchor="middle" fill="#222">{index}</text>')
    for value in sorted({least, 0, most}):
        _, y = point(0, value)
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#222">{value}</text>')
    for seat, label in enumerate(labels):
        colour = state.colours[seat]
        stroke = "#8a6d00" if colour is Colour.YELLOW else PAWN_FILL[colour]  # yellow darkened for contrast
        points = [point(index, totals[seat]) for index, totals in enumerate(track)]
        dash = ' stroke-dasharray="5 3"' if seat % 2 else ""
        out.append(f'<polyline fill="none" stroke="{stroke}" stroke-width="2"{dash} '
                   f'points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}"/>')
        for x, y in points:
            out.append(_marker(TRACK_MARK[colour], x, y, stroke))
        legend_y = top + 8 + 18 * seat
        out.append(_marker(TRACK_MARK[colour], left + plot_w + 14, legend_y, stroke))
        out.append(f'<text x="{left + plot_w + 24}" y="{legend_y + 4}" fill="#222">{escape(label)}</text>')
    out.append("</g>")
    title = title or Message.text("The score track, round by round").say(language)
    return svg_document(width, height, title, describe_track(state, labels, language), out, BACKGROUND)


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'
    if shape == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{colour}"/>'
    if shape == "diamond":
        return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} {x - 5:.1f},{y:.1f}" fill="{colour}"/>'
    return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y + 4:.1f} {x - 5:.1f},{y + 4:.1f}" fill="{colour}"/>'


class TrackPicture(Picture):
    """The score track of a game as a chart; its text form lists the totals, so outputs stay stable."""

    def __init__(self, state: State, names: Iterable[str] | None = None, title: str | None = None, language: str | None = None):
        self.state = state
        self.names = tuple(names) if names is not None else None
        self.title = title
        super().__init__(track_svg(state, self.names, title, language), describe_track(state, self.names, language))


def show_track(state: State, names: Iterable[str] | None = None, title: str | None = None, language: str | None = None) -> TrackPicture:
    """A chart of the score track after each round of a game (any state: the rounds played so far),
    described in `language` (or the one spoken)."""
    return TrackPicture(state, names, title, language)
