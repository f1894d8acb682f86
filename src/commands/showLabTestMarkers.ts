import { PANEL_COMMANDS } from '../constants';
import { firstPageOf, type LabMarkersForm } from '../domain/labs/labMarkersForm';
import type { Panels } from '../panels/panels';
import { parseLabMarkersForm } from '../shared/labMarkersProtocol';
import type { Command, ExtensionServices } from '../services';
import { askLabAccountId, askLabTestId } from './labTestInputs';

/**
 * Health Data: Show Lab Test Markers. Without an argument it asks for the lab_test_id (offering
 * the local sandbox's samples) and an optional lab_account_id; a string argument is the
 * lab_test_id, an object `{ labTestId, labAccountId?, page?, size?, labTestName? }` skips both
 * questions (a caller that knows the lab test's name passes it: the panel's tab shows it, and it is
 * remembered for this environment).
 */
export class ShowLabTestMarkersCommand implements Command {
  readonly id = PANEL_COMMANDS.showLabTestMarkers;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  async execute(argument?: unknown): Promise<void> {
    const form = formFromArgument(argument) ?? (await this.ask());
    if (form) await this.panels.showLabMarkers(form, namesFromArgument(argument, form));
  }

  private async ask(): Promise<LabMarkersForm | undefined> {
    const labTestId = await askLabTestId(this.services);
    if (!labTestId) return undefined;
    const labAccountId = await askLabAccountId();
    if (labAccountId === undefined) return undefined;
    return firstPageOf({ kind: 'labTest', labTestId, labAccountId });
  }
}

function namesFromArgument(argument: unknown, form: LabMarkersForm): Record<string, string> {
  if (!argument || typeof argument !== 'object' || form.source.kind !== 'labTest') return {};
  const { labTestName } = argument as Record<string, unknown>;
  return typeof labTestName === 'string' && labTestName.trim() !== '' ? { [form.source.labTestId]: labTestName.trim() } : {};
}

function formFromArgument(argument: unknown): LabMarkersForm | undefined {
  if (typeof argument === 'string' && argument.trim() !== '') {
    return firstPageOf({ kind: 'labTest', labTestId: argument.trim(), labAccountId: '' });
  }
  if (!argument || typeof argument !== 'object') return undefined;
  // A whole form (a panel asks for its twin in another environment): lab test or order set.
  const whole = parseLabMarkersForm(argument);
  if (whole) return whole;
  const { labTestId, labAccountId, page, size } = argument as Record<string, unknown>;
  if (typeof labTestId !== 'string' || labTestId.trim() === '') return undefined;
  const form = firstPageOf({ kind: 'labTest', labTestId: labTestId.trim(), labAccountId: typeof labAccountId === 'string' ? labAccountId : '' });
  return { ...form, page: typeof page === 'number' ? page : form.page, size: typeof size === 'number' ? size : form.size };
}
