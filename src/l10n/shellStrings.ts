// Every string the shell (tree, status bar, commands) shows, each through vscode.l10n.t.
import * as vscode from 'vscode';
import type { BaseUrlCheck } from '../domain/environments';
import type { DetailField } from '../domain/users/userTree';
import type { FailureKind, NextStep } from '../domain/errorNextStep';
import type { FailureCause } from '../domain/coverage/failureCause';
import type { Age } from '../domain/coverage/freshness';
import type { EnvironmentId } from '../services';

import { formatCount as count } from './numbers';

export function environmentLabel(id: EnvironmentId): string {
  switch (id) {
    case 'local':
      return vscode.l10n.t('Local sandbox (sample data)');
    case 'sandboxUs':
      return vscode.l10n.t('Sandbox US');
    case 'sandboxEu':
      return vscode.l10n.t('Sandbox EU');
    case 'productionUs':
      return vscode.l10n.t('Production US');
    case 'productionEu':
      return vscode.l10n.t('Production EU');
    case 'custom':
      return vscode.l10n.t('Custom');
  }
}

export const environmentPick = {
  placeholder: (): string => vscode.l10n.t('Select the environment to browse'),
  localDescription: (): string => vscode.l10n.t('Sample data served inside VS Code, no key needed'),
  current: (): string => vscode.l10n.t('current'),
  keySet: (): string => vscode.l10n.t('API key set'),
  keyMissing: (): string => vscode.l10n.t('No API key yet'),
  customNoUrl: (): string => vscode.l10n.t('Any base URL: you will be asked for it'),
  needsAttention: (): string => vscode.l10n.t('The base URL setting needs attention'),
  customUrlTitle: (): string => vscode.l10n.t('Custom environment: base URL'),
  customUrlPrompt: (): string => vscode.l10n.t('Base URL of the API, e.g. https://api.example.com. Saved in your user settings.'),
};

export function baseUrlProblem(problem: Exclude<BaseUrlCheck, { ok: true }>['problem']): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Enter a base URL.');
    case 'invalid':
      return vscode.l10n.t('This is not a valid URL.');
    case 'unsupportedScheme':
      return vscode.l10n.t('Use https:// (or http:// for this machine only).');
    case 'plainHttpToRemoteHost':
      return vscode.l10n.t('The API key is sent over plain http:// only to this machine (localhost, 127.0.0.1, ::1). Use https://.');
    case 'hasCredentials':
      return vscode.l10n.t('Remove the user name and password from the URL.');
    case 'hasQueryOrFragment':
      return vscode.l10n.t('Remove the query (?…) and the fragment (#…) from the URL.');
  }
}

export const statusBar = {
  name: (): string => vscode.l10n.t('Health Data Environment'),
  noKey: (environment: string): string => vscode.l10n.t('{0}: no API key', environment),
  tooltip: (environment: string): string => vscode.l10n.t('Health Data environment: {0}. Click to switch.', environment),
  tooltipWithUrl: (environment: string, url: string): string =>
    vscode.l10n.t('Health Data environment: {0} ({1}). Click to switch.', environment, url),
};

