import * as vscode from 'vscode';
import { isHealthApiError } from '../api/errors';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { PANEL_COMMANDS } from '../constants';
import { parseLink, type LinkTarget } from '../domain/users/healthDataLinks';
import type { KnownUsers } from '../domain/users/knownUsers';
import { environmentLabel } from '../l10n/shellStrings';
import { linkStrings, lookupStrings } from '../l10n/lookupStrings';
import { confirmProductionUse } from '../ui/productionConfirm';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import { findUserById } from './findUserById';
import type { HealthDataLookup, LookupOutcome } from './healthDataLookup';
import { inRequestOrigin } from '../connection/requestOrigins';

export type LinkOutcome = LookupOutcome | { kind: 'refused' } | { kind: 'declined' } | { kind: 'bloodPressure'; userId: string };

/**
 * Opens a Health Data link (from the URI handler or pasted into Open Link…): checks it, switches
 * environment if it names another one — a production one only after a modal yes — and shows the view.
 */
export class LinkOpener implements vscode.UriHandler {
  constructor(
    private readonly connection: ShellApiConnection,
    private readonly lookup: HealthDataLookup,
    private readonly knownUsers: KnownUsers,
  ) {}

  async handleUri(uri: vscode.Uri): Promise<void> {
    await this.open(uri.path, uri.query);
  }

  async open(path: string, query: string): Promise<LinkOutcome> {
    const parsed = parseLink(path, query);
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(linkStrings.refused(linkStrings.problem(parsed.problem)));
      return { kind: 'refused' };
    }
    const { target } = parsed;
    if (target.env !== this.connection.environment().id) {
      const label = environmentLabel(target.env);
      if (parsed.needsConfirmation) {
        if (!(await confirmProductionUse(target.env, label, 'link'))) return { kind: 'declined' };
      } else {
        void vscode.window.showInformationMessage(linkStrings.switched(label));
      }
      await this.connection.selectEnvironment(target.env);
    }
    return this.show(target);
  }

  private async show(target: LinkTarget): Promise<LinkOutcome> {
    switch (target.view) {
      case 'user':
        return this.lookup.lookUpClientUserId(target.clientUserId);
      case 'labTest':
        return this.lookup.openLabTest(target.labTestId);
      case 'bloodPressure':
        return this.showBloodPressure(target);
    }
  }

  private async showBloodPressure(target: LinkTarget & { view: 'bloodPressure' }): Promise<LinkOutcome> {
    const environment = this.connection.environment();
    try {
      const { user, scanned } = await withCancellableProgress({ title: lookupStrings.searchingUsers(target.userId) }, (signal, report) =>
        inRequestOrigin('lookup', async () =>
          findUserById(await this.connection.client(), this.knownUsers, target.userId, signal, (done, total) =>
            report(lookupStrings.searchedSoFar(done, total)),
          ),
        ),
      );
      if (!user) {
        const tried = lookupStrings.tried('userId', scanned);
        void vscode.window.showWarningMessage(lookupStrings.notFound(target.userId, environment.label, tried));
        return { kind: 'notFound', value: target.userId, tried: [tried] };
      }
      const form = { startDate: target.startDate, endDate: target.endDate, provider: target.provider };
      await vscode.commands.executeCommand(PANEL_COMMANDS.showBloodPressure, user, form);
      return { kind: 'bloodPressure', userId: user.user_id };
    } catch (error) {
      if (isHealthApiError(error) && error.kind === 'cancelled') return { kind: 'cancelled' };
      showFailure(error, this.connection);
      return { kind: 'failed' };
    }
  }
}
