// What leaves the blood-pressure panel: Export CSV and Export JSON (the pages it loaded, scrubbed as
// healthData.scrub.when says before they leave VS Code, saved where the user picks), the raw
// response, and the loaded answer as a sandbox fixture.
import type * as vscode from 'vscode';
import type { BloodPressureQuery, RequestOperation } from '../api/requests';
import type { GroupedBloodPressure, User } from '../api/schemas';
import { bloodPressureCsv, implausibleReadingsJson } from '../domain/bloodPressure/bloodPressureExport';
import { groupReadings, mergeGroupedPages, readingsIn } from '../domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, type BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { bloodPressureExportName } from '../domain/exportNames';
import type { ZoneCalendar } from '../domain/zonedTime';
import type { EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import { nextCursorOf } from '../api/paging';
import { groupedBloodPressureRequest } from '../api/requests';
import { requestTitle } from '../domain/requests/jsonDocument';
import { saveExport } from './saveExport';

/** What the panel holds for its exports. */
export interface BloodPressureExported {
  services: ExtensionServices;
  environmentId: EnvironmentId;
  pages: readonly GroupedBloodPressure[];
  user: User | undefined;
  userId: string;
  clientUserId: string;
  form: BloodPressureForm | undefined;
  zone: ZoneCalendar;
}

interface LeavingData {
  pages: GroupedBloodPressure[];
  userId: string;
  clientUserId: string;
  query: BloodPressureQuery | undefined;
  note: string | undefined;
}

/**
 * What an export may carry out of VS Code (healthData.scrub.when): the pages scrubbed as the
 * responses they are, the user's ids and the query as the scrubbed request names them.
 */
async function leavingData(panel: BloodPressureExported): Promise<LeavingData> {
  const scrub = await panel.services.scrub.begin(panel.environmentId);
  const query = panel.form ? bloodPressureQueryOf(panel.form) : undefined;
  // With the operation, not its name: the readings' dates move by this user's offset, as its cURL's query does.
  const sent: RequestOperation = { name: 'getGroupedBloodPressure', args: [panel.userId, query ?? { startDate: '' }] };
  const pages = panel.pages.map((page) => scrub.body(sent, page));
  if (!scrub.scrubs) return { pages, userId: panel.userId, clientUserId: panel.clientUserId, query, note: undefined };
  const user = scrub.body('resolveUser', { ...panel.user, user_id: panel.userId, client_user_id: panel.clientUserId });
  // The query's dates shift with the user's readings, so the export still says which days it covers.
  const scrubbedOperation = query ? scrub.operation(sent) : undefined;
  const scrubbedQuery = scrubbedOperation?.name === 'getGroupedBloodPressure' ? scrubbedOperation.args[1] : undefined;
  return { pages, userId: user.user_id, clientUserId: user.client_user_id, query: scrubbedQuery, note: scrub.note() };
}

export async function exportBloodPressureCsv(panel: BloodPressureExported, target?: vscode.Uri): Promise<void> {
  const leaving = await leavingData(panel);
  const groups = groupReadings(leaving.pages.map((p) => p.groups), panel.zone);
  const rows = groups.reduce((sum, g) => sum + g.readings.length, 0);
  await saveExport({
    fileName: `${bloodPressureExportName(leaving.clientUserId, panel.form)}.csv`,
    format: 'csv',
    content: bloodPressureCsv(groups, panel.zone),
    rows,
    ...(leaving.note ? { scrubNote: leaving.note } : {}),
    ...(target ? { target } : {}),
  });
}

export async function exportBloodPressureJson(panel: BloodPressureExported, target?: vscode.Uri): Promise<void> {
  const leaving = await leavingData(panel);
  const groups = mergeGroupedPages(leaving.pages.map((p) => p.groups));
  const content = {
    user_id: leaving.userId,
    client_user_id: leaving.clientUserId,
    time_zone: panel.zone.zone,
    query: leaving.query,
    groups,
    // The groups stay as sent; readings that cannot be a blood pressure are named here, with why.
    implausible_readings: implausibleReadingsJson(groupReadings(panel.pages.map((p) => p.groups), panel.zone)),
  };
  const rows = leaving.pages.reduce((sum, p) => sum + readingsIn(p.groups), 0);
  await saveExport({
    fileName: `${bloodPressureExportName(leaving.clientUserId, panel.form)}.json`,
    format: 'json',
    content: `${JSON.stringify(content, null, 2)}\n`,
    rows,
    ...(leaving.note ? { scrubNote: leaving.note } : {}),
    ...(target ? { target } : {}),
  });
}

/** The response as sent (one page), or the list of responses in cursor order (several). */
export async function openBloodPressureRawJson(panel: BloodPressureExported): Promise<void> {
  if (!panel.form) return;
  const spec = groupedBloodPressureRequest(panel.userId, bloodPressureQueryOf(panel.form));
  const body = panel.pages.length === 1 ? panel.pages[0] : panel.pages;
  await panel.services.jsonDocuments.open(requestTitle(spec), body, { environmentId: panel.environmentId, operation: spec.operation });
}

/**
 * A finished load's answer as sandbox fixtures: every cursor page as it came (each asked with the
 * cursor of the page before, so a pseudonymised cursor leads to the next fixture), then the user it
 * belongs to, so the tree finds that user offline and leads to the readings.
 */
export function bloodPressureFixtureExchanges(panel: BloodPressureExported): FixtureExchange[] | undefined {
  if (!panel.form || panel.pages.length === 0) return undefined;
  const query = bloodPressureQueryOf(panel.form);
  const exchanges: FixtureExchange[] = panel.pages.map((page, index) => {
    const cursor = index === 0 ? undefined : nextCursorOf(panel.pages[index - 1]!);
    const asked = groupedBloodPressureRequest(panel.userId, { ...query, ...(cursor !== undefined ? { nextCursor: cursor } : {}) });
    return { operation: asked.operation, status: 200, body: page };
  });
  if (panel.user) exchanges.push({ operation: { name: 'resolveUser', args: [panel.clientUserId] }, status: 200, body: panel.user });
  return exchanges;
}
