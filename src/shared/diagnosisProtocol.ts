// Messages between the Diagnose Data panel (host) and its webview. The host words every finding
// (l10n) and says where its evidence is; the webview only renders and sends back what was clicked.
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import type { DayRange } from '../domain/coverage/bloodPressureCoverage';
import type { FindingKind, Severity } from '../domain/coverage/dataDiagnosis';
import type { PanelErrorAction, PanelErrorView } from './panelError';
import type { PanelActionMessage } from './panelActions';

export interface DiagnosisStrings {
  heading: string;
  environment: string;
  windowLabel: string;
  windowPreset: string;
  windowHint: string;
  cancel: string;
  loading: string;
  loadingPages: string;
  summary: string;
  /** What was read: "Read the window only ({0} to {1})." */
  readWindowOnly: string;
  /** "Read {0} to {1}: the window and the {2} days before it, further back only while a source had no reading yet." */
  readFurther: string;
  cancelled: string;
  problems: string;
  warnings: string;
  facts: string;
  noProblems: string;
  noFindings: string;
  /** `In short: {0}` — the headline findings in the words the scan's Findings column uses. */
  inShort: string;
  evidence: string;
  nextStep: string;
  showBloodPressure: string;
  showBloodPressureHint: string;
  openRawJson: string;
  showRequestLog: string;
  linksLabel: string;
  severityProblem: string;
  severityWarning: string;
  severityInfo: string;
}

export interface FindingView {
  kind: FindingKind;
  severity: Severity;
  /** One sentence in plain words. */
  title: string;
  evidence: string;
  nextStep: string;
  /** The blood-pressure range that shows it, when readings can. */
  range?: BloodPressureForm;
}

export interface DiagnosisPanelState {
  version: 1;
  userId: string;
  clientUserId: string;
  days: number;
  /** The environment the panel shows; absent in states saved before panels were bound to one. */
  environment?: EnvironmentId;
}

export type DiagnosisHostMessage =
  | {
      type: 'init';
      strings: DiagnosisStrings;
      locale: string;
      environment: string;
      userId: string;
      clientUserId: string;
      windows: readonly number[];
      days: number;
    }
  | { type: 'loading'; days: number }
  | { type: 'progress'; pages: number; readings: number }
  | {
      type: 'result';
      days: number;
      window: DayRange;
      /** What was read: the window, and as far back before it as a silent source needed. */
      read: DayRange;
      timeZone: string;
      readingsInWindow: number;
      /** What the findings say in a word, as the scan says it for this user (empty: nothing missing). */
      headline: string[];
      findings: FindingView[];
    }
  | { type: 'cancelled' }
  | { type: 'error'; error: PanelErrorView };

export interface DiagnosisRenderSnapshot {
  phase: 'loading' | 'result' | 'cancelled' | 'error';
  /** The environment the header names. */
  environment: string;
  days: number;
  headline: string[];
  /** The line that says what was read ('' before a result). */
  read: string;
  findings: { kind: FindingKind; severity: Severity; title: string; hasRange: boolean }[];
  error?: { actions: PanelErrorAction[]; fields: string[] };
}

export type DiagnosisWebviewMessage =
  | { type: 'ready' }
  | { type: 'setWindow'; days: number }
  | { type: 'showBloodPressure'; range: BloodPressureForm }
  | { type: 'showRequestLog' }
  | PanelActionMessage
  | { type: 'rendered'; snapshot: DiagnosisRenderSnapshot };

export function parseDiagnosisPanelState(value: unknown): DiagnosisPanelState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Record<string, unknown>;
  if (state.version !== 1 || typeof state.userId !== 'string' || typeof state.clientUserId !== 'string') return undefined;
  if (typeof state.days !== 'number' || !Number.isInteger(state.days) || state.days < 1 || state.days > 366) return undefined;
  return {
    version: 1,
    userId: state.userId,
    clientUserId: state.clientUserId,
    days: state.days,
    ...(isEnvironmentId(state.environment) ? { environment: state.environment } : {}),
  };
}
