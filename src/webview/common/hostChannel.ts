// The webview end of the message channel. acquireVsCodeApi may be called once per document.

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface HostChannel<TOut, TState> {
  post(message: TOut): void;
  /** Saved for the panel serializer: ids and the query only. */
  saveState(state: TState): void;
  /** What this panel saved before (survives the webview being hidden and shown again). */
  savedState(): unknown;
}

export function connectToHost<TIn, TOut extends { type: string }, TState>(
  onMessage: (message: TIn) => void,
  ready: TOut,
): HostChannel<TOut, TState> {
  const api = acquireVsCodeApi();
  window.addEventListener('message', (event: MessageEvent<TIn>) => onMessage(event.data));
  api.postMessage(ready);
  return {
    post: (message) => api.postMessage(message),
    saveState: (state) => api.setState(state),
    savedState: () => api.getState(),
  };
}
