import { describeFailure } from '../../domain/errorNextStep';
import { failureTitle } from '../../l10n/shellStrings';
import type { EnvironmentInfo } from '../../services';
import { nextStepCommand } from '../../ui/nextStepCommand';
import { failureDetail } from '../../ui/showFailure';
import { MessageNode } from './messageNode';
import type { TreeNode } from './treeNode';

/** An error as two tree lines: what went wrong, then the next step as a clickable line. */
export function failureNodes(parent: TreeNode | undefined, idPrefix: string, error: unknown, environment: EnvironmentInfo): MessageNode[] {
  const failure = describeFailure(error);
  const step = nextStepCommand(failure.nextStep, environment.id);
  const detail = failureDetail(error, failure.kind);
  return [
    new MessageNode(parent, `${idPrefix}/error`, failureTitle(failure.kind, failure.status, environment.label), {
      icon: failure.kind === 'cancelled' ? 'info' : 'error',
      ...(detail ? { tooltip: detail } : {}),
    }),
    new MessageNode(parent, `${idPrefix}/nextStep`, step.title, { icon: 'arrow-right', command: step }),
  ];
}
