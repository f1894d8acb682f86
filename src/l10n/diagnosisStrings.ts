// Every string of Diagnose Data: the page's labels and each finding in plain words, with its
// evidence and a next step. Dates are the API's days (YYYY-MM-DD) in the user's fallback zone.
import * as vscode from 'vscode';
import type { BloodPressureCapability } from '../api/providerCapabilities';
import type { Finding } from '../domain/coverage/dataDiagnosis';
import type { DiagnosisStrings } from '../shared/diagnosisProtocol';

export function diagnosisStrings(): DiagnosisStrings {
  return {
    heading: vscode.l10n.t('Why is data missing for {0}?'),
    environment: vscode.l10n.t('Environment: {0}'),
    windowLabel: vscode.l10n.t('Window'),
    windowPreset: vscode.l10n.t('Last {0} days'),
    windowHint: vscode.l10n.t('Diagnose the last {0} days, today included'),
    cancel: vscode.l10n.t('Cancel'),
    loading: vscode.l10n.t('Reading the user and the window\'s blood pressure (further back only while a source has no reading)…'),
    loadingPages: vscode.l10n.t('Reading blood pressure… {0} pages, {1} readings so far'),
    summary: vscode.l10n.t('{0} to {1} in {2}: {3} readings in the window.'),
    readWindowOnly: vscode.l10n.t('Read the window only ({0} to {1}).'),
    readFurther: vscode.l10n.t('Read {0} to {1}: the window and the {2} days before it, further back only while a source had no reading yet.'),
    cancelled: vscode.l10n.t('Cancelled: no diagnosis. Pick a window to start again.'),
    problems: vscode.l10n.t('Why data is missing'),
    warnings: vscode.l10n.t('Worth checking'),
    facts: vscode.l10n.t('Facts'),
    noProblems: vscode.l10n.t('Nothing is missing in this window: every source able to measure blood pressure delivered.'),
    noFindings: vscode.l10n.t('This user has no connected source and no readings.'),
    inShort: vscode.l10n.t('In short: {0}'),
    evidence: vscode.l10n.t('Evidence'),
    nextStep: vscode.l10n.t('Next step'),
    showBloodPressure: vscode.l10n.t('Show blood pressure'),
    showBloodPressureHint: vscode.l10n.t('Opens the blood-pressure panel from {0} to {1}'),
    openRawJson: vscode.l10n.t('Open raw response'),
    showRequestLog: vscode.l10n.t('Show request log'),
    linksLabel: vscode.l10n.t('Evidence links'),
    severityProblem: vscode.l10n.t('Problem'),
    severityWarning: vscode.l10n.t('Warning'),
    severityInfo: vscode.l10n.t('Fact'),
  };
}

export const diagnosisTitles = {
  panel: (clientUserId: string): string => vscode.l10n.t('Diagnose: {0}', clientUserId),
  pickUser: (): string => vscode.l10n.t('Diagnose Data: pick a user'),
};

export interface FindingWords {
  title: string;
  evidence: string;
  nextStep: string;
}

export interface FindingContext {
  /** Provider slug → the name the user's connected source shows. */
  providerName(slug: string): string;
  timeZone: string;
}

/** What a provider can do about blood pressure, as a clause ("its devices measure blood pressure"). */
export function capabilityText(capability: BloodPressureCapability): string {
  switch (capability) {
    case 'measures':
      return vscode.l10n.t('its devices measure blood pressure');
    case 'aggregates':
      return vscode.l10n.t('it passes on blood pressure that a cuff or an app wrote into it');
    case 'accessory':
      return vscode.l10n.t('it reports blood pressure only with an optional accessory');
    case 'none':
      return vscode.l10n.t('it reports no blood pressure');
  }
}

/** A value the service did not send reads as a quiet dash. */
function shown(value: string | number | undefined): string | number {
  return value ?? '—';
}

