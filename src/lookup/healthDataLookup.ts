import * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import { isHealthApiError } from '../api/errors';
import type { User } from '../api/schemas';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { PANEL_COMMANDS, SHELL_COMMANDS, USERS_VIEW_ID } from '../constants';
import type { KnownUsers } from '../domain/users/knownUsers';
import { classifyLookupText, unwrapIdText, type LookupTarget } from '../domain/users/lookupClassifier';
import type { LookupSource } from '../domain/users/lookupSourceChoice';
import { lookupStrings } from '../l10n/lookupStrings';
import type { RecentItems } from '../services';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import type { UsersView } from '../views/users/usersView';
import { findUserById } from './findUserById';
import { userFoundActions } from './userFoundActions';
import { inRequestOrigin } from '../connection/requestOrigins';

/** What a look-up ended with; returned by the command so tests (and callers) can tell. */
export type LookupOutcome =
  | { kind: 'user'; userId: string; clientUserId: string }
  | { kind: 'labTest'; labTestId: string }
  | { kind: 'notFound'; value: string; tried: string[] }
  | { kind: 'notAnId' }
  | { kind: 'cancelled' }
  | { kind: 'failed' };

type Attempt = { found: true; outcome: LookupOutcome } | { found: false; tried: string };

interface RevealOptions {
  /** Whether a found user may open the Users view (and so take the side bar). */
  takeSideBar: boolean;
}

/** What to say of text that is no id: the value once (unquoted), and what to do where it came from. */
function notAnIdMessage(text: string, source: LookupSource): string {
  const value = unwrapIdText(text);
  const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  switch (source) {
    case 'debugVariable':
      return lookupStrings.notAnIdVariable(shown);
    case 'editor':
    case 'terminal':
      return lookupStrings.notAnIdSelected(shown);
    case 'input':
    case 'argument':
      return lookupStrings.notAnIdTyped(shown);
  }
}

export interface HealthDataLookupDeps {
  connection: ShellApiConnection;
  usersView: UsersView;
  knownUsers: KnownUsers;
  recents: RecentItems;
}

/**
 * Look up in Health Data: from a piece of text to the view that shows it. Tries what the text may
 * be, cheapest first, and stops at the first hit: a user revealed in the tree, a lab test's
 * markers panel. Everything else ends in one message saying what was tried.
 */
export class HealthDataLookup {
  constructor(private readonly deps: HealthDataLookupDeps) {}

  /**
   * `source`: where the text came from, which decides what a refusal tells the person to do, and
   * whether a found user may take the side bar (not from the debugger: see revealUser).
   */
  async lookUp(text: string, source: LookupSource = 'argument'): Promise<LookupOutcome> {
    const { knownUsers } = this.deps;
    const plan = classifyLookupText(text, {
      labTestIds: await this.knownLabTestIds(),
      isKnownUserId: (id) => knownUsers.find(id)?.user_id.toLowerCase() === id,
    });
    if (plan.kind === 'junk') {
      void vscode.window.showWarningMessage(plan.reason === 'empty' ? lookupStrings.nothingSelected() : notAnIdMessage(text, source));
      return { kind: 'notAnId' };
    }
    return this.run(plan.value, plan.tries, { takeSideBar: source !== 'debugVariable' });
  }

  /** A link names its client_user_id as such: it is only resolved, never tried as anything else. */
  lookUpClientUserId(clientUserId: string): Promise<LookupOutcome> {
    return this.run(clientUserId, ['clientUserId'], { takeSideBar: true });
  }

  private async run(value: string, tries: readonly LookupTarget[], reveal: RevealOptions): Promise<LookupOutcome> {
    const { connection } = this.deps;
    const environment = connection.environment();
    const tried: string[] = [];
    try {
      const outcome = await withCancellableProgress({ title: lookupStrings.looking(value), viewId: USERS_VIEW_ID }, (signal, report) =>
        inRequestOrigin('lookup', async () => {
          const client = await connection.client();
          for (const target of tries) {
            const attempt = await this.attempt(client, target, value, signal, report, reveal);
            if (attempt.found) return attempt.outcome;
            tried.push(attempt.tried);
          }
          return undefined;
        }),
      );
      if (outcome) return outcome;
      void vscode.window
        .showWarningMessage(lookupStrings.notFound(value, environment.label, tried.join(', ')), lookupStrings.switchEnvironment())
        .then((choice) => {
          if (choice) void vscode.commands.executeCommand(SHELL_COMMANDS.selectEnvironment);
        });
      return { kind: 'notFound', value, tried };
    } catch (error) {
      if (isHealthApiError(error) && error.kind === 'cancelled') {
        void vscode.window.showInformationMessage(lookupStrings.stopped(value));
        return { kind: 'cancelled' };
      }
      showFailure(error, connection);
      return { kind: 'failed' };
    }
  }

