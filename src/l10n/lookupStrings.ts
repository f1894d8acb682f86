// Every string of Look up in Health Data, the links, the hover and the recents, through vscode.l10n.t.
import * as vscode from 'vscode';
import type { LinkKind } from '../domain/users/linkKinds';
import type { LinkProblem } from '../domain/users/healthDataLinks';
import type { LookupTarget } from '../domain/users/lookupClassifier';
import { formatCount } from './numbers';

export const lookupStrings = {
  inputTitle: (): string => vscode.l10n.t('Look up in Health Data'),
  inputPrompt: (): string => vscode.l10n.t('A user_id, a client_user_id or a lab test id'),
  inputEmpty: (): string => vscode.l10n.t('Enter an id.'),
  looking: (id: string): string => vscode.l10n.t('Looking up "{0}"…', id),
  searchingUsers: (id: string): string => vscode.l10n.t('Searching users for user_id {0}…', id),
  searchedSoFar: (scanned: number, total: number): string =>
    vscode.l10n.t('{0} of {1} users searched', formatCount(scanned), formatCount(total)),
  notAnIdSelected: (text: string): string =>
    vscode.l10n.t('"{0}" does not look like a user_id, client_user_id or lab test id. Select just the id and try again.', text),
  notAnIdTyped: (text: string): string => vscode.l10n.t('"{0}" does not look like a user_id, client_user_id or lab test id.', text),
  notAnIdVariable: (text: string): string =>
    vscode.l10n.t(
      'The value of this variable, "{0}", does not look like a user_id, client_user_id or lab test id. Look up a variable that holds just the id (a string), or expand an object and look up its id field.',
      text,
    ),
  fromTerminal: (): string => vscode.l10n.t('selected in the terminal'),
  fromEditorSelection: (): string => vscode.l10n.t('selected in the editor'),
  fromEditorCursor: (): string => vscode.l10n.t('under the cursor in the editor'),
  pickSourceTitle: (): string => vscode.l10n.t('Look up in Health Data: which one?'),
  pickSourcePlaceholder: (): string => vscode.l10n.t('Both the terminal and the editor hold text: pick the one to look up'),
  revealInUsers: (): string => vscode.l10n.t('Reveal in Users'),
  foundUserQuietly: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('Found user {0} in {1}; it is selected in the Users view (the side bar stays where it is).', clientUserId, environment),
  nothingSelected: (): string => vscode.l10n.t('Select an id (or put the cursor on one) and run Look up in Health Data again.'),
  nothingSelectedInTerminal: (): string => vscode.l10n.t('Select an id in the terminal first, then choose Look up in Health Data.'),
  clipboardUnreadable: (): string =>
    vscode.l10n.t(
      "This browser does not let VS Code read the clipboard, so the terminal's selection cannot be read directly. It has been copied: paste it here (Ctrl+V or Cmd+V). To skip this step, allow clipboard access for this site in the browser's site settings.",
    ),
  notFound: (id: string, environment: string, tried: string): string =>
    vscode.l10n.t('"{0}" was not found in {1}. Tried: {2}.', id, environment, tried),
  tried: (target: LookupTarget, scanned?: number): string => {
    switch (target) {
      case 'userId':
        return scanned === undefined ? vscode.l10n.t('user_id') : vscode.l10n.t('user_id among {0} users', formatCount(scanned));
      case 'labTestId':
        return vscode.l10n.t('lab test id');
      case 'clientUserId':
        return vscode.l10n.t('client_user_id');
    }
  },
  stopped: (id: string): string => vscode.l10n.t('Look-up of "{0}" stopped.', id),
  foundUser: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('Found user {0} in {1}; it is selected in the Users view.', clientUserId, environment),
  showBloodPressure: (): string => vscode.l10n.t('Show Blood Pressure'),
  openAsJson: (): string => vscode.l10n.t('Open as JSON'),
  switchEnvironment: (): string => vscode.l10n.t('Switch Environment…'),
  hoverTitle: (environment: string): string => vscode.l10n.t('Health Data · {0}', environment),
  hoverReveal: (): string => vscode.l10n.t('Reveal in Users'),
  recentUsers: (): string => vscode.l10n.t('recent'),
  sampleLabTests: (): string => vscode.l10n.t('Sample lab tests'),
};

export const linkStrings = {
  openTitle: (): string => vscode.l10n.t('Open Health Data Link'),
  openPrompt: (): string => vscode.l10n.t('Paste a link copied with Copy Link'),
  openInvalid: (): string => vscode.l10n.t('This is not a Health Data link: it should start with vscode://health-data-tools.health-data-explorer/.'),
  copied: (): string => vscode.l10n.t('Link copied. It opens the same view for a teammate and never carries a key.'),
  copiedInBrowser: (): string =>
    vscode.l10n.t(
      'Link copied. A teammate in desktop VS Code opens it with a click; in a browser workspace (code-server, Codespaces), with Health Data: Open Link…. It never carries a key.',
    ),
  pickKindTitle: (): string => vscode.l10n.t('Copy a link that opens in…'),
  kindLabel: (kind: LinkKind, appName: string): string => {
    switch (kind) {
      case 'vscode':
        return vscode.l10n.t('VS Code (desktop)');
      case 'vscodeInsiders':
        return vscode.l10n.t('VS Code Insiders (desktop)');
      case 'thisEditor':
        return vscode.l10n.t('{0} (this editor)', appName);
    }
  },
  kindDetail: (kind: LinkKind): string => {
    switch (kind) {
      case 'vscode':
        return vscode.l10n.t('Opens with a click in desktop VS Code; in a browser workspace, paste it into Health Data: Open Link….');
      case 'vscodeInsiders':
        return vscode.l10n.t('Opens with a click in VS Code Insiders; any editor with Health Data opens it with Open Link….');
      case 'thisEditor':
        return vscode.l10n.t('Opens with a click in an editor like this one.');
    }
  },
  nothingToLink: (): string => vscode.l10n.t('Select a user in the Health Data view or open a Blood Pressure or Lab Test panel, then copy its link.'),
  orderSetHasNoLink: (): string => vscode.l10n.t('Links open lab tests, not order sets. Open a single lab test to copy its link.'),
  refused: (reason: string): string => vscode.l10n.t('This Health Data link cannot be opened: {0}', reason),
  switched: (environment: string): string => vscode.l10n.t('Switched to {0} to open the link.', environment),
  problem: (problem: LinkProblem): string => {
    switch (problem.kind) {
      case 'unknownView':
        return vscode.l10n.t('it does not name a view this extension knows ("{0}").', problem.view);
      case 'missingParameter':
        return vscode.l10n.t('the parameter {0} is missing.', problem.name);
      case 'unexpectedParameter':
        return vscode.l10n.t('the parameter "{0}" is not part of a Health Data link.', problem.name);
      case 'repeatedParameter':
        return vscode.l10n.t('the parameter {0} appears more than once.', problem.name);
      case 'invalidParameter':
        return vscode.l10n.t('the value of {0} is not valid.', problem.name);
      case 'carriesKey':
        return vscode.l10n.t('it seems to carry a key. Keys are never part of links; set yours with Health Data: Set API Key….');
      case 'unknownEnvironment':
        return vscode.l10n.t('its environment is not one of local, sandboxUs, sandboxEu, productionUs, productionEu or custom.');
    }
  },
};
