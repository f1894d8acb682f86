// Entry of the Scan Data Coverage webview bundle: says `ready`, then builds the page on `init`.
import '../common/panel.css';
import './coverageScan.css';
import type { CoverageScanHostMessage, CoverageScanWebviewMessage, ScanPanelState } from '../../shared/coverageScanProtocol';
import { startPanelWebview } from '../common/startPanel';
import { CoverageScanView } from './view';

startPanelWebview<CoverageScanHostMessage, CoverageScanWebviewMessage, ScanPanelState>((init, channel) => new CoverageScanView(init, channel));
