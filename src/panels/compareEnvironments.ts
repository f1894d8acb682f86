// Compare Environments…: the panel's query in another environment, then the diff of the two
// responses. Both requests are sent fresh (and recorded), so the two sides are of the same moment;
// each side in production asks first, before anything is sent.
import * as vscode from 'vscode';
import type { RequestSpec } from '../api/requests';
import { inRequestOrigin } from '../connection/requestOrigins';
import { ENVIRONMENT_IDS, isProduction } from '../domain/environments';
import { outcomeOf } from '../domain/requests/requestPresentation';
import { compareStrings } from '../l10n/environmentStrings';
import type { ApiKeyState, EnvironmentConnection, EnvironmentId, ExtensionServices } from '../services';
import { nextStepCommand } from '../ui/nextStepCommand';
import { confirmProductionUse } from '../ui/productionConfirm';

export function compareEnvironments(
  services: ExtensionServices,
  own: EnvironmentConnection,
  requestIn: (environment: EnvironmentConnection) => Promise<RequestSpec | undefined>,
): Promise<void> {
  return inRequestOrigin('compare', () => compareIn(services, own, requestIn));
}

async function compareIn(
  services: ExtensionServices,
  own: EnvironmentConnection,
  requestIn: (environment: EnvironmentConnection) => Promise<RequestSpec | undefined>,
): Promise<void> {
  const picked = await pickOtherEnvironment(services, own);
  if (!picked) return;
  const other = picked.id;
  if (picked.keyState === 'missing') {
    const step = nextStepCommand('setApiKey', other);
    const label = services.connection.forEnvironment(other).environment().label;
    const choice = await vscode.window.showWarningMessage(compareStrings.noKeyThere(label), step.title);
    if (choice === step.title) void vscode.commands.executeCommand(step.command, ...(step.arguments ?? []));
    return;
  }
  const otherLabel = services.connection.forEnvironment(other).environment().label;
  // Both sides are read fresh: a production side asks first, the panel's own as well as the other.
  if (!(await confirmProductionUse(own.id, own.environment().label, 'compare'))) return;
  if (!(await confirmProductionUse(other, otherLabel, 'compare'))) return;
  const ownSpec = await requestIn(own);
  if (!ownSpec) {
    void vscode.window.showInformationMessage(compareStrings.noQuery());
    return;
  }
  const otherConnection = services.connection.forEnvironment(other);
  let otherSpec: RequestSpec | undefined;
  try {
    otherSpec = await requestIn(otherConnection);
  } catch (error) {
    void vscode.window.showWarningMessage(compareStrings.notThere(otherLabel, error instanceof Error ? error.message : String(error)));
    return;
  }
  if (!otherSpec) return;
  const left = await services.requests.sendAgain(own.id, ownSpec, compareStrings.sending(own.environment().label));
  if (!left?.record) return;
  const right = await services.requests.sendAgain(other, otherSpec, compareStrings.sending(otherLabel));
  if (!right?.record) return;
  // A failed side is still compared (its error body is the difference); it is also said plainly.
  if (!right.ok && right.record.failure !== 'cancelled') {
    void vscode.window.showWarningMessage(compareStrings.failed(otherLabel, right.message || outcomeOf(right.record)));
  }
  await services.requests.compareResponses(left.record, right.record);
}

function keyStateText(state: ApiKeyState): string {
  switch (state) {
    case 'set':
      return compareStrings.keySet();
    case 'missing':
      return compareStrings.keyMissing();
    case 'notNeeded':
      return compareStrings.keyNotNeeded();
    case 'misconfigured':
      return compareStrings.misconfigured();
  }
}

/** The other environments, each saying whether it has a key: one without cannot be compared with. */
async function pickOtherEnvironment(
  services: ExtensionServices,
  own: EnvironmentConnection,
): Promise<{ id: EnvironmentId; keyState: ApiKeyState } | undefined> {
  const items = await Promise.all(
    ENVIRONMENT_IDS.filter((id) => id !== own.id).map(async (id) => {
      const connection = services.connection.forEnvironment(id);
      const environment = connection.environment();
      const keyState = await connection.apiKeyState();
      return {
        id,
        keyState,
        label: `${isProduction(id) ? '$(globe)' : id === 'local' ? '$(beaker)' : '$(cloud)'} ${environment.label}`,
        description: environment.baseUrl ?? '',
        detail: `${keyState === 'set' || keyState === 'notNeeded' ? '$(pass)' : '$(warning)'} ${keyStateText(keyState)}`,
      };
    }),
  );
  const picked = await vscode.window.showQuickPick(items, { title: compareStrings.pickEnvironment(own.environment().label), matchOnDescription: true });
  return picked;
}
