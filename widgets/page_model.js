// The part of the anywidget model API the board's shell uses (get, set, on, off, emit,
// save_changes, send), held in the page itself: a static page's boards have no kernel and keep
// their changes here (static_page.js); the Play page's model answers the shell's messages from its
// worker, as a kernel would (play_page.js's WorkerModel extends it).

export class PageModel {
  constructor(state) {
    this.state = { ...state };
    this.handlers = new Map();
  }

  get(name) {
    return this.state[name];
  }

  set(name, value) {
    const changes = typeof name === "object" ? name : { [name]: value };
    const changed = Object.keys(changes).filter((key) => this.state[key] !== changes[key]);
    Object.assign(this.state, changes);
    for (const key of changed) this.emit(`change:${key}`);
  }

  on(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(handler);
  }

  off(event, handler) {
    const handlers = this.handlers.get(event);
    if (handlers) handlers.delete(handler);
  }

  emit(event, content) {
    for (const handler of [...(this.handlers.get(event) || [])]) handler(content);
  }

  save_changes() {}

  /** The shell's messages to a kernel: a static page has none to answer them. */
  send() {}
}
