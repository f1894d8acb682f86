// The lab-markers panel's tab title and heading: a lab test by its name where one is known (here,
// or seen in another environment, which the heading then names), an order set by its counts.
import type { LabMarkersSource } from '../domain/labs/labMarkersForm';
import { isEnvironmentId } from '../domain/environments';
import { labMarkersHeadings, panelTitles } from '../l10n/panelStrings';
import { environmentLabel } from '../l10n/shellStrings';

/** An environment of the names book by its label (a key not known to this version: as stored). */
export function environmentLabelOf(environment: string): string {
  return isEnvironmentId(environment) ? environmentLabel(environment) : environment;
}

export function labTestIdsOf(source: LabMarkersSource): string[] {
  return (source.kind === 'labTest' ? [source.labTestId] : source.labTestIds).map((id) => id.trim()).filter((id) => id !== '');
}

export function titleOf(source: LabMarkersSource, names: Readonly<Record<string, string>>): string {
  return source.kind === 'labTest'
    ? panelTitles.labTest(names[source.labTestId.trim()] ?? source.labTestId)
    : panelTitles.orderSet(source.labTestIds.length, source.providerIds.length);
}

/** `seenIn`: the environment (its label) where a name was seen, for names not seen in this one. */
export function headingOf(source: LabMarkersSource, names: Readonly<Record<string, string>>, seenIn: Readonly<Record<string, string>> = {}): { title: string; detail: string[] } {
  if (source.kind === 'labTest') {
    const id = source.labTestId.trim();
    const name = names[id];
    return { title: labMarkersHeadings.labTest(name), detail: [labMarkersHeadings.labTestDetail(source.labTestId, name !== undefined, name !== undefined ? seenIn[id] : undefined)] };
  }
  const detail: string[] = [];
  if (source.labTestIds.length > 0) {
    detail.push(labMarkersHeadings.orderSetLabTests(source.labTestIds.map((id) => labMarkersHeadings.orderSetItem(id, names[id])).join(', ')));
  }
  if (source.providerIds.length > 0) detail.push(labMarkersHeadings.orderSetProviders(source.providerIds.join(', ')));
  return { title: labMarkersHeadings.orderSet(source.labTestIds.length, source.providerIds.length), detail };
}