export function describeFinding(finding: Finding, context: FindingContext): FindingWords {
  const name = 'provider' in finding ? context.providerName(finding.provider) : '';
  switch (finding.kind) {
    case 'sourceDelivering':
      return {
        title: vscode.l10n.t('{0} connected on {1}, delivering: last reading {2}', name, shown(shown(finding.connectedOn)), finding.lastDay),
        evidence: vscode.l10n.t('Readings on {0} days of the window.', finding.daysWithReadingsInWindow),
        nextStep: vscode.l10n.t('Nothing to do.'),
      };
    case 'sourceStopped':
      return {
        title: vscode.l10n.t('{0} connected on {1}, no readings since {2} ({3} days)', name, shown(shown(finding.connectedOn)), finding.lastDay, finding.daysSince),
        evidence: finding.atIngestionEnd
          ? vscode.l10n.t('Its last reading is on {0}, at the end of the user\'s ingestion (ingestion_end).', finding.lastDay)
          : vscode.l10n.t('Its last reading is on {0}, found by reading back from the window.', finding.lastDay),
        nextStep: finding.atIngestionEnd
          ? vscode.l10n.t('Ingestion ended for this user: extend ingestion_end if data should still arrive.')
          : vscode.l10n.t('Ask the user to open the {0} app and sync; if nothing arrives, reconnect {0}.', name),
      };
    case 'sourceNeverDelivered':
      return {
        title: vscode.l10n.t('{0} connected on {1}, never delivered blood pressure', name, shown(finding.connectedOn)),
        evidence: vscode.l10n.t('No reading from {0} in the window or the year before, although {1}.', name, capabilityText(finding.capability)),
        nextStep: vscode.l10n.t('Check that the user has a {0} device that measures blood pressure and has synced it; reconnect {0} if nothing arrives.', name),
      };
    case 'sourceCannotMeasure':
      return {
        title: vscode.l10n.t('{0} connected on {1}: {2}, not a fault', name, shown(shown(finding.connectedOn)), capabilityText(finding.capability)),
        evidence: vscode.l10n.t('Source of this fact: {0}.', finding.basis),
        nextStep: vscode.l10n.t('For blood pressure the user needs a source that measures it, such as an Omron or Withings cuff.'),
      };
    case 'sourceCapabilityUnknown':
      return {
        title: vscode.l10n.t('{0} connected on {1}, no blood pressure; whether it can deliver any is not known', name, shown(finding.connectedOn)),
        evidence: vscode.l10n.t('"{0}" is not in the table of provider capabilities (src/api/providerCapabilities.ts).', finding.provider),
        nextStep: vscode.l10n.t("Check the provider's documentation for blood pressure before treating it as broken."),
      };
    case 'deliveredWithoutConnection':
      return {
        title: vscode.l10n.t('{0} delivered readings but is not connected now', name),
        evidence: vscode.l10n.t('Last reading from {0} on {1}.', name, finding.lastDay),
        nextStep: vscode.l10n.t('The source was probably disconnected: ask the user to connect it again.'),
      };
    case 'lastReading':
      return {
        title: vscode.l10n.t('Last reading from {0} ({1}): {2}', name, shown(finding.sourceType), finding.lastDay),
        evidence: vscode.l10n.t('Timestamp as sent: {0}', finding.timestamp),
        nextStep: vscode.l10n.t('Open the blood pressure up to that day to see how the data ended.'),
      };
    case 'gap':
      return {
        title: vscode.l10n.t('No readings for {0} days, {1} to {2}', finding.days, finding.firstDay, finding.lastDay),
        evidence: vscode.l10n.t('No provider delivered a reading on those days (days in {0}).', context.timeZone),
        nextStep: vscode.l10n.t('Ask whether the user measured then; readings synced later fill the gap.'),
      };
    case 'windowStartsBeforeIngestion':
      return {
        title: vscode.l10n.t('The window starts before ingestion_start ({0})', finding.ingestionStart),
        evidence: vscode.l10n.t('The window starts on {0}; nothing before {1} is ingested for this user.', finding.windowFirstDay, finding.ingestionStart),
        nextStep: vscode.l10n.t('Read the days before {0} as "not ingested", not as missing; move ingestion_start earlier if older data is expected.', finding.ingestionStart),
      };
    case 'windowEndsAfterIngestion':
      return {
        title: vscode.l10n.t('Ingestion ended on {0}: nothing after it arrives', finding.ingestionEnd),
        evidence: vscode.l10n.t('The window ends on {0}, after ingestion_end.', finding.windowLastDay),
        nextStep: vscode.l10n.t('Extend ingestion_end for this user if data should still arrive.'),
      };
    case 'noFallbackTimeZone':
      return {
        title: vscode.l10n.t('No fallback time zone: days are counted in UTC'),
        evidence: vscode.l10n.t('fallback_time_zone is null for this user.'),
        nextStep: vscode.l10n.t("Set the user's fallback time zone so days match the user's own days."),
      };
    case 'fallbackTimeZone':
      return {
        title: finding.changedInWindow
          ? vscode.l10n.t('The fallback time zone changed inside the window: {0} since {1}', finding.zone, shown(finding.updatedOn))
          : vscode.l10n.t('Fallback time zone {0}, set on {1} ({2} days ago)', finding.zone, shown(finding.updatedOn), shown(finding.ageDays)),
        evidence: vscode.l10n.t('Source: {0}; updated {1} days ago.', shown(finding.sourceSlug), shown(finding.ageDays)),
        nextStep: finding.changedInWindow
          ? vscode.l10n.t('Days before {0} are counted in {1}: readings near midnight may fall on another day than the user saw.', shown(finding.updatedOn), finding.zone)
          : vscode.l10n.t('Days are counted in {0}.', finding.zone),
      };
    case 'offsetsDiffer':
      return {
        title: vscode.l10n.t('{0} readings carry another offset than {1}: {2}', finding.readings, finding.zone, finding.offsets.join(', ')),
        evidence: vscode.l10n.t('From {0} to {1}; the days are counted in {2}, so a reading near midnight moves to the next or previous day.', finding.firstDay, finding.lastDay, finding.zone),
        nextStep: vscode.l10n.t('Compare with the date the fallback time zone changed; the table of the blood-pressure panel shows each reading\'s own offset.'),
      };
  }
}
