// The toolbar and error actions every panel runs the same way, whatever it shows: the raw body of a
// failed request, "Try <other header>" after a 401, Copy as cURL, and the environment bar's message.
import * as vscode from 'vscode';
import { otherApiKeyHeader } from '../api/apiKeyHeader';
import type { HealthApiError } from '../api/errors';
import { requestOfOperation, type RequestSpec } from '../api/requests';
import { buildCurlCommand } from '../domain/requests/curl';
import { jsonDocumentFileName } from '../domain/requests/jsonDocument';
import { isProduction } from '../domain/environments';
import { CONTEXT_KEYS } from '../constants';
import { environmentBarStrings } from '../l10n/environmentStrings';
import { panelFailureStrings } from '../l10n/panelFailureStrings';
import { panelMessages } from '../l10n/panelStrings';
import { scrubStrings } from '../l10n/scrubStrings';
import type { EnvironmentConnection, EnvironmentInfo, ExtensionServices } from '../services';
import type { PanelActionMessage } from '../shared/panelActions';
import type { PanelEnvironmentMessage } from '../shared/panelEnvironment';
import { ShellSettings } from '../storage/shellSettings';
import { markDone } from '../views/walkthroughProgress';

/** The message types of the shared actions: the panel host runs these, the panel its own. */
export const PANEL_ACTIONS: ReadonlySet<string> = new Set<PanelActionMessage['type']>([
  'cancel',
  'exportCsv',
  'exportJson',
  'openRawJson',
  'copyCurl',
  'errorAction',
  'openInActiveEnvironment',
  'compareEnvironments',
  'showDeviations',
]);

/** The environment bar: the panel's own environment, and the active one when it is another. */
export function environmentMessage(
  ownEnvironment: EnvironmentInfo,
  activeEnvironment: EnvironmentInfo,
  canCompare: boolean,
): PanelEnvironmentMessage {
  return {
    type: 'environment',
    view: {
      id: ownEnvironment.id,
      label: ownEnvironment.label,
      production: isProduction(ownEnvironment.id),
      canCompare,
      ...(activeEnvironment.id !== ownEnvironment.id ? { activeLabel: activeEnvironment.label } : {}),
    },
    strings: environmentBarStrings(),
  };
}

/** What came back with a failed request (a body the reader refused, an error page), as received. */
export async function openFailedResponse(services: ExtensionServices, failure: HealthApiError): Promise<void> {
  const body = failure.responseBody ?? '';
  let text = body;
  let json = false;
  try {
    text = `${JSON.stringify(JSON.parse(body), null, 2)}\n`;
    json = true;
  } catch {
    // Not JSON: shown as it came.
  }
  const fileName = jsonDocumentFileName(panelFailureStrings.rawResponseTitle(failure.method, failure.url));
  await services.jsonDocuments.openText(json ? fileName : fileName.replace(/\.json$/, '.txt'), text);
}

/** After a 401: send the key in the other known header from now on (the setting of this environment), then load again. */
export async function useOtherKeyHeader(connection: EnvironmentConnection, failure: HealthApiError | undefined, retry: () => Promise<void>): Promise<void> {
  const other = otherApiKeyHeader(failure?.keyHeader);
  const environment = connection.id;
  if (!other || environment === 'local') return;
  const unchanged = connection.apiKeyHeader() === other;
  await new ShellSettings().setApiKeyHeader(environment, other);
  // A changed header changes the connection, which loads again by itself.
  if (unchanged) await retry();
}

/** Copy as cURL: the request of the current query, as healthData.scrub.when lets it leave. */
export async function copyRequestAsCurl(services: ExtensionServices, connection: EnvironmentConnection, spec: RequestSpec | undefined): Promise<void> {
  if (!spec) return;
  // Under healthData.scrub.when the request is rebuilt from its scrubbed operation: the user's
  // pseudonym in the path, the dates moved by that user's offset, as in every other cURL and fixture.
  const scrub = await services.scrub.begin(connection.id);
  const leaving = scrub.scrubs ? requestOfOperation(scrub.operation(spec.operation)) : spec;
  await vscode.env.clipboard.writeText(buildCurlCommand(await connection.baseUrl(), leaving, connection.apiKeyHeader()));
  markDone(CONTEXT_KEYS.walkthroughCurlCopied);
  void vscode.window.showInformationMessage(scrubStrings.withNote(panelMessages.curlCopied(), scrub.note()));
}
