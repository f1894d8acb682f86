import type { User } from '../api/schemas';
import { PANEL_COMMANDS } from '../constants';
import { isBloodPressureForm } from '../shared/bloodPressureProtocol';
import type { ExtensionServices } from '../services';
import type { Panels } from '../panels/panels';
import type { Command } from './command';
import { pickUser, resolveUserByClientId } from './userPicker';

/**
 * Health Data: Show Blood Pressure. Argument: a Users-tree node (`{ user }`), a User, a
 * client_user_id, or nothing (then a user picker). An optional second argument is the query
 * (`{ startDate, endDate, provider }`, strings; empty end date means now).
 */
export class ShowBloodPressureCommand implements Command {
  readonly id = PANEL_COMMANDS.showBloodPressure;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  async execute(target?: unknown, form?: unknown): Promise<void> {
    const user =
      userOf(target) ??
      (typeof target === 'string' && target.trim() !== ''
        ? await resolveUserByClientId(this.services, target.trim())
        : await pickUser(this.services));
    if (!user) return;
    this.panels.showBloodPressure(user, isBloodPressureForm(form) ? form : undefined);
  }
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user.user_id === 'string' && typeof user.client_user_id === 'string' && Array.isArray(user.connected_sources);
}

/** The user of a tree node (`{ user }`) or a plain User. */
function userOf(value: unknown): User | undefined {
  if (isUser(value)) return value;
  if (value && typeof value === 'object' && isUser((value as { user?: unknown }).user)) return (value as { user: User }).user;
  return undefined;
}
