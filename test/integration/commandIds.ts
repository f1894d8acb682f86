// Which registered command ids belong to us, and which ones VS Code itself adds for our views.

export const COMMAND_PREFIX_FOR_TESTS = 'healthData.';

// VS Code registers these for every contributed view (`<viewId>.focus`, …); they are not ours to declare.
const VIEW_COMMAND_SUFFIXES = ['focus', 'resetViewLocation', 'toggleVisibility', 'removeView', 'open'];

export function viewGeneratedCommand(commandId: string, viewIds: readonly string[]): boolean {
  return viewIds.some((viewId) => VIEW_COMMAND_SUFFIXES.some((suffix) => commandId === `${viewId}.${suffix}`));
}