export const apiKeyPrompts = {
  title: (environment: string): string => vscode.l10n.t('Set API Key: {0}', environment),
  prompt: (baseUrl: string): string =>
    vscode.l10n.t('API key for {0}. It is checked with one request, then kept in VS Code’s secret storage (the OS keychain on desktop), never in settings.', baseUrl),
  placeholder: (): string => vscode.l10n.t('Paste the API key'),
  empty: (): string => vscode.l10n.t('The key cannot be empty.'),
  checking: (environment: string): string => vscode.l10n.t('Checking the API key with {0}…', environment),
  rejected: (environment: string): string =>
    vscode.l10n.t('The API rejected this key (401). Check that it is a key of {0} and try again. Nothing was saved.', environment),
  forbidden: (): string => vscode.l10n.t('The API accepted the key but refused to list users with it (403). Nothing was saved.'),
  checkFailed: (reason: string): string => vscode.l10n.t('The key could not be checked, so it was not saved: {0}', reason),
  cancelled: (): string => vscode.l10n.t('The key was not saved: the check was cancelled.'),
  saved: (environment: string, total: number): string =>
    vscode.l10n.t('API key saved for {0}. The team has {1} users.', environment, count(total)),
  couldNotCheck: (environment: string, baseUrl: string): string =>
    vscode.l10n.t('The API key for {0} could not be checked: {1} could not be reached.', environment, baseUrl),
  couldNotCheckDetail: (request: string, reason: string): string =>
    vscode.l10n.t(
      '{0} failed: {1}\n\nThe key is not known to be wrong. Save Anyway keeps it (a request refused later will say so); Retry checks it again. Otherwise nothing is saved.',
      request,
      reason,
    ),
  saveAnyway: (): string => vscode.l10n.t('Save Anyway'),
  retry: (): string => vscode.l10n.t('Retry'),
  savedUnchecked: (environment: string, baseUrl: string): string =>
    vscode.l10n.t('API key saved for {0} without a check: {1} could not be reached.', environment, baseUrl),
  clearConfirm: (environment: string): string => vscode.l10n.t('Remove the API key of {0} from this machine?', environment),
  clearAction: (): string => vscode.l10n.t('Remove'),
  cleared: (environment: string): string => vscode.l10n.t('The API key of {0} was removed.', environment),
  noneStored: (environment: string): string => vscode.l10n.t('No API key is stored for {0}.', environment),
  tryAgain: (): string => vscode.l10n.t('Try Again'),
  targetTitle: (): string => vscode.l10n.t('Set API Key: which environment is the key for?'),
  targetPlaceholder: (): string =>
    vscode.l10n.t('The local sandbox needs no key. Pick the environment of your key; Health Data switches there once the key is accepted.'),
};

