// The chart's zoom keys, while it has focus: + / - around the centre, ← / → to move, 0 or Escape
// for the whole range.
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';
import { panWindow, zoomWindow } from '../../domain/bloodPressure/chartWindow';

type ZoomAction = 'in' | 'out' | 'back' | 'forward' | 'reset';

const KEYS: Record<string, ZoomAction> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  _: 'out',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  '0': 'reset',
  Escape: 'reset',
};

/** The zoom a key asks for; undefined when the key is not a zoom key (with a modifier, never). */
export function zoomActionOf(event: KeyboardEvent): ZoomAction | undefined {
  const action = KEYS[event.key];
  return !action || event.altKey || event.ctrlKey || event.metaKey ? undefined : action;
}

/** The window after `action` from `view` within `whole`; undefined: the whole range. */
export function windowAfter(action: ZoomAction, view: ChartWindow, whole: ChartWindow): ChartWindow | undefined {
  if (action === 'reset') return undefined;
  if (action === 'in') return zoomWindow(view, whole, 0.5);
  if (action === 'out') return zoomWindow(view, whole, 2);
  return panWindow(view, whole, action === 'back' ? -0.25 : 0.25);
}
