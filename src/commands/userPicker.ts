// "Show Blood Pressure" from the palette: pick one of the listed users, or resolve one by its
// client_user_id. Failures are shown with their next step; Escape anywhere returns undefined.
import * as vscode from 'vscode';
import { USERS_LIMIT_MAX } from '../api/argumentChecks';
import type { User } from '../api/schemas';
import { orderUsersForPicker, type RecentUser } from '../domain/recents';
import { lookupStrings } from '../l10n/lookupStrings';
import { pickerStrings, panelMessages } from '../l10n/panelStrings';
import type { ExtensionServices } from '../services';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';

interface UserItem extends vscode.QuickPickItem {
  user?: User;
  resolve?: true;
  /** A recent user not on the listed page: resolved by its client_user_id when picked. */
  recentClientUserId?: string;
}

interface RecentPick {
  kind: 'recent';
  clientUserId: string;
}

type PickedUser = User | 'resolve' | 'failed' | RecentPick | undefined;

const isRecentPick = (choice: PickedUser): choice is RecentPick => (choice as Partial<RecentPick> | undefined)?.kind === 'recent';

export async function pickUser(services: ExtensionServices): Promise<User | undefined> {
  const choice = await pickListedUser(services);
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

export async function resolveUserByClientId(services: ExtensionServices, clientUserId: string): Promise<User | undefined> {
  try {
    return await withCancellableProgress({ title: panelMessages.loadingUser() }, async (signal) => {
      const client = await services.connection.client();
      return client.resolveUser(clientUserId, { signal });
    });
  } catch (error) {
    await showFailure(error, services.connection);
    return undefined;
  }
}

function pickListedUser(services: ExtensionServices): Promise<PickedUser> {
  const quickPick = vscode.window.createQuickPick<UserItem>();
  const resolveItem: UserItem = {
    label: `$(search) ${pickerStrings.resolveByClientId()}`,
    description: pickerStrings.resolveDescription(),
    alwaysShow: true,
    resolve: true,
  };
  quickPick.title = pickerStrings.userTitle();
  quickPick.placeholder = pickerStrings.loadingUsers();
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  quickPick.items = [resolveItem];
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
        const list = await client.listUsers({ limit: USERS_LIMIT_MAX }, { signal: controller.signal });
        if (settled) return;
        const recent = services.recents?.get(services.connection.environment().id).users ?? [];
        const users = recentFirstItems(recent, list.users);
        const more: UserItem[] =
          list.total > list.users.length
            ? [{ label: pickerStrings.moreUsers(list.users.length, list.total), kind: vscode.QuickPickItemKind.Separator }]
            : [];
        quickPick.items = [resolveItem, ...more, ...users];
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

/** Recent users first (newest first; one not on the listed page is resolved when picked), then the list. */
function recentFirstItems(recent: readonly RecentUser[], listed: readonly User[]): UserItem[] {
  const byId = new Map(listed.map((user) => [user.user_id, user]));
  const recentItems: UserItem[] = recent.map((entry) => {
    const user = byId.get(entry.userId);
    const description = `${entry.userId} · ${lookupStrings.recentUsers()}`;
    return user
      ? { label: user.client_user_id, description, detail: sourceNames(user), user }
      : { label: entry.clientUserId, description, recentClientUserId: entry.clientUserId };
  });
  const rest = orderUsersForPicker(listed, { recentUserIds: recent.map((entry) => entry.userId) })
    .filter(({ recent: isRecent }) => !isRecent)
    .map(({ user }): UserItem => ({ label: user.client_user_id, description: user.user_id, detail: sourceNames(user), user }));
  return [...recentItems, ...rest];
}

function sourceNames(user: User): string {
  return user.connected_sources.map((c) => c.source.name).join(', ');
}
