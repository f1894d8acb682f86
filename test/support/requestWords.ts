// Plain English stand-ins for the Requests view's localised words (src/l10n/requestStrings.ts), so
// the unit tests of its texts read like what a person sees.
import type { DeviationWords } from '../../src/domain/requests/deviationPresentation';
import type { RequestWords } from '../../src/domain/requests/requestPresentation';

export const testDeviationWords: DeviationWords = {
  deviations: (count, places) => (count === 1 && places === 1 ? '1 deviation' : `${count} deviation${count === 1 ? '' : 's'} in ${places} places`),
  heading: (deviations, places) => `Differs from the spec: ${deviations} deviations in ${places} places`,
  kind: (kind) => `<${kind}>`,
  occurrences: (count, of) => `in ${count} of ${of}`,
  sent: (value) => `sent: ${value}`,
  spec: (section, says) => `spec ${section}: ${says}`,
  request: 'the request itself',
};

/** Without `lens` (as a caller built before the contract lens): rows and documents leave deviations out. */
export const testRequestWordsWithoutLens: RequestWords = {
  pages: (count) => `${count} pages`,
  attempts: (count) => `${count} attempts`,
  attempt: (outcome, ms) => `${outcome} after ${ms} ms`,
  waited: (ms) => `waited ${ms} ms`,
  environment: 'Environment',
  baseUrl: 'Base URL',
  sentAt: 'Sent',
  requestId: 'Request id',
  noResponse: (failure) => `No response: ${failure}`,
  bodyNotKept: '(Body not kept)',
  emptyBody: '(Empty body)',
  sentTime: (ms) => new Date(ms).toISOString().slice(11, 19),
  cancelled: (count) => `${count} cancelled`,
  loadSummary: (pages, duration) => `${pages} pages in ${duration}`,
  loadCancelled: (pages) => `Cancelled after ${pages} pages`,
};

export const testRequestWords: RequestWords = { ...testRequestWordsWithoutLens, lens: testDeviationWords };
