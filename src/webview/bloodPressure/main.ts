// Entry of the blood-pressure webview bundle: says `ready`, then builds the page on `init`. Tab
// goes round the panel's controls (common/focusCycle.ts).
import '../common/panel.css';
import './bloodPressure.css';
import type {
  BloodPressureHostMessage,
  BloodPressurePanelState,
  BloodPressureWebviewMessage,
} from '../../shared/bloodPressureProtocol';
import { cycleFocusWithinPanel } from '../common/focusCycle';
import { startPanelWebview } from '../common/startPanel';
import { BloodPressureView } from './view';

startPanelWebview<BloodPressureHostMessage, BloodPressureWebviewMessage, BloodPressurePanelState>(
  (init, channel) => new BloodPressureView(init, channel),
);
cycleFocusWithinPanel();
