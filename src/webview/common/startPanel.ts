// The start-up both webview bundles share: register the toolkit, say `ready`, build the view on the
// host's `init`, and hand it every later message.
import { connectToHost, type HostChannel } from './hostChannel';
import { registerToolkit } from './toolkit';

type Init<THost> = Extract<THost, { type: 'init' }>;

export interface PanelView<THost> {
  handle(message: Exclude<THost, { type: 'init' }>): void;
}

export function startPanelWebview<THost extends { type: string }, TOut extends { type: string }, TState>(
  createView: (init: Init<THost>, channel: HostChannel<TOut, TState>) => PanelView<THost>,
): void {
  registerToolkit();
  let view: PanelView<THost> | undefined;
  // `init` comes only after `ready` has been posted, so `channel` is always assigned by then.
  const channel: HostChannel<TOut, TState> = connectToHost<THost, TOut, TState>(
    (message) => {
      if (message.type === 'init') view = createView(message as Init<THost>, channel);
      else view?.handle(message as Exclude<THost, { type: 'init' }>);
    },
    { type: 'ready' } as TOut,
  );
}
