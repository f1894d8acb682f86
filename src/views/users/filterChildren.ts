import { SHELL_COMMANDS } from '../../constants';
import type { User } from '../../api/schemas';
import { commandMessages, tree } from '../../l10n/shellStrings';
import type { EnvironmentInfo } from '../../services';
import { failureNodes } from './failureNodes';
import { MessageNode } from './messageNode';
import type { TreeNode } from './treeNode';
import type { UserFilterSearch } from './userFilterSearch';

/** A tree of thousands of matches helps nobody: past this, the user is asked for a longer prefix. */
export const MAX_SHOWN_MATCHES = 500;

/** The root while a filter is active: its matches, then where the search stands. */
export function filterChildren(
  search: UserFilterSearch,
  nodeFor: (user: User) => TreeNode,
  environment: EnvironmentInfo,
): TreeNode[] {
  const nodes: TreeNode[] = search.matches.slice(0, MAX_SHOWN_MATCHES).map(nodeFor);
  const clearFilter = { title: commandMessages.clearFilter(), command: SHELL_COMMANDS.clearUsersFilter };
  switch (search.status) {
    case 'searching':
      nodes.push(
        new MessageNode(undefined, 'users/filter/searching', tree.filterSearching(search.prefix, search.scanned, search.total ?? search.scanned), {
          icon: 'loading~spin',
        }),
      );
      break;
    case 'done':
      if (search.matches.length === 0) {
        nodes.push(new MessageNode(undefined, 'users/filter/none', tree.noMatches(search.prefix), { icon: 'info' }));
        nodes.push(new MessageNode(undefined, 'users/filter/clear', clearFilter.title, { icon: 'clear-all', command: clearFilter }));
      } else if (search.matches.length > MAX_SHOWN_MATCHES) {
        nodes.push(new MessageNode(undefined, 'users/filter/tooMany', tree.tooManyMatches(MAX_SHOWN_MATCHES), { icon: 'info' }));
      }
      break;
    case 'stopped':
      nodes.push(
        new MessageNode(undefined, 'users/filter/stopped', tree.searchStopped(search.scanned, search.total ?? search.scanned), {
          icon: 'info',
          command: { title: commandMessages.searchAgain(), command: SHELL_COMMANDS.refreshUsers },
        }),
      );
      break;
    case 'failed':
      nodes.push(...failureNodes(undefined, 'users/filter/failure', search.error, environment));
      break;
  }
  return nodes;
}
