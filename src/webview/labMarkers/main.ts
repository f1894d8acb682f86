// Entry of the lab-markers webview bundle: says `ready`, then builds the page on `init`.
import '../common/panel.css';
import './labMarkers.css';
import type { LabMarkersHostMessage, LabMarkersPanelState, LabMarkersWebviewMessage } from '../../shared/labMarkersProtocol';
import { startPanelWebview } from '../common/startPanel';
import { LabMarkersView } from './view';

startPanelWebview<LabMarkersHostMessage, LabMarkersWebviewMessage, LabMarkersPanelState>(
  (init, channel) => new LabMarkersView(init, channel),
);
