// Each finding of the diagnosis in a sentence for a model, with the next step. The panel words the
// same findings for people through vscode.l10n (src/l10n/diagnosisStrings.ts); this wording is
// English, shorter, and names the tool call that shows the evidence. The findings themselves come
// from the product's diagnosis (src/domain/coverage/dataDiagnosis.ts); a new kind fails to compile here.
import type { Finding, FindingKind } from '../domain/coverage/dataDiagnosis';
import { assertNever } from '../shared/assertNever';
import { quoted } from './dataText';

/**
 * The short name of each finding, as the Scan Data Coverage panel's Findings column words it
 * (src/l10n/findingWords.ts, in English): a model reads and repeats these, not the internal codes.
 */
export const FINDING_WORDS: Record<FindingKind, string> = {
  sourceDelivering: 'delivering',
  sourceStopped: 'stopped syncing',
  sourceNeverDelivered: 'never delivered',
  sourceCannotMeasure: 'cannot measure blood pressure',
  sourceCapabilityUnknown: 'unknown provider',
  deliveredWithoutConnection: 'delivered, not connected',
  lastReading: 'last reading',
  gap: 'gap',
  windowStartsBeforeIngestion: 'ingestion starts in the window',
  windowEndsAfterIngestion: 'ingestion ended',
  noFallbackTimeZone: 'no time zone',
  fallbackTimeZone: 'time zone',
  offsetsDiffer: 'other offsets',
};

export interface FindingText {
  text: string;
  nextStep: string;
}

export function findingText(finding: Finding, timeZone: string): FindingText {
  const provider = 'provider' in finding ? quoted(finding.provider) : '';
  switch (finding.kind) {
    case 'sourceDelivering':
      return {
        text: `${provider} (connected ${finding.connectedOn}) is delivering: last reading ${finding.lastDay}, readings on ${finding.daysWithReadingsInWindow} days of the window.`,
        nextStep: 'Nothing to do for this source.',
      };
    case 'sourceStopped':
      return finding.atIngestionEnd
        ? {
            text: `${provider} (connected ${finding.connectedOn}) stopped on ${finding.lastDay}, ${finding.daysSince} days ago, at the user's ingestion_end.`,
            nextStep: 'Ingestion ended for this user: extend ingestion_end if data should still arrive.',
          }
        : {
            text: `${provider} (connected ${finding.connectedOn}) stopped syncing: last reading ${finding.lastDay}, nothing for ${finding.daysSince} days.`,
            nextStep: `Ask the user to open the ${provider} app and sync; reconnect the source if nothing arrives.`,
          };
    case 'sourceNeverDelivered':
      return {
        text: `${provider} (connected ${finding.connectedOn}) never delivered blood pressure, in the window or the year before, although it can (${finding.capability}).`,
        nextStep: `Check that the user owns a ${provider} blood-pressure device and synced it; reconnect if nothing arrives.`,
      };
    case 'sourceCannotMeasure':
      return {
        text: `${provider} (connected ${finding.connectedOn}) cannot measure blood pressure (${finding.capability}): a fact, not a fault. Basis: ${finding.basis}.`,
        nextStep: 'For blood pressure the user needs a source that measures it, such as a cuff.',
      };
    case 'sourceCapabilityUnknown':
      return {
        text: `${provider} (connected ${finding.connectedOn}) delivered no blood pressure; whether it can is not known.`,
        nextStep: "Check the provider's documentation before treating it as broken.",
      };
    case 'deliveredWithoutConnection':
      return {
        text: `${provider} delivered readings (last ${finding.lastDay}) but is not connected now.`,
        nextStep: 'The source was probably disconnected: ask the user to connect it again.',
      };
    case 'lastReading':
      return {
        text: `Last reading from ${provider} (${quoted(finding.sourceType)}): ${finding.lastDay}, timestamp ${quoted(finding.timestamp)}.`,
        nextStep: 'blood_pressure_summary up to that day shows how the data ended.',
      };
    case 'gap':
      return {
        text: `No reading from any source for ${finding.days} days, ${finding.firstDay} to ${finding.lastDay} (days in ${quoted(timeZone)}).`,
        nextStep: 'Ask whether the user measured then; readings synced later fill the gap.',
      };
    case 'windowStartsBeforeIngestion':
      return {
        text: `The window starts on ${finding.windowFirstDay}, before ingestion_start ${quoted(finding.ingestionStart)}: earlier days are not ingested, not missing.`,
        nextStep: 'Move ingestion_start earlier if older data is expected.',
      };
    case 'windowEndsAfterIngestion':
      return {
        text: `Ingestion ended on ${quoted(finding.ingestionEnd)}: nothing after it arrives (the window ends ${finding.windowLastDay}).`,
        nextStep: 'Extend ingestion_end for this user if data should still arrive.',
      };
    case 'noFallbackTimeZone':
      return { text: 'No fallback time zone: days are counted in UTC.', nextStep: "Set the user's fallback time zone so days match the user's own." };
    case 'fallbackTimeZone':
      return finding.changedInWindow
        ? {
            text: `The fallback time zone changed inside the window: ${quoted(finding.zone)} since ${finding.updatedOn} (from ${quoted(finding.sourceSlug)}).`,
            nextStep: `Days before ${finding.updatedOn} are counted in the new zone: readings near midnight may move to another day.`,
          }
        : {
            text: `Fallback time zone ${quoted(finding.zone)}, set ${finding.updatedOn} (${finding.ageDays} days ago, from ${quoted(finding.sourceSlug)}).`,
            nextStep: 'Nothing to do.',
          };
    case 'offsetsDiffer':
      return {
        text: `${finding.readings} readings from ${finding.firstDay} to ${finding.lastDay} carry another UTC offset (${finding.offsets.map((offset) => quoted(offset)).join(', ')}) than ${quoted(finding.zone)}.`,
        nextStep: 'Compare with when the fallback time zone changed; a reading near midnight moves to the next or previous day.',
      };
    default:
      return assertNever(finding, 'finding');
  }
}
