// The Mountain of Inferno picture: draws a Mountain (the view is {cards: [[row, column, code,
// name]], pawns: [[colour letter, row, column]], player}) as SVG, one <g data-place="row,column">
// per place. Colours are a second cue only: every card shows its disciple code, value and name;
// a -3 card has a dashed border; targets carry a dot, found cards a tick.

import { fill, html, svg } from "../board.js";

const CARD_W = 64;
const CARD_H = 84;
const GAP = 8;
const AXIS = 18; // room for the row and column numbers the messages use
/** The Mountain never shrinks below this share of its size: card names stay readable on phones. */
const SMALLEST = 0.75;
const DISCIPLE_CLASS = { MK: "mk", PM: "pm", SB: "sb", DH: "dh" };

const key = (row, column) => `${row},${column}`;
const GRID_PLACE = /^-?\d+,-?\d+$/;

/** The places that are no card of the Mountain (a Play page's "End step I", "Let it happen"…):
 * a row of buttons below it, each named by the view's `named` words. */
function drawNamed(area, { view, places, targets, words }) {
  const named = places.filter((place) => !GRID_PLACE.test(place));
  if (!named.length) return;
  const row = html("div", { class: "rb-inferno-named", role: "none" }, area);
  for (const place of named) {
    const name = (view.named || {})[place] || place;
    const label = targets.has(place) ? fill(words.legalChoice, { name }) : name;
    html("div", { class: "rb-place rb-named", "data-place": place, "aria-label": label }, row, name);
  }
}

function cardsAt(view) {
  const cards = new Map();
  for (const [row, column, code, name] of view.cards || []) cards.set(key(row, column), [code, name]);
  return cards;
}

/**
 * Text sizes follow the drawing's scale, so that 11px of card name stays 11px on the screen.
 * The scale is measured after the browser lays the drawing out (a frame later, and whenever the
 * board's width changes), never during a click: the last one found applies at once.
 */
function keepTextSize(area, drawing, width) {
  const measure = () => {
    const now = area.__rulesbookDrawing;
    const shown = now ? now.getBoundingClientRect().width : 0;
    if (!shown) return;
    area.__rulesbookUnit = Math.max(1, Math.ceil((now.__rulesbookWidth / shown) * 100) / 100).toFixed(2);
    if (now.style.getPropertyValue("--rb-unit") !== area.__rulesbookUnit) now.style.setProperty("--rb-unit", area.__rulesbookUnit);
  };
  drawing.__rulesbookWidth = width;
  if (area.__rulesbookUnit) drawing.style.setProperty("--rb-unit", area.__rulesbookUnit);
  if (!area.__rulesbookResize && typeof ResizeObserver === "function") {
    area.__rulesbookResize = new ResizeObserver(() => measure());
    area.__rulesbookResize.observe(area);
  }
  requestAnimationFrame(measure);
}

function draw(area, context) {
  drawMountain(area, context);
  drawNamed(area, context);
}

