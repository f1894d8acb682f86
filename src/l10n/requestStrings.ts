// Every string of the Requests view, its commands and documents, through vscode.l10n.t.
import * as vscode from 'vscode';
import type { RequestOrigin } from '../domain/requests/requestOrigin';
import type { RequestWords } from '../domain/requests/requestPresentation';
import { deviationWords } from './deviationStrings';

export function requestWords(): RequestWords {
  return {
    pages: (count) => (count === 1 ? vscode.l10n.t('1 page') : vscode.l10n.t('{0} pages', count)),
    attempts: (count) => vscode.l10n.t('{0} attempts', count),
    attempt: (outcome, ms) => vscode.l10n.t('{0} after {1} ms', outcome, ms),
    waited: (ms) => vscode.l10n.t('waited {0} ms before retrying', ms),
    environment: vscode.l10n.t('Environment'),
    baseUrl: vscode.l10n.t('Base URL'),
    sentAt: vscode.l10n.t('Sent'),
    requestId: vscode.l10n.t('Request id'),
    noResponse: (failure) => vscode.l10n.t('No response: {0}', failure),
    bodyNotKept: vscode.l10n.t('(Body not kept: the oldest bodies are dropped past 50 MB or 500 requests, and bodies are not kept across a window reload.)'),
    emptyBody: vscode.l10n.t('(Empty body)'),
    forAgent: (tool) => vscode.l10n.t('for agent ({0})', tool),
    sentTime: (epochMs) =>
      new Date(epochMs).toLocaleTimeString(vscode.env.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }),
    lens: deviationWords(),
    origin: originName,
    madeBy: vscode.l10n.t('Made by'),
    runLabel: (origin, requests) =>
      origin === 'diagnosis'
        ? requests === 1
          ? vscode.l10n.t('Diagnosis: 1 request')
          : vscode.l10n.t('Diagnosis: {0} requests', requests)
        : requests === 1
          ? vscode.l10n.t('Coverage scan: 1 request')
          : vscode.l10n.t('Coverage scan: {0} requests', requests),
    failed: (count) => vscode.l10n.t('{0} failed', count),
    cancelled: (count) => vscode.l10n.t('{0} cancelled', count),
    loadSummary: (pages, duration) => (pages === 1 ? vscode.l10n.t('1 page in {0}', duration) : vscode.l10n.t('{0} pages in {1}', pages, duration)),
    loadCancelled: (pages) => (pages === 1 ? vscode.l10n.t('Cancelled after 1 page') : vscode.l10n.t('Cancelled after {0} pages', pages)),
  };
}

/** What made a request, as a row, its tooltip and the filter picker name it. */
export function originName(origin: RequestOrigin): string {
  switch (origin) {
    case 'panel':
      return vscode.l10n.t('panel');
    case 'lookup':
      return vscode.l10n.t('look-up');
    case 'keyCheck':
      return vscode.l10n.t('key check');
    case 'compare':
      return vscode.l10n.t('Compare Environments');
    case 'scan':
      return vscode.l10n.t('coverage scan');
    case 'diagnosis':
      return vscode.l10n.t('diagnosis');
    case 'agentTool':
      return vscode.l10n.t('agent tool');
    case 'notebook':
      return vscode.l10n.t('notebook');
    case 'replay':
      return vscode.l10n.t('replay');
    case 'tree':
      return vscode.l10n.t('Users view');
  }
}

export const requestStrings = {
  noMatch: (): string => vscode.l10n.t('No request matches the filter.'),
  clearFilter: (): string => vscode.l10n.t('Clear Filter'),
  filterDescription: (filter: { errorsOnly?: boolean; deviationsOnly?: boolean; origin?: RequestOrigin }, environment: string | undefined): string =>
    [
      filter.errorsOnly ? vscode.l10n.t('errors only') : undefined,
      filter.deviationsOnly ? vscode.l10n.t('deviations only') : undefined,
      environment,
      filter.origin ? vscode.l10n.t('from {0}', originName(filter.origin)) : undefined,
    ]
      .filter((part) => part !== undefined)
      .join(' · '),
  bodyDropped: (): string => vscode.l10n.t('body not kept'),
  pageLabel: (page: number): string => vscode.l10n.t('Page {0}', page),
  pickRequest: (): string => vscode.l10n.t('Select a request'),
  pickOther: (first: string): string => vscode.l10n.t('Compare {0} with…', first),
  noOtherRequest: (): string => vscode.l10n.t('There is no other request with a kept response to compare with. Replay one first.'),
  noOtherLoad: (): string => vscode.l10n.t('There is no other load of the same kind of requests to compare with. Replay this one first.'),
  noRequests: (): string => vscode.l10n.t('No requests yet in this window.'),
  bodyGoneForCurl: (): string => vscode.l10n.t('The body of this POST request was not kept, so it cannot be copied as cURL.'),
  noOperation: (): string =>
    vscode.l10n.t(
      'This request was recorded by an earlier version of Health Data, which did not keep the call it made, so it cannot be sent again exactly. Open it to read what was sent, or copy it as cURL.',
    ),
  environmentGone: (label: string): string =>
    vscode.l10n.t('The environment "{0}" this request was sent in no longer exists, so it was not sent again. Copy it as cURL to send it yourself.', label),
  environmentMisconfigured: (environment: string): string =>
    vscode.l10n.t('The base URL setting of {0} is not usable now, so the request was not sent again. Fix the setting, then replay it.', environment),
  baseUrlChanged: (environment: string, sentTo: string, now: string): string =>
    vscode.l10n.t(
      '{0} now points at {2}, but this request was sent to {1}. It was not sent again, so it cannot reach another host: put the base URL back to replay it, or run it from its view to use the new one.',
      environment,
      sentTo,
      now,
    ),
  noKeyForReplay: (environment: string): string =>
    vscode.l10n.t('{0} has no API key now, so the request was not sent again. Set its key, then replay it.', environment),
  copyAsCurl: (): string => vscode.l10n.t('Copy as cURL'),
  replaying: (label: string, environment: string): string => vscode.l10n.t('Sending {0} again in {1}…', label, environment),
  replayed: (outcome: string, environment: string): string => vscode.l10n.t('Replayed in {0}: {1}', environment, outcome),
  replayFailed: (message: string): string => vscode.l10n.t('Replay failed: {0}', message),
  openReplay: (): string => vscode.l10n.t('Open'),
  compareTitle: (first: string, second: string): string => vscode.l10n.t('{0} ↔ {1}', first, second),
  curlCopied: (): string => vscode.l10n.t('Copied as cURL; the key is read from $SERVICE_API_KEY.'),
  requestIdCopied: (id: string): string => vscode.l10n.t('Copied request id {0}', id),
  noRequestId: (): string => vscode.l10n.t('The server sent no request id for this request.'),
  pickEnvironmentFilter: (): string => vscode.l10n.t('Show the requests of one environment or of one origin'),
  allEnvironments: (): string => vscode.l10n.t('All environments'),
  allOrigins: (): string => vscode.l10n.t('Every origin'),
  environmentsSeparator: (): string => vscode.l10n.t('Environment'),
  originsSeparator: (): string => vscode.l10n.t('Made by'),
  currentFilter: (): string => vscode.l10n.t('current'),
  replayingLoad: (label: string, requests: number, environment: string): string =>
    vscode.l10n.t('Sending the {1} requests of {0} again in {2}…', label, requests, environment),
  replayedLoad: (requests: number, failed: number, environment: string): string =>
    vscode.l10n.t('Replayed {0} requests in {2}: {1} failed', requests, failed, environment),
  cleared: (): string => vscode.l10n.t('Requests cleared.'),
};