export const tree = {
  connectedSources: (): string => vscode.l10n.t('Connected sources'),
  noConnectedSources: (): string => vscode.l10n.t('No connected sources'),
  details: (): string => vscode.l10n.t('Details'),
  /** The quiet mark of a value the service did not send (absent or null); its tooltip says `notSent`. */
  missing: (): string => '—',
  notSent: (): string => vscode.l10n.t('not sent'),
  fieldNotSent: (field: string): string => vscode.l10n.t('{0}: not sent', field),
  fromSource: (value: string, sourceSlug: string): string => vscode.l10n.t('{0} (from {1})', value, sourceSlug),
  sourceCount: (sources: number): string => (sources === 1 ? vscode.l10n.t('1 source') : vscode.l10n.t('{0} sources', count(sources))),
  /** `since` undefined: the service did not send when the source was connected. */
  sourceDescription: (slug: string, since: string | undefined): string =>
    vscode.l10n.t('{0} · connected {1}', slug, since ?? '—'),
  /** The source's tooltip: what was sent, and which values were not. */
  sourceTooltip: (name: string, slug: string, since: string | undefined, nameSent: boolean): string =>
    [
      vscode.l10n.t('{0} ({1})', name, slug),
      since === undefined ? vscode.l10n.t('connected: not sent') : vscode.l10n.t('connected {0}', since),
      ...(nameSent ? [] : [vscode.l10n.t('name: not sent')]),
    ].join('\n'),
  createdOn: (when: string | undefined): string => (when === undefined ? vscode.l10n.t('Created: not sent') : vscode.l10n.t('Created {0}', when)),
  resolved: (): string => vscode.l10n.t('resolved'),
  loadMore: (loaded: number, total: number): string => vscode.l10n.t('Load more ({0} of {1})', count(loaded), count(total)),
  usersRange: (first: number, last: number): string => vscode.l10n.t('Users {0}–{1}', count(first), count(last)),
  usersRangeAccessible: (first: number, last: number): string => vscode.l10n.t('Users {0} to {1}', count(first), count(last)),
  loadingMore: (): string => vscode.l10n.t('Loading more…'),
  noUsers: (): string => vscode.l10n.t('This team has no users yet.'),
  noMatches: (prefix: string): string => vscode.l10n.t('No user’s client_user_id or user_id starts with "{0}".', prefix),
  tooManyMatches: (shown: number): string => vscode.l10n.t('Showing the first {0} matches: type a longer prefix.', count(shown)),
  searchStopped: (scanned: number, total: number): string =>
    vscode.l10n.t('The search stopped after {0} of {1} users; matches so far are shown.', count(scanned), count(total)),
  detailsIncomplete: (): string => vscode.l10n.t('Ingestion bounds could not be loaded'),
  descriptionUsers: (environment: string, total: number): string => vscode.l10n.t('{0} · {1} users', environment, count(total)),
  descriptionSampleData: (): string => vscode.l10n.t('Sample data'),
  sampleDataMessage: (): string => vscode.l10n.t('Sample data from the built-in local sandbox.'),
  switchEnvironmentBanner: (): string => vscode.l10n.t('Switch environment to browse your team…'),
  switchEnvironmentTooltip: (): string =>
    vscode.l10n.t('The users shown are sample data. Pick Sandbox US/EU, Production US/EU or a custom URL, then set its API key.'),
  failureWithCause: (title: string, cause: string): string => vscode.l10n.t('{0}: {1}', title, cause),
  retry: (): string => vscode.l10n.t('Retry'),
  filterFreshness: (message: string, age: string): string => vscode.l10n.t('{0} · {1} (Refresh to download again)', message, age),
  filterMessage: (prefix: string, matches: number, scanned: number): string =>
    vscode.l10n.t('Filter: client_user_id or user_id starts with "{0}" · {1} matches in {2} users', prefix, count(matches), count(scanned)),
  filterSearching: (prefix: string, scanned: number, total: number): string =>
    vscode.l10n.t('Filter "{0}": searched {1} of {2} users…', prefix, count(scanned), count(total)),
  jsonUserTitle: (clientUserId: string): string => vscode.l10n.t('user {0}', clientUserId),
};

export const progressTitles = {
  loadingUsers: (): string => vscode.l10n.t('Loading users…'),
  loadingMoreUsers: (): string => vscode.l10n.t('Loading more users…'),
  searchingUsers: (prefix: string): string => vscode.l10n.t('Searching users starting with "{0}"…', prefix),
  searchedSoFar: (scanned: number, total: number): string => vscode.l10n.t('{0} of {1} users', count(scanned), count(total)),
  loadingDetails: (): string => vscode.l10n.t('Loading user details…'),
  resolvingUser: (clientUserId: string): string => vscode.l10n.t('Resolving {0}…', clientUserId),
  startingSandbox: (): string => vscode.l10n.t('Starting the local sandbox…'),
};

export function detailLabel(field: DetailField): string {
  // Wire field names, shown as the API spells them so they can be searched for in the docs.
  return field;
}

export function failureTitle(kind: FailureKind, status: number | undefined, environment: string): string {
  switch (kind) {
    case 'missingApiKey':
      return vscode.l10n.t('No API key for {0}', environment);
    case 'unauthorized':
      return vscode.l10n.t('The API rejected the key (401)');
    case 'forbidden':
      return vscode.l10n.t('The key is not allowed to do this (403)');
    case 'baseUrlSetting':
      return vscode.l10n.t('The base URL setting of {0} cannot be used', environment);
    case 'network':
      return vscode.l10n.t('Could not reach the API of {0}', environment);
    case 'timeout':
      return vscode.l10n.t('The API did not answer in time');
    case 'rate_limited':
      return vscode.l10n.t('Too many requests (429)');
    case 'server':
      return vscode.l10n.t('The API failed ({0})', status ?? '5xx');
    case 'cancelled':
      return vscode.l10n.t('Loading was cancelled');
    case 'not_found':
      return vscode.l10n.t('Not found (404)');
    case 'invalid_request':
      return vscode.l10n.t('The API refused the request ({0})', status ?? '4xx');
    case 'invalid_response':
      return vscode.l10n.t('Unexpected response from the API');
    case 'unexpected':
      return vscode.l10n.t('Something went wrong');
  }
}

