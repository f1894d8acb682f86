import { PANEL_COMMANDS } from '../constants';
import { isDiagnosisWindowDays } from '../domain/coverage/diagnosisWindow';
import { diagnosisTitles } from '../l10n/diagnosisStrings';
import type { Panels } from '../panels/panels';
import type { Command, ExtensionServices } from '../services';
import { clientUserIdReference, userOf } from './userArgument';
import { pickUser, resolveUserByClientId } from './userPicker';

/**
 * Health Data: Diagnose Data… — why is this user's data missing? Argument: a Users-tree node
 * (`{ user }`), a User, a client_user_id, or nothing (then the user picker, the selected tree user
 * first). An optional second argument `{ days }` picks the window (default the last 30 days).
 */
export class DiagnoseDataCommand implements Command {
  readonly id = PANEL_COMMANDS.diagnoseData;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  async execute(target?: unknown, options?: unknown): Promise<void> {
    const reference = clientUserIdReference(target);
    const user =
      userOf(target) ??
      (reference
        ? await resolveUserByClientId(this.services, reference.clientUserId, { ...reference, command: this.id })
        : await pickUser(this.services, { title: diagnosisTitles.pickUser() }));
    if (!user) return;
    const days = (options as { days?: unknown } | undefined)?.days;
    this.panels.showDiagnosis(user, isDiagnosisWindowDays(days) ? days : undefined);
  }
}
