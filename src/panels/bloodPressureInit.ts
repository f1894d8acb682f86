// The blood-pressure webview's `init`: whose readings it shows (ids, zone, connected providers,
// first ingestion day), its strings and locale, and the form of the query.
import * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { ingestionStartDay } from '../domain/bloodPressure/bloodPressureRangePresets';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { summariseSource } from '../domain/users/userTree';
import type { ZoneCalendar } from '../domain/zonedTime';
import { bloodPressureStrings } from '../l10n/panelStrings';
import type { BloodPressureHostMessage, BloodPressureUserView } from '../shared/bloodPressureProtocol';

/** The user a panel is bound to: its id in the panel's environment, and the team's own id. */
export interface UserTarget {
  userId: string;
  clientUserId: string;
}

export function bloodPressureInit(
  target: UserTarget,
  resolved: User | undefined,
  zone: ZoneCalendar,
  form: BloodPressureForm,
): Extract<BloodPressureHostMessage, { type: 'init' }> {
  const user: BloodPressureUserView = {
    userId: target.userId,
    clientUserId: target.clientUserId,
    timeZone: zone.zone,
    timeZoneFromUser: zone.usesRequestedZone,
    providers: (resolved?.connected_sources ?? []).map((c) => summariseSource(c)).map(({ slug, name }) => ({ slug, name })),
  };
  const ingestionStart = ingestionStartDay(resolved?.ingestion_start, zone);
  if (ingestionStart) user.ingestionStartDay = ingestionStart;
  return { type: 'init', strings: bloodPressureStrings(), locale: vscode.env.language, user, form };
}
