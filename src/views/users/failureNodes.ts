import { SHELL_COMMANDS } from '../../constants';
import { describeFailure, type FailureKind } from '../../domain/errorNextStep';
import { failureCause } from '../../domain/coverage/failureCause';
import { failureCauseLabel, failureTitle, tree } from '../../l10n/shellStrings';
import type { EnvironmentInfo } from '../../services';
import { nextStepCommand } from '../../ui/nextStepCommand';
import { failureDetail } from '../../domain/errorNextStep';
import { MessageNode } from './messageNode';
import type { TreeNode } from './treeNode';

const NOT_RETRYABLE = new Set<FailureKind>(['missingApiKey', 'unauthorized', 'forbidden', 'baseUrlSetting']);

/**
 * An error as tree lines: what went wrong with its cause ("… : connection refused"), Retry, and the
 * failure's own next step when that is something else (Set API key…, Check the base URL…).
 */
export function failureNodes(parent: TreeNode | undefined, idPrefix: string, error: unknown, environment: EnvironmentInfo): MessageNode[] {
  const failure = describeFailure(error);
  const step = nextStepCommand(failure.nextStep, environment.id);
  const detail = failureDetail(error, failure.kind);
  const title = failureTitle(failure.kind, failure.status, environment.label);
  const cause = failureCause(error);
  const nodes = [
    new MessageNode(parent, `${idPrefix}/error`, cause ? tree.failureWithCause(title, failureCauseLabel(cause)) : title, {
      icon: failure.kind === 'cancelled' ? 'info' : 'error',
      ...(detail ? { tooltip: detail } : {}),
    }),
  ];
  // A key or a setting problem is not solved by trying again: its next step is the way out.
  if (!NOT_RETRYABLE.has(failure.kind)) {
    nodes.push(
      new MessageNode(parent, `${idPrefix}/retry`, tree.retry(), {
        icon: 'refresh',
        command: { title: tree.retry(), command: SHELL_COMMANDS.refreshUsers },
      }),
    );
  }
  if (failure.nextStep !== 'retry' && failure.nextStep !== 'retryLater') {
    nodes.push(new MessageNode(parent, `${idPrefix}/nextStep`, step.title, { icon: 'arrow-right', command: step }));
  }
  return nodes;
}
