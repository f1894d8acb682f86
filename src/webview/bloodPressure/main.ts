// Entry of the blood-pressure webview bundle: says `ready`, then builds the page on `init`.
import '../common/panel.css';
import './bloodPressure.css';
import { assertNever } from '../../shared/assertNever';
import type {
  BloodPressureHostMessage,
  BloodPressurePanelState,
  BloodPressureWebviewMessage,
} from '../../shared/bloodPressureProtocol';
import { connectToHost } from '../common/hostChannel';
import { registerToolkit } from '../common/toolkit';
import { BloodPressureView } from './view';

registerToolkit();

let view: BloodPressureView | undefined;

const channel = connectToHost<BloodPressureHostMessage, BloodPressureWebviewMessage, BloodPressurePanelState>(onMessage, {
  type: 'ready',
});

function onMessage(message: BloodPressureHostMessage): void {
  switch (message.type) {
    case 'init':
      view = new BloodPressureView(message, channel);
      return;
    case 'loading':
    case 'page':
    case 'complete':
    case 'nearest':
    case 'error':
      view?.handle(message);
      return;
    default:
      assertNever(message);
  }
}
