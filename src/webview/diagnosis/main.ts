// Entry of the Diagnose Data webview bundle: says `ready`, then builds the page on `init`.
import '../common/panel.css';
import './diagnosis.css';
import type { DiagnosisHostMessage, DiagnosisPanelState, DiagnosisWebviewMessage } from '../../shared/diagnosisProtocol';
import { startPanelWebview } from '../common/startPanel';
import { DiagnosisView } from './view';

startPanelWebview<DiagnosisHostMessage, DiagnosisWebviewMessage, DiagnosisPanelState>((init, channel) => new DiagnosisView(init, channel));
