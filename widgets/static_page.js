// The static site's board runtime: every board on a page, with no kernel and no widget manager.
//
// The site build (rulesbook.widgets.site) leaves on a board page the widget state (each board's
// synced traits, at the end of the page) and one widget-view script where each board goes. This
// runtime gives each board a small local model with the part of the anywidget model API the
// shell uses (get, set, on, off, save_changes, send) and renders it in place. It runs once the
// page is parsed, without waiting for the theme's deferred scripts, and marks the page
// data-boards-ready when every board can be clicked.
//
// An ES module: startPage(pictures) starts the page's boards, drawn by `pictures` ({name:
// picture}); rulesbook.widgets.assets.site_module() joins it with the shell and every picture
// into the site's one script, which calls it.

import { boardRender, fill, html, pageWords } from "./board.js";
import { PageModel } from "./page_model.js";
import { Progress } from "./progress.js";

const WIDGET_STATE = "application/vnd.jupyter.widget-state+json";
const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";

function addSkipLink(first, count) {
  const words = pageWords();
  const link = html("a", { class: "rb-skip", href: `#${first.id}` }, null, count > 1 ? fill(words.skipBoards, { count }) : words.skipBoard);
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const area = first.querySelector(".rb-picture");
    first.scrollIntoView({ block: "start" });
    if (area) area.focus({ preventScroll: true });
  });
  // Right after the theme's own "skip to main content" link, so it is among the first Tabs.
  const themeSkip = document.querySelector("body > .skip-link, body > a[href='#main-content']");
  if (themeSkip) themeSkip.after(link);
  else document.body.prepend(link);
}

/** The reader's progress, or null where this browser keeps no storage for the page (said once). */
function readerProgress() {
  try {
    return new Progress(window.localStorage);
  } catch (error) {
    console.error("rulesbook progress: this browser keeps no storage for the page, so progress is not kept:", error);
    return null;
  }
}

function startBoards(render) {
  const stateScript = document.querySelector(`script[type="${WIDGET_STATE}"]`);
  let boards = 0;
  let first = null;
  let lastExercise = null;
  let progress;
  if (stateScript) {
    const models = JSON.parse(stateScript.textContent).state || {};
    for (const view of document.querySelectorAll(`script[type="${WIDGET_VIEW}"]`)) {
      const record = models[JSON.parse(view.textContent).model_id];
      if (!record || !record.state || !record.state._picture) continue;
      boards += 1;
      const area = html("div", { class: "rb-board-area", id: `board-${boards}` });
      view.before(area);
      const lesson = record.state.lesson || {};
      const exercise = lesson.mode === "find" && lesson.exercise && lesson.exercise.salt;
      if (exercise && progress === undefined) progress = readerProgress();
      const kept = exercise && progress;
      const model = new PageModel(kept ? progress.restore(record.state) : record.state);
      render({ model, el: area });
      if (kept) {
        progress.follow(model, area, lesson);
        lastExercise = area;
      }
      first = first || area;
    }
  }
  if (lastExercise) progress.mount(lastExercise);
  if (first) addSkipLink(first, boards);
  document.documentElement.setAttribute("data-boards-ready", String(boards));
  performance.mark("rulesbook-boards-ready");
}

/** Start every board of the page once it is parsed ("interactive": the theme's deferred scripts
 * may still be loading). A failure is logged in the console and marks the page. */
export function startPage(pictures) {
  const render = boardRender(pictures);
  const start = () => {
    try {
      startBoards(render);
    } catch (error) {
      document.documentElement.setAttribute("data-boards-ready", "failed");
      console.error("rulesbook boards:", error);
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("readystatechange", start, { once: true });
  } else {
    start();
  }
}
