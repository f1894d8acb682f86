import { SHELL_COMMANDS } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { MessageNode } from './messageNode';

/** The row above the local sandbox's users that offers to switch to a real environment. */
export function switchEnvironmentBanner(): MessageNode {
  return new MessageNode(undefined, 'users/switchEnvironment', tree.switchEnvironmentBanner(), {
    icon: 'server-environment',
    tooltip: tree.switchEnvironmentTooltip(),
    command: { title: tree.switchEnvironmentBanner(), command: SHELL_COMMANDS.selectEnvironment },
  });
}
