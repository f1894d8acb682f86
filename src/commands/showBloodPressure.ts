import { PANEL_COMMANDS } from '../constants';
import { isEnvironmentId } from '../domain/environments';
import { isBloodPressureForm } from '../shared/bloodPressureProtocol';
import type { Command, ExtensionServices } from '../services';
import type { Panels } from '../panels/panels';
import { clientUserIdReference, userOf } from './userArgument';
import { pickUser, resolveUserByClientId } from './userPicker';

/**
 * Health Data: Show Blood Pressure. Argument: a Users-tree node (`{ user }`), a User, a
 * client_user_id (or `{ clientUserId, seenIn }`), or nothing (then a user picker). An optional second argument is the query
 * (`{ startDate, endDate, provider }`, strings; empty end date means now).
 */
export class ShowBloodPressureCommand implements Command {
  readonly id = PANEL_COMMANDS.showBloodPressure;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  /** `environment`: the one `target` was read in (a panel bound to another environment asks). */
  async execute(target?: unknown, form?: unknown, environment?: unknown): Promise<void> {
    const reference = clientUserIdReference(target);
    const user =
      userOf(target) ??
      (reference
        ? await resolveUserByClientId(this.services, reference.clientUserId, { ...reference, command: this.id })
        : await pickUser(this.services));
    if (!user) return;
    this.panels.showBloodPressure(user, isBloodPressureForm(form) ? form : undefined, isEnvironmentId(environment) ? environment : undefined);
  }
}
