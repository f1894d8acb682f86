// The short name of each finding: the scan's Findings column, the diagnosis's "In short" line and
// the CSV's readers see the same words for the same findings (dataDiagnosis.ts decides which).
import * as vscode from 'vscode';
import type { FindingKind } from '../domain/coverage/dataDiagnosis';

export function findingWords(): Record<FindingKind, string> {
  return {
    sourceDelivering: vscode.l10n.t('delivering'),
    sourceStopped: vscode.l10n.t('stopped syncing'),
    sourceNeverDelivered: vscode.l10n.t('never delivered'),
    sourceCannotMeasure: vscode.l10n.t('cannot measure blood pressure'),
    sourceCapabilityUnknown: vscode.l10n.t('unknown provider'),
    deliveredWithoutConnection: vscode.l10n.t('delivered, not connected'),
    lastReading: vscode.l10n.t('last reading'),
    gap: vscode.l10n.t('gap'),
    windowStartsBeforeIngestion: vscode.l10n.t('ingestion starts in the window'),
    windowEndsAfterIngestion: vscode.l10n.t('ingestion ended'),
    noFallbackTimeZone: vscode.l10n.t('no time zone'),
    fallbackTimeZone: vscode.l10n.t('time zone'),
    offsetsDiffer: vscode.l10n.t('other offsets'),
  };
}
