import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import type { KnownUsers } from '../domain/users/knownUsers';
import type { ExtensionServices, RecentItems, ShellRegistrations } from '../services';
import { UserNode } from '../views/users/userNode';
import type { UsersView } from '../views/users/usersView';
import { HealthDataLookup } from './healthDataLookup';
import { IdHoverProvider } from './idHoverProvider';
import { LinkOpener } from './linkOpener';
import { LookupActivity } from './lookupActivity';

export interface LookupDeps {
  services: ExtensionServices;
  connection: ShellApiConnection;
  usersView: UsersView;
  knownUsers: KnownUsers;
  recents: RecentItems;
  registrations: Pick<ShellRegistrations, 'registerUriHandler'>;
}

export interface RegisteredLookup {
  lookup: HealthDataLookup;
  opener: LinkOpener;
  activity: LookupActivity;
}

/**
 * Look up in Health Data, the links' URI handler, the id hover and the recents feed. Their commands
 * (Look up, Copy Link, Open Link…) register above, in src/commands.
 */
export function registerLookup({ services, connection, usersView, knownUsers, recents, registrations }: LookupDeps): RegisteredLookup {
  const lookup = new HealthDataLookup({ connection, usersView, knownUsers, recents });
  const opener = new LinkOpener(connection, lookup, knownUsers);
  const activity = new LookupActivity();
  services.context.subscriptions.push(
    activity,
    registrations.registerUriHandler(opener),
    // No stand-in needed: the hover names only users this window fetched, and fetching loads the shell.
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new IdHoverProvider(knownUsers, connection)),
    // A user chosen in the tree is a recent user of its environment.
    usersView.treeView.onDidChangeSelection(({ selection }) => {
      const [node] = selection;
      if (node instanceof UserNode) {
        void recents.rememberUser(connection.environment().id, { userId: node.user.user_id, clientUserId: node.user.client_user_id });
      }
    }),
  );
  return { lookup, opener, activity };
}
