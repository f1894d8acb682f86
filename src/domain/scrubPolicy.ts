// When data leaving VS Code is scrubbed, and how several scrubs of one export add up. Pure.
import type { ScrubPolicy, ScrubReport } from '../scrub/scrubTypes';

/** `always` scrubs everywhere, `never` nowhere, `productionOnly` (the default) only what came from production. */
export function scrubApplies(policy: ScrubPolicy, production: boolean): boolean {
  switch (policy) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'productionOnly':
      return production;
  }
}

export const EMPTY_SCRUB_REPORT: Readonly<ScrubReport> = Object.freeze({ pseudonymised: 0, datesShifted: 0, textRemoved: 0 });

export function addScrubReports(a: ScrubReport, b: ScrubReport): ScrubReport {
  return { pseudonymised: a.pseudonymised + b.pseudonymised, datesShifted: a.datesShifted + b.datesShifted, textRemoved: a.textRemoved + b.textRemoved };
}

/** The one line said where a scrub happens, in plain English (the command line's and the agent tools' words). */
export function scrubNoteText(report: ScrubReport): string {
  const parts = [
    report.pseudonymised > 0 ? `${report.pseudonymised} identifier${report.pseudonymised === 1 ? '' : 's'} pseudonymised` : undefined,
    report.datesShifted > 0 ? 'dates shifted' : undefined,
    report.textRemoved > 0 ? `${report.textRemoved} free-text value${report.textRemoved === 1 ? '' : 's'} removed` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? `Scrubbed: ${parts.join(', ')}.` : 'Scrubbed: nothing identifying was found.';
}
