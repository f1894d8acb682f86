import * as vscode from 'vscode';

/** Work that finishes sooner than this shows no notification, only the view's progress bar. */
const NOTIFICATION_DELAY_MS = 700;

export interface ProgressOptions {
  /** Notification title, e.g. "Loading users…". */
  title: string;
  /** A view whose progress bar shows while the work runs. */
  viewId?: string;
  /** Also stop when this signal aborts (e.g. the environment changed). */
  signal?: AbortSignal;
}

/**
 * Runs `task` with an AbortSignal. A view progress bar shows at once; if the work takes more than a
 * moment a cancellable notification appears too, and its Cancel aborts the signal, which cancels the
 * client's request.
 */
export async function withCancellableProgress<T>(
  options: ProgressOptions,
  task: (signal: AbortSignal, report: (message: string) => void) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const stopOuter = (): void => controller.abort();
  options.signal?.addEventListener('abort', stopOuter, { once: true });
  if (options.signal?.aborted) controller.abort();

  let latestMessage: string | undefined;
  let notify: ((message: string) => void) | undefined;
  const report = (message: string): void => {
    latestMessage = message;
    notify?.(message);
  };

  const work = task(controller.signal, report);
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  if (options.viewId) void vscode.window.withProgress({ location: { viewId: options.viewId } }, () => settled);
  const timer = setTimeout(() => {
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: options.title, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        notify = (message) => progress.report({ message });
        if (latestMessage) notify(latestMessage);
        return settled;
      },
    );
  }, NOTIFICATION_DELAY_MS);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stopOuter);
  }
}