/** "connection refused": the cause of a network failure, after its title in a tree row. */
export function failureCauseLabel(cause: FailureCause): string {
  switch (cause.kind) {
    case 'connectionRefused':
      return vscode.l10n.t('connection refused');
    case 'hostNotFound':
      return vscode.l10n.t('host not found');
    case 'connectionReset':
      return vscode.l10n.t('connection reset');
    case 'hostUnreachable':
      return vscode.l10n.t('host unreachable');
    case 'connectTimeout':
      return vscode.l10n.t('connection timed out');
    case 'code':
      return cause.code;
  }
}

export function ageLabel(age: Age): string {
  switch (age.unit) {
    case 'justNow':
      return vscode.l10n.t('users as of just now');
    case 'minutes':
      return age.count === 1 ? vscode.l10n.t('users as of 1 minute ago') : vscode.l10n.t('users as of {0} minutes ago', age.count);
    case 'hours':
      return age.count === 1 ? vscode.l10n.t('users as of 1 hour ago') : vscode.l10n.t('users as of {0} hours ago', age.count);
  }
}

export function nextStepLabel(step: NextStep): string {
  switch (step) {
    case 'setApiKey':
      return vscode.l10n.t('Set API key…');
    case 'checkBaseUrl':
      return vscode.l10n.t('Check the base URL setting');
    case 'retryLater':
      return vscode.l10n.t('Retry in a moment');
    case 'retry':
      return vscode.l10n.t('Retry');
    case 'showLog':
      return vscode.l10n.t('Show the request log');
  }
}

export const commandMessages = {
  filterTitle: (): string => vscode.l10n.t('Filter Users'),
  filterPrompt: (): string => vscode.l10n.t('Show users whose client_user_id or user_id starts with…'),
  filterPlaceholder: (): string => vscode.l10n.t('e.g. patient-00 or 3f2a'),
  resolveTitle: (): string => vscode.l10n.t('Resolve User by client_user_id'),
  resolvePrompt: (): string => vscode.l10n.t('The client_user_id your team gave the user'),
  resolveEmpty: (): string => vscode.l10n.t('Enter a client_user_id.'),
  resolveNotFound: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('No user with client_user_id "{0}" in {1}.', clientUserId, environment),
  copied: (what: string): string => vscode.l10n.t('Copied {0}', what),
  curlCopied: (): string => vscode.l10n.t('cURL command copied. It reads the key from $SERVICE_API_KEY; the key itself is not in it.'),
  noLastResponse: (): string => vscode.l10n.t('No API response has been received yet.'),
  clearFilter: (): string => vscode.l10n.t('Clear filter'),
  searchAgain: (): string => vscode.l10n.t('Search again'),
};

/** Names of the commands that act on a user, for their user pickers' titles. */
export const userCommandNames = {
  copyUserId: (): string => vscode.l10n.t('Copy user_id'),
  copyClientUserId: (): string => vscode.l10n.t('Copy client_user_id'),
  openUserAsJson: (): string => vscode.l10n.t('Open as JSON'),
  copyUserAsCurl: (): string => vscode.l10n.t('Copy as cURL'),
};

/** Shown by a JSON document whose content is no longer held (e.g. after a window reload). */
export function jsonDocumentGone(): string {
  return `${JSON.stringify(vscode.l10n.t('This document is no longer available. Open it again from the Health Data view.'))}\n`;
}

/** The hover of "spec 2.3" in a request document. */
export function specLinkTooltip(section: string): string {
  return vscode.l10n.t('Open the spec at section {0}', section);
}
