import { PANEL_COMMANDS } from '../constants';
import { firstPageOf, type LabMarkersForm, type LabMarkersSource } from '../domain/labs/labMarkersForm';
import type { Panels } from '../panels/panels';
import type { Command, ExtensionServices } from '../services';
import { askOrderSet } from './labTestInputs';

/**
 * Health Data: Show Order Set Markers. Asks for the order set's lab_test_ids and add-on
 * provider_ids; an argument `{ labTestIds?, providerIds?, markerIds?, labAccountId?, page?, size? }` skips that
 * (`markerIds`: add-on markers by the service's integer marker ids, sent as `add_on.marker_ids`).
 */
export class ShowOrderSetMarkersCommand implements Command {
  readonly id = PANEL_COMMANDS.showOrderSetMarkers;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  async execute(argument?: unknown): Promise<void> {
    const form = formFromArgument(argument) ?? (await this.ask());
    if (form) await this.panels.showLabMarkers(form);
  }

  private async ask(): Promise<LabMarkersForm | undefined> {
    const orderSet = await askOrderSet(this.services);
    if (!orderSet) return undefined;
    return firstPageOf({ kind: 'orderSet', ...orderSet, labAccountId: '' });
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

function integers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isSafeInteger(item) && item >= 0) : [];
}

function formFromArgument(argument: unknown): LabMarkersForm | undefined {
  if (!argument || typeof argument !== 'object') return undefined;
  const { labTestIds, providerIds, markerIds, labAccountId, page, size } = argument as Record<string, unknown>;
  const addOnMarkers = integers(markerIds);
  const source: LabMarkersSource = {
    kind: 'orderSet' as const,
    labTestIds: strings(labTestIds),
    providerIds: strings(providerIds),
    ...(addOnMarkers.length > 0 ? { markerIds: addOnMarkers } : {}),
    labAccountId: typeof labAccountId === 'string' ? labAccountId : '',
  };
  if (source.labTestIds.length === 0 && source.providerIds.length === 0 && addOnMarkers.length === 0) return undefined;
  const form = firstPageOf(source);
  return { ...form, page: typeof page === 'number' ? page : form.page, size: typeof size === 'number' ? size : form.size };
}
