// A reader's progress on the static site: each exercise found or not, and the attempts, kept in
// this browser (localStorage) across reloads, shown for the page's part of the book, and
// exported as a file a student hands in (rulesbook.lab.progress reads such files into a table).
//
// An exercise is named by its page (its path from the site's root) and its salt (the page data's
// own name for it, rulesbook.lessons.data), so the same exercise on a rebuilt site keeps its
// progress, and one that changed starts again. The parts and their exercises come from
// _static/rulesbook/exercises.js, which the site build writes (rulesbook.widgets.site) and the
// page loads once its boards are up, off the first paint.

import { fill, html, pageWords } from "./board.js";

export const STORAGE_KEY = "rulesbook-progress";
const FORMAT = "rulesbook-progress";
/** Said in the console only (the line and the button are the page's words: words.json). */
const UNKEPT = "This browser would not keep your progress.";

/** This page's path from the site's root ("book/inferno/red-boy.html"), from a file or a server. */
export function pagePath(doc = document) {
  const root = new URL(doc.documentElement.dataset.content_root || "./", doc.location.href).href;
  const here = doc.location.href.split(/[?#]/)[0];
  return here.startsWith(root) ? here.slice(root.length) : here;
}

/** What this browser keeps, or a fresh record when it keeps nothing readable (said in the console). */
function load(storage) {
  let text = null;
  try {
    text = storage.getItem(STORAGE_KEY);
    if (!text) return { format: FORMAT, version: 1, exercises: {} };
    const data = JSON.parse(text);
    if (data && data.format === FORMAT && data.version === 1 && data.exercises && typeof data.exercises === "object") return data;
    throw new Error("not a progress record of version 1");
  } catch (error) {
    console.error("rulesbook progress: what this browser kept could not be read, so it starts again:", error);
    return { format: FORMAT, version: 1, exercises: {} };
  }
}

export class Progress {
  constructor(storage = window.localStorage, doc = document) {
    this.storage = storage;
    this.doc = doc;
    this.page = pagePath(doc);
    this.data = load(storage);
    this.parts = null;
    this.line = null;
  }

  key(exercise) {
    return `${this.page}#${exercise.salt}`;
  }

  /** A board's synced state with the answers found before, on this browser, put back. */
  restore(state) {
    const lesson = state.lesson || {};
    const saved = this.data.exercises[this.key(lesson.exercise)];
    if (!saved || !Array.isArray(saved.found)) return state;
    const start = (lesson.nodes || {})[lesson.start];
    const places = new Set(start ? (lesson.places || [])[start.places] || [] : []);
    const found = [...new Set(saved.found.filter((place) => typeof place === "string" && places.has(place)))];
    return { ...state, found: found.slice(0, lesson.exercise.total) };
  }

  /** Keep what happens on this exercise's board: its answers found, and every attempt. */
  follow(model, area, lesson) {
    const key = this.key(lesson.exercise);
    const update = (change) => {
      const entry = this.data.exercises[key] || {
        page: this.page, title: lesson.title || "", total: lesson.exercise.total, found: [], attempts: 0, misses: 0, done: false,
      };
      change(entry);
      entry.done = entry.done || entry.found.length === entry.total;
      entry.updated = new Date().toISOString();
      this.data.exercises[key] = entry;
      this.save();
      this.show();
    };
    model.on("change:found", () => update((entry) => { entry.found = [...(model.get("found") || [])]; }));
    area.addEventListener("rb-attempt", (event) => update((entry) => {
      entry.attempts += 1;
      if (!event.detail.right) entry.misses += 1;
    }));
  }

  save() {
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify(this.data));
    } catch (error) {
      console.error("rulesbook progress:", UNKEPT, error);
    }
  }

  /** The page's part and its exercises ({title, exercises: [key]}), once exercises.js is in. */
  part() {
    const parts = (this.parts && this.parts.parts) || [];
    return parts.find((part) => part.exercises.some((key) => key.startsWith(`${this.page}#`))) || null;
  }

  /** "Your progress in Mountain of Inferno: 3 of 12 exercises done", and the download, after `after`. */
  mount(after) {
    const box = html("div", { class: "rb-progress" });
    this.line = html("p", { class: "rb-progress-line", role: "status" }, box);
    const button = html("button", { type: "button", class: "rb-progress-export" }, box, pageWords(this.doc).progressDownload);
    button.addEventListener("click", () => this.download());
    after.after(box);
    const script = this.doc.createElement("script");
    script.src = new URL("_static/rulesbook/exercises.js", new URL(this.doc.documentElement.dataset.content_root || "./", this.doc.location.href)).href;
    script.async = true;
    window.rulesbookExercises = (parts) => {
      this.parts = parts;
      this.show();
    };
    script.addEventListener("error", () => console.error("rulesbook progress: the list of the book's exercises did not load"));
    this.doc.head.append(script);
    this.show();
  }

  show() {
    if (!this.line) return;
    const part = this.part();
    const done = part ? part.exercises.filter((key) => (this.data.exercises[key] || {}).done).length : 0;
    const words = part ? fill(pageWords(this.doc).progressPart, { part: part.title, done, total: part.exercises.length }) : "";
    // A status line is said again whenever it is written: only a change of count is news (a
    // screen-reader audit heard the same line before every exercise's answer).
    if (this.line.textContent !== words) this.line.textContent = words;
  }

  /** The file a student hands in: every exercise this browser kept, as JSON. */
  exported() {
    const exercises = Object.entries(this.data.exercises).map(([key, entry]) => ({
      exercise: key, page: entry.page, title: entry.title, total: entry.total, found: entry.found.length,
      attempts: entry.attempts, misses: entry.misses, done: entry.done, updated: entry.updated,
    }));
    return { format: FORMAT, version: 1, exported: new Date().toISOString(), exercises };
  }

  download() {
    const blob = new Blob([JSON.stringify(this.exported(), null, 1)], { type: "application/json" });
    const link = html("a", { href: URL.createObjectURL(blob), download: "rulesbook-progress.json" }, this.doc.body);
    link.click();
    link.remove();
  }
}
