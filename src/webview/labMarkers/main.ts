// Entry of the lab-markers webview bundle: says `ready`, then builds the page on `init`.
import '../common/panel.css';
import './labMarkers.css';
import { assertNever } from '../../shared/assertNever';
import type { LabMarkersHostMessage, LabMarkersPanelState, LabMarkersWebviewMessage } from '../../shared/labMarkersProtocol';
import { connectToHost } from '../common/hostChannel';
import { registerToolkit } from '../common/toolkit';
import { LabMarkersView } from './view';

registerToolkit();

let view: LabMarkersView | undefined;

const channel = connectToHost<LabMarkersHostMessage, LabMarkersWebviewMessage, LabMarkersPanelState>(onMessage, {
  type: 'ready',
});

function onMessage(message: LabMarkersHostMessage): void {
  switch (message.type) {
    case 'init':
      view = new LabMarkersView(message, channel);
      return;
    case 'loading':
    case 'result':
    case 'cancelled':
    case 'error':
      view?.handle(message);
      return;
    default:
      assertNever(message);
  }
}
