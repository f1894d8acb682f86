// A coverage scan's rows as they may leave VS Code: each user's ids pseudonymised and their days
// shifted the way the scrubber shifts that user's readings, so a scrubbed CSV lines up with a
// scrubbed blood-pressure export of the same user. Pure: the scrubbing is handed in.
import type { RequestOperation, RequestOperationName } from '../../api/requests';
import type { ScanRow } from './coverageScan';

export interface RowScrubber {
  body<T>(operation: RequestOperationName, body: T): T;
  operation(operation: RequestOperation): RequestOperation;
}

/** `day` (YYYY-MM-DD) of `userId` shifted by that user's offset, as the scrubbed request would name it. */
function shiftedDay(scrub: RowScrubber, userId: string, day: string): string {
  const operation = scrub.operation({ name: 'getGroupedBloodPressure', args: [userId, { startDate: day }] });
  return operation.name === 'getGroupedBloodPressure' ? operation.args[1].startDate : day;
}

function replaceAll(text: string, from: string, to: string): string {
  return from === '' ? text : text.split(from).join(to);
}

export function scrubScanRows(rows: readonly ScanRow[], scrub: RowScrubber): ScanRow[] {
  return rows.map((row) => {
    const ids = scrub.body('resolveUser', { user_id: row.userId, client_user_id: row.clientUserId });
    const userId = typeof ids.user_id === 'string' ? ids.user_id : '';
    const clientUserId = typeof ids.client_user_id === 'string' ? ids.client_user_id : '';
    switch (row.status) {
      case 'scanned':
        return {
          ...row,
          userId,
          clientUserId,
          window: { ...row.window, firstDay: shiftedDay(scrub, row.userId, row.window.firstDay), lastDay: shiftedDay(scrub, row.userId, row.window.lastDay) },
          lastReadingDay: row.lastReadingDay === undefined ? undefined : shiftedDay(scrub, row.userId, row.lastReadingDay),
        };
      case 'failed':
        // A server's message may quote the ids it failed on.
        return { ...row, userId, clientUserId, message: replaceAll(replaceAll(row.message, row.clientUserId, clientUserId), row.userId, userId) };
      case 'notScanned':
        return { ...row, userId, clientUserId };
    }
  });
}
