// What notebookRunAllWorkbench records inside the notebook's output page (the inner frame of its
// webview), installed in every frame of the workbench before the notebook opens, so it is there
// when VS Code creates the output page on a run's first output. On the page's epoch clock
// (timeOrigin + now, comparable with the click's in the workbench page, one machine):
//   - messages: each cell result (RESULT_MIME JSON) as the renderer reads it (OutputItem.json()),
//     with what the runner says of it (ranAt on the extension host's clock, ms, the request line);
//   - renders: each shadow root (the renderer draws every output in one) once it holds a
//     `.hde-result`, with the request line it shows, and the animation frame after;
//   - renderer: when the renderer's module was fetched (resource timing), once it was.
// A plain script, not a function: tsx's keepNames would put __name calls into a serialised one.

export interface ProbedMessage {
  at: number;
  ranAt: number;
  ms: number;
  path: string;
}

export interface ProbedRender {
  at: number;
  paintedAt?: number;
  line: string;
}

export interface NotebookRunProbe {
  messages: ProbedMessage[];
  renders: ProbedRender[];
  renderer?: { startAt: number; endAt: number };
}

export const NOTEBOOK_RUN_PROBE = String.raw`(() => {
  // Only in webview pages (the output page is one): never in the workbench or its extension-host frame.
  if (window.__nbProbe || window === window.top || location.pathname.includes('/services/extensions/')) return;
  const epoch = (t) => performance.timeOrigin + t;
  const probe = { messages: [], renders: [] };
  window.__nbProbe = probe;
  // The renderer reads each output's JSON (OutputItem.json(): JSON.parse of its text) as it draws it.
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    const value = parse.call(this, text, reviver);
    // (the extension host writes it pretty-printed: only the first character is certain)
    if (typeof text === 'string' && text.charCodeAt(0) === 123 && value && value.version === 1 && value.ranAt && value.request) {
      probe.messages.push({ at: epoch(performance.now()), ranAt: Date.parse(value.ranAt), ms: value.ms, path: value.request.method + ' ' + value.request.path });
    }
    return value;
  };
  const seen = new WeakSet();
  const look = (root) => {
    const result = root.querySelector('.hde-result');
    if (!result || seen.has(result)) return;
    seen.add(result);
    const line = root.querySelector('.request-line');
    const render = { at: epoch(performance.now()), line: line ? line.textContent : '' };
    probe.renders.push(render);
    requestAnimationFrame(() => { render.paintedAt = epoch(performance.now()); });
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    new MutationObserver(() => look(root)).observe(root, { childList: true, subtree: true });
    return root;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes('notebookRenderer')) probe.renderer = { startAt: epoch(entry.startTime), endAt: epoch(entry.responseEnd) };
    }
  }).observe({ type: 'resource', buffered: true });
})();`;