function drawMountain(area, { view, places, targets, found, actor, words }) {
  const grid = places.filter((place) => GRID_PLACE.test(place)).map((place) => place.split(",").map(Number));
  const rows = grid.map((p) => p[0]);
  const columns = grid.map((p) => p[1]);
  const top = Math.min(...rows);
  const left = Math.min(...columns);
  const width = AXIS + (Math.max(...columns) - left + 1) * (CARD_W + GAP) + GAP;
  const height = AXIS + (Math.max(...rows) - top + 1) * (CARD_H + GAP) + GAP;
  const drawing = svg("svg", {
    class: "rb-mountain",
    viewBox: `0 0 ${width} ${height}`,
    role: "none",
    style: `max-width:${width}px;min-width:${Math.round(width * SMALLEST)}px`,
  }, area);
  area.__rulesbookDrawing = drawing;
  const cards = cardsAt(view);
  const pawns = new Map();
  for (const [colour, row, column] of view.pawns || []) {
    const here = key(row, column);
    if (!pawns.has(here)) pawns.set(here, []);
    pawns.get(here).push(colour);
  }
  const axis = svg("g", { class: "rb-axis", "aria-hidden": "true" }, drawing);
  for (let c = left; c <= Math.max(...columns); c += 1) {
    svg("text", { x: AXIS + GAP + (c - left) * (CARD_W + GAP) + CARD_W / 2, y: AXIS - 5 }, axis).textContent = c;
  }
  for (let r = top; r <= Math.max(...rows); r += 1) {
    svg("text", { x: AXIS / 2, y: AXIS + GAP + (r - top) * (CARD_H + GAP) + CARD_H / 2 + 4 }, axis).textContent = r;
  }
  for (const [row, column] of grid) {
    const here = key(row, column);
    const x = AXIS + GAP + (column - left) * (CARD_W + GAP);
    const y = AXIS + GAP + (row - top) * (CARD_H + GAP);
    const card = cards.get(here);
    const classes = ["rb-place", card ? "rb-card" : "rb-empty"];
    if (card) classes.push(`rb-${DISCIPLE_CLASS[card[0].slice(0, 2)] || "other"}`);
    if (card && card[0].includes("-")) classes.push("rb-negative");
    const standing = pawns.get(here) || [];
    let label = card ? fill(words.cardPlace, { name: card[1], code: card[0], row, column }) : fill(words.emptyPlace, { row, column });
    if (standing.length) {
      const pawnsThere = standing.length > 1 ? words.pawnsThereMany : words.pawnsThere;  // two pawns: the optional rule, MOI-R13
      label = fill(pawnsThere, { label, pawns: standing.map((p) => words[`pawn${p}`]).join(words.pawnsAnd) });
    }
    if (targets.has(here)) label = fill(words.legalDestination, { label });
    if (found.has(here)) label = fill(words.foundThere, { label });
    // Named by a <title> (also a tooltip): an aria-label would differ from the card's own text.
    const g = svg("g", { class: classes.join(" "), "data-place": here }, drawing);
    svg("title", {}, g).textContent = label;
    svg("rect", { x, y, width: CARD_W, height: CARD_H, rx: 7, class: "rb-face" }, g);
    if (card) {
      const [code, name] = card;
      svg("text", { x: x + 7, y: y + 19, class: "rb-code" }, g).textContent = code.slice(0, 2);
      svg("text", { x: x + CARD_W / 2 + 4, y: y + 47, class: "rb-value" }, g).textContent = code.slice(2).replace("-", "\u2212");
      const parts = name.split(" ");
      const lines = parts.length > 1 ? [parts.slice(0, -1).join(" "), parts[parts.length - 1]] : parts;
      lines.forEach((line, index) => {
        svg("text", { x: x + CARD_W / 2, y: y + CARD_H - 20 + 13 * index - (lines.length === 1 ? -6 : 0), class: "rb-name" }, g).textContent = line;
      });
    }
    if (targets.has(here)) svg("circle", { cx: x + 10, cy: y + 40, r: 6, class: "rb-target-mark" }, g);
    if (found.has(here)) svg("text", { x: x + 11, y: y + 46, class: "rb-found-mark" }, g).textContent = "\u2713";
    standing.forEach((colour, index) => {
      const cx = x + CARD_W - 13 - index * 22;
      const cy = y + 14;
      const pawn = svg("g", {
        class: `rb-pawn rb-pawn-${colour}${colour === actor ? " rb-moving" : ""}`, "data-pawn": colour, "data-actor": colour,
      }, g);
      svg("circle", { cx, cy, r: 11 }, pawn);
      svg("text", { x: cx, y: cy + 4 }, pawn).textContent = words[`pawnMark${colour}`] || colour;  // 紅 on a zh-TW board
    });
  }
  keepTextSize(area, drawing, width);
  rowByRow(area, grid, cards, pawns, words);
}

/** The Mountain in one sentence, row by row, for a screen reader (visually hidden: the picture
 * shows it). Read on request (the board's D key says the picture's facts): the places name one
 * card each, and a reader walking them all to learn the position pressed an arrow 20 to 40 times. */
function rowByRow(area, grid, cards, pawns, words) {
  const rows = new Map();
  for (const [row, column] of [...grid].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const card = cards.get(key(row, column));
    if (!card) continue;
    const standing = pawns.get(key(row, column)) || [];
    let said = fill(words.rowCard, { code: card[0], column });
    if (standing.length) {
      said = fill(standing.length > 1 ? words.rowCardPawns : words.rowCardPawn,
        { card: said, pawns: standing.map((p) => words[`pawn${p}`]).join(words.pawnsAnd) });
    }
    if (!rows.has(row)) rows.set(row, []);
    rows.get(row).push(said);
  }
  const lines = [...rows].map(([row, said]) => fill(words.mountainRow, { row, cards: said.join(words.cardsJoin) }));
  html("p", { class: "rb-said-mark" }, area, fill(words.mountainRows, { rows: lines.join(words.rowsJoin) }));
}

function actorsAt(view, place) {
  return (view.pawns || []).filter(([, row, column]) => key(row, column) === place).map(([colour]) => colour);
}

function placeName(view, place, words) {
  if (!GRID_PLACE.test(place)) return (view.named || {})[place] || place;
  const card = cardsAt(view).get(place);
  const [row, column] = place.split(",");
  return card ? fill(words.cardAt, { code: card[0], row, column }) : fill(words.emptyAt, { row, column });
}

export default { label: "The Mountain", labelWord: "mountain", draw, actorsAt, placeName };
