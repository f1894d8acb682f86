// A workaround for the test hosts' browser, not for the extension. In VS Code web 1.100 (code-server
// 4.100) every webview registers the webview service worker under its own id, so each new webview
// waits for the new worker to take over, and a worker takes over only once the previous one has no
// fetch in flight. A resource asked for by a webview that was closed while it loaded (the notebook's
// KaTeX stylesheet, `markdown-math/notebook-out/katex.min.css`, when a test closes a notebook with
// Markdown cells right after opening it) is never answered: its outer frame is gone, and the worker
// waits out its own 30-second `resolveTimeout`. The next panel then starts 30 s late. Here each
// webview worker answers such a request with 404 as soon as the frame it asked has gone, which is
// what it does at once when that frame is already gone when the request arrives. 1.139's worker
// no longer registers per webview, so nothing waits there; the hook is harmless in it.

/** Installs the hook in every webview service worker the browser context starts. */
export function unstickWebviewWorkers(context) {
  context.on('serviceworker', (worker) => {
    if (!worker.url().includes('/webview/browser/pre/service-worker.js')) return;
    worker.evaluate(answerRequestsOfVanishedFrames).catch(() => undefined);
  });
}

/** Runs inside the service worker: `resourceRequestStore` is the worker's own top-level binding. */
/* global Client, self -- service-worker globals */
function answerRequestsOfVanishedFrames() {
  // A top-level `const` of the worker's classic script is reachable only by name.
  const store = (0, eval)('typeof resourceRequestStore === "undefined" ? undefined : resourceRequestStore');
  if (!store?.map || globalThis.__hdeUnstuck) return;
  globalThis.__hdeUnstuck = true;
  const post = Client.prototype.postMessage;
  Client.prototype.postMessage = function (message, ...rest) {
    if (message?.channel === 'load-resource') watch(message.id, this.id);
    return post.call(this, message, ...rest);
  };
  function watch(requestId, clientId) {
    const timer = setInterval(() => {
      if (!store.map.has(requestId)) return clearInterval(timer);
      void self.clients.get(clientId).then((client) => {
        if (client || !store.map.has(requestId)) return;
        clearInterval(timer);
        store.resolve(requestId, { status: 404 });
      });
    }, 250);
  }
}