  /**
   * Selects `user` in the Users view, remembers it, and offers what to do next. From the debugger
   * the side bar is the debugger's: the user is selected in the Users view without opening it (it
   * shows selected when the view is next opened, or at once if the view is visible elsewhere), and
   * the notification offers Reveal in Users. Any other look-up opens the view on the user.
   */
  async revealUser(user: User, { takeSideBar }: RevealOptions = { takeSideBar: true }): Promise<LookupOutcome> {
    const environment = this.deps.connection.environment();
    if (takeSideBar) await this.deps.usersView.reveal(user);
    else await this.deps.usersView.selectQuietly(user);
    void this.deps.recents.rememberUser(environment.id, { userId: user.user_id, clientUserId: user.client_user_id });
    const actions = userFoundActions.map((action) => ({
      label: action.title(),
      run: () => void vscode.commands.executeCommand(action.command, ...action.args(user)),
    }));
    if (!takeSideBar) actions.unshift({ label: lookupStrings.revealInUsers(), run: () => void this.deps.usersView.reveal(user) });
    const message = takeSideBar
      ? lookupStrings.foundUser(user.client_user_id, environment.label)
      : lookupStrings.foundUserQuietly(user.client_user_id, environment.label);
    void vscode.window.showInformationMessage(message, ...actions.map((action) => action.label)).then((choice) => {
      actions.find((candidate) => candidate.label === choice)?.run();
    });
    return { kind: 'user', userId: user.user_id, clientUserId: user.client_user_id };
  }

  /** Opens the markers panel of `labTestId` and remembers it, with its name when the sandbox knows it. */
  async openLabTest(labTestId: string): Promise<LookupOutcome> {
    const environment = this.deps.connection.environment();
    const name = (await this.sampleLabTests()).find((sample) => sample.id === labTestId)?.name;
    await vscode.commands.executeCommand(PANEL_COMMANDS.showLabTestMarkers, { labTestId });
    void this.deps.recents.rememberLabTest(environment.id, name === undefined ? { id: labTestId } : { id: labTestId, name });
    return { kind: 'labTest', labTestId };
  }

  private async attempt(
    client: HealthApiClient,
    target: LookupTarget,
    value: string,
    signal: AbortSignal,
    report: (message: string) => void,
    reveal: RevealOptions,
  ): Promise<Attempt> {
    switch (target) {
      case 'clientUserId': {
        const user = await notFoundAsUndefined(client.resolveUser(value, { signal }));
        if (!user) return { found: false, tried: lookupStrings.tried('clientUserId') };
        this.deps.knownUsers.add([user]);
        return { found: true, outcome: await this.revealUser(user, reveal) };
      }
      case 'labTestId': {
        const markers = await notFoundAsUndefined(client.listLabTestMarkers(value, { page: 1, size: 1 }, { signal }));
        if (!markers) return { found: false, tried: lookupStrings.tried('labTestId') };
        return { found: true, outcome: await this.openLabTest(value) };
      }
      case 'userId': {
        report(lookupStrings.searchingUsers(value));
        const { user, scanned } = await findUserById(client, this.deps.knownUsers, value, signal, (done, total) =>
          report(lookupStrings.searchedSoFar(done, total)),
        );
        if (!user) return { found: false, tried: lookupStrings.tried('userId', scanned) };
        return { found: true, outcome: await this.revealUser(user, reveal) };
      }
    }
  }

  private async knownLabTestIds(): Promise<Set<string>> {
    const environment = this.deps.connection.environment();
    const recent = this.deps.recents.get(environment.id).labTests.map((labTest) => labTest.id.toLowerCase());
    const samples = (await this.sampleLabTests()).map((sample) => sample.id.toLowerCase());
    return new Set([...recent, ...samples]);
  }

  private async sampleLabTests(): Promise<{ id: string; name: string }[]> {
    try {
      return (await this.deps.connection.sampleLabTests()) ?? [];
    } catch {
      return [];
    }
  }
}

/** A 404 (or a 422 for an id the server cannot even parse) means "not this kind of id": try the next. */
async function notFoundAsUndefined<T>(pending: Promise<T>): Promise<T | undefined> {
  try {
    return await pending;
  } catch (error) {
    if (isHealthApiError(error) && (error.kind === 'not_found' || error.kind === 'invalid_request')) return undefined;
    throw error;
  }
}
