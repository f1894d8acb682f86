// The start-up every panel bundle shares: register the toolkit, say `ready`, show the environment
// bar the host sends first and the contract lens's deviation line below it, build the view on the
// host's `init`, and hand it every later message.
import type { PanelActionMessage } from '../../shared/panelActions';
import { isPanelDeviationsMessage } from '../../shared/panelDeviations';
import { isPanelEnvironmentMessage } from '../../shared/panelEnvironment';
import type { EnvironmentId } from '../../domain/environments';
import { DeviationLine } from './deviationLine';
import { EnvironmentBar } from './environmentBar';
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
  let environment: EnvironmentId | undefined;
  const bar = new EnvironmentBar((message) => channel.post(message as PanelActionMessage as unknown as TOut));
  bar.element.hidden = true;
  const deviations = new DeviationLine((message) => channel.post(message as PanelActionMessage as unknown as TOut));
  document.body.prepend(bar.element, deviations.element);
  // `init` comes only after `ready` has been posted, so `channel` is always assigned by then.
  const connection: HostChannel<TOut, TState> = connectToHost<THost, TOut, TState>(
    (message) => {
      if (isPanelEnvironmentMessage(message)) {
        environment = message.view.id;
        bar.element.hidden = false;
        bar.update(message);
      } else if (isPanelDeviationsMessage(message)) {
        deviations.update(message);
      } else if (message.type === 'init') {
        view = createView(message as Init<THost>, channel);
        // The view lays out the whole body; the bar and the deviation line go back on top of it.
        document.body.prepend(bar.element, deviations.element);
      }
      else view?.handle(message as Exclude<THost, { type: 'init' }>);
    },
    { type: 'ready' } as TOut,
  );
  // The saved state carries the environment, so a restored panel queries the one it showed.
  const channel: HostChannel<TOut, TState> = {
    ...connection,
    saveState: (state) => connection.saveState((environment ? { ...state, environment } : state) as TState),
  };
}
