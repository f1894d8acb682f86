// A palette command that acts on a user: pick one (the user selected in the Users view first, then
// recently used users, then the listed users), or resolve one by its client_user_id. Users come first, the action after.
// Failures are shown with their next step; Escape anywhere returns undefined.
import * as vscode from 'vscode';
import { USERS_LIMIT_MAX } from '../api/argumentChecks';
import { isHealthApiError } from '../api/errors';
import type { User } from '../api/schemas';
import { SHELL_COMMANDS } from '../constants';
import { orderPickerUsers, type PickerUser } from '../domain/users/userPickerOrder';
import { summariseSource } from '../domain/users/userTree';
import { lookupStrings } from '../l10n/lookupStrings';
import { pickerStrings, panelMessages } from '../l10n/panelStrings';
import type { ExtensionServices } from '../services';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import { inRequestOrigin } from '../connection/requestOrigins';

interface UserItem extends vscode.QuickPickItem {
  user?: User;
  resolve?: true;
  /** A recent user on no loaded page: resolved by its client_user_id when picked. */
  recentClientUserId?: string;
}

interface RecentPick {
  kind: 'recent';
  clientUserId: string;
}

type PickedUser = User | 'resolve' | 'failed' | RecentPick | undefined;

const isRecentPick = (choice: PickedUser): choice is RecentPick => (choice as Partial<RecentPick> | undefined)?.kind === 'recent';

export interface PickUserOptions {
  /** The picker's title, naming the command; Show Blood Pressure's by default. */
  title?: string;
}

export async function pickUser(services: ExtensionServices, options: PickUserOptions = {}): Promise<User | undefined> {
  const choice = await pickListedUser(services, options.title ?? pickerStrings.userTitle());
  if (choice === undefined || choice === 'failed') return undefined;
  if (isRecentPick(choice)) return resolveUserByClientId(services, choice.clientUserId);
  if (choice !== 'resolve') return choice;
  const clientUserId = await vscode.window.showInputBox({
    title: pickerStrings.resolveByClientId(),
    prompt: pickerStrings.clientUserIdPrompt(),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? pickerStrings.clientUserIdEmpty() : undefined),
  });
  if (clientUserId === undefined) return undefined;
  return resolveUserByClientId(services, clientUserId.trim());
}

export interface ResolveOptions {
  /** The environment the user was seen in (a panel bound to it): said when it is not in the active one. */
  seenIn?: string;
  /** The command that asked: "Choose a User…" runs it again with the user picker. */
  command?: string;
}

/**
 * The user of `clientUserId` in the active environment. A user that is not there is said so in
 * plain words (with where it was seen, if known), with the next steps: another user, another environment.
 */
export async function resolveUserByClientId(services: ExtensionServices, clientUserId: string, options: ResolveOptions = {}): Promise<User | undefined> {
  try {
    return await withCancellableProgress({ title: panelMessages.loadingUser() }, (signal) =>
      inRequestOrigin('lookup', async () => {
        const client = await services.connection.client();
        return client.resolveUser(clientUserId, { signal });
      }),
    );
  } catch (error) {
    if (isHealthApiError(error) && error.kind === 'not_found') showUserNotThere(services, clientUserId, options);
    else showFailure(error, services.connection);
    return undefined;
  }
}

function showUserNotThere(services: ExtensionServices, clientUserId: string, { seenIn, command }: ResolveOptions): void {
  const environment = services.connection.environment().label;
  const message =
    seenIn && seenIn !== environment
      ? pickerStrings.userOnlyElsewhere(clientUserId, environment, seenIn)
      : pickerStrings.userNotThere(clientUserId, environment);
  const steps = [
    ...(command ? [{ title: pickerStrings.chooseUser(), command }] : []),
    { title: pickerStrings.switchEnvironment(), command: SHELL_COMMANDS.selectEnvironment },
  ];
  void vscode.window.showWarningMessage(message, ...steps.map((step) => step.title)).then((choice) => {
    const step = steps.find((candidate) => candidate.title === choice);
    if (step) void vscode.commands.executeCommand(step.command);
  });
}

function userItem(entry: PickerUser): UserItem {
  if (!('user' in entry)) {
    const { userId, clientUserId } = entry.recentOnly;
    return { label: clientUserId, description: `${userId} · ${lookupStrings.recentUsers()}`, recentClientUserId: clientUserId };
  }
  const { user, origin } = entry;
  const sources = (user.connected_sources ?? []).map((c) => summariseSource(c).name).join(', ');
  const description =
    origin === 'selected' ? pickerStrings.selectedInTree(user.user_id) : origin === 'recent' ? `${user.user_id} · ${lookupStrings.recentUsers()}` : user.user_id;
  return { label: user.client_user_id, description, detail: sources, user };
}

function pickListedUser(services: ExtensionServices, title: string): Promise<PickedUser> {
  const selected = services.selectedUser?.();
  const recent = services.recents?.get(services.connection.environment().id).users ?? [];
  const quickPick = vscode.window.createQuickPick<UserItem>();
  const resolveItem: UserItem = {
    label: `$(search) ${pickerStrings.resolveByClientId()}`,
    description: pickerStrings.resolveDescription(),
    alwaysShow: true,
    resolve: true,
  };
  // The separator above the action says how many users the list holds when it is not all of them.
  const itemsFor = (listed: readonly User[], separator = pickerStrings.actions()): UserItem[] => [
    ...orderPickerUsers({ selected, recent, listed }).map(userItem),
    { label: separator, kind: vscode.QuickPickItemKind.Separator },
    resolveItem,
  ];
  quickPick.title = title;
  quickPick.placeholder = pickerStrings.loadingUsers();
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  // The selected user is offered at once, before the list arrives.
  quickPick.items = itemsFor([]);
  quickPick.busy = true;
  const controller = new AbortController();

  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: PickedUser): void => {
      if (settled) return;
      settled = true;
      controller.abort();
      resolve(value);
      quickPick.dispose();
    };
    quickPick.onDidAccept(() => {
      const [item] = quickPick.selectedItems;
      if (item?.resolve) finish('resolve');
      else if (item?.user) finish(item.user);
      else if (item?.recentClientUserId) finish({ kind: 'recent', clientUserId: item.recentClientUserId });
    });
    quickPick.onDidHide(() => finish(undefined));
    quickPick.show();

    void (async () => {
      try {
        const client = await services.connection.client();
        const list = await inRequestOrigin('lookup', () => client.listUsers({ limit: USERS_LIMIT_MAX }, { signal: controller.signal }));
        if (settled) return;
        const active = quickPick.activeItems[0];
        quickPick.items = itemsFor(list.users, list.total > list.users.length ? pickerStrings.moreUsers(list.users.length, list.total) : undefined);
        // Keep what the person already moved to; otherwise the first user stays active.
        const keep = active?.user ? quickPick.items.find((item) => item.user?.user_id === active.user?.user_id) : undefined;
        if (keep) quickPick.activeItems = [keep];
        quickPick.placeholder = pickerStrings.userPlaceholder();
        quickPick.busy = false;
      } catch (error) {
        if (settled) return;
        finish('failed');
        await showFailure(error, services.connection);
      }
    })();
  });
}
