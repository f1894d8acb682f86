// Inputs of the lab-marker commands. The lab tests this environment has shown before (its Requests
// rows, order sets among them, and the recent ones) are offered by name, a name seen only in another
// environment says where; on the local sandbox its samples follow. Any id can still be typed (with
// nothing to offer, into a box of its own).
import * as vscode from 'vscode';
import { labTestChoices, type LabTestChoice } from '../domain/labs/labTestChoices';
import { parseIdList } from '../domain/labs/markerTable';
import { isEnvironmentId } from '../domain/environments';
import { lookupStrings } from '../l10n/lookupStrings';
import { pickerStrings } from '../l10n/panelStrings';
import { environmentLabel } from '../l10n/shellStrings';
import type { ExtensionServices, SampleLabTest } from '../services';
import { LabTestNameStore } from '../storage/labTestNameStore';

interface LabTestItem extends vscode.QuickPickItem {
  labTestId: string;
}

async function sampleLabTests(services: ExtensionServices): Promise<SampleLabTest[]> {
  try {
    return (await services.connection.sampleLabTests()) ?? [];
  } catch {
    return [];
  }
}

/** What Show Lab Test Markers offers in the active environment, in the picker's order. */
export async function offeredLabTests(services: ExtensionServices): Promise<LabTestChoice[]> {
  const environment = services.connection.environment().id;
  return labTestChoices({
    environment,
    records: services.requests.recorded(),
    recent: services.recents?.get(environment).labTests ?? [],
    samples: await sampleLabTests(services),
    book: new LabTestNameStore(services.context.globalState).book(),
  });
}

export async function askLabTestId(services: ExtensionServices): Promise<string | undefined> {
  const environment = services.connection.environment().id;
  const choices = await offeredLabTests(services);
  // Nothing to offer yet: the box that says what it needs.
  const chosen = choices.length === 0 ? await typeLabTestId() : await pickLabTestId(choiceItems(choices), choices.some((choice) => choice.origin === 'sample'));
  if (chosen) {
    // Remembered with its name when this environment knows it (a name seen elsewhere stays there).
    const choice = choices.find((c) => c.id === chosen);
    const name = choice?.nameSeenIn === undefined ? choice?.name : undefined;
    void services.recents?.rememberLabTest(environment, name === undefined ? { id: chosen } : { id: chosen, name });
  }
  return chosen;
}

async function typeLabTestId(): Promise<string | undefined> {
  const typed = await vscode.window.showInputBox({
    title: pickerStrings.labTestTitle(),
    prompt: pickerStrings.labTestPrompt(),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? pickerStrings.labTestEmpty() : undefined),
  });
  return typed?.trim();
}

/** Shown before (newest first), then the samples; by name where one is known, the id beside it. */
function choiceItems(choices: readonly LabTestChoice[]): LabTestItem[] {
  const item = (choice: LabTestChoice): LabTestItem => ({
    label: choice.name ?? choice.id,
    ...(choice.name !== undefined ? { description: choice.id } : {}),
    ...(choice.nameSeenIn !== undefined ? { detail: pickerStrings.labTestNameSeenIn(isEnvironmentId(choice.nameSeenIn) ? environmentLabel(choice.nameSeenIn) : choice.nameSeenIn) } : {}),
    labTestId: choice.id,
  });
  const shown = choices.filter((choice) => choice.origin === 'shown').map(item);
  const samples = choices.filter((choice) => choice.origin === 'sample').map(item);
  const separator = (label: string): LabTestItem[] => [{ label, kind: vscode.QuickPickItemKind.Separator, labTestId: '' }];
  return [
    ...(shown.length > 0 ? [...separator(pickerStrings.labTestsShown()), ...shown] : []),
    ...(samples.length > 0 && shown.length > 0 ? separator(lookupStrings.sampleLabTests()) : []),
    ...samples,
  ];
}

async function pickLabTestId(offered: LabTestItem[], hasSamples: boolean): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick<LabTestItem>();
  quickPick.title = pickerStrings.labTestTitle();
  quickPick.placeholder = hasSamples ? pickerStrings.labTestPlaceholder() : pickerStrings.labTestTypePlaceholder();
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  quickPick.items = offered;
  quickPick.onDidChangeValue((value) => {
    const typed = value.trim();
    const typedItem: LabTestItem[] =
      typed && !offered.some((item) => item.labTestId === typed) ? [{ label: pickerStrings.useTypedId(typed), labTestId: typed, alwaysShow: true }] : [];
    quickPick.items = [...typedItem, ...offered];
  });
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      const id = quickPick.selectedItems[0]?.labTestId;
      if (!id) return;
      resolve(id);
      quickPick.dispose();
    });
    quickPick.onDidHide(() => {
      resolve(undefined);
      quickPick.dispose();
    });
    quickPick.show();
  });
}

/** Undefined when cancelled; '' when left empty (no lab account). */
export async function askLabAccountId(): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: pickerStrings.labAccountTitle(),
    prompt: pickerStrings.labAccountPrompt(),
    ignoreFocusOut: true,
  });
  return value?.trim();
}

export async function askOrderSet(services: ExtensionServices): Promise<{ labTestIds: string[]; providerIds: string[] } | undefined> {
  const labTestIds = await askOrderSetLabTests(services);
  if (labTestIds === undefined) return undefined;
  const providers = await vscode.window.showInputBox({
    title: pickerStrings.addOnTitle(),
    prompt: pickerStrings.addOnPrompt(),
    ignoreFocusOut: true,
    validateInput: (value) =>
      labTestIds.length === 0 && parseIdList(value).length === 0 ? pickerStrings.orderSetEmpty() : undefined,
  });
  if (providers === undefined) return undefined;
  return { labTestIds, providerIds: parseIdList(providers) };
}

async function askOrderSetLabTests(services: ExtensionServices): Promise<string[] | undefined> {
  const samples = await sampleLabTests(services);
  if (samples.length === 0) {
    const typed = await vscode.window.showInputBox({
      title: pickerStrings.orderSetTitle(),
      prompt: pickerStrings.orderSetIdsPrompt(),
      ignoreFocusOut: true,
    });
    return typed === undefined ? undefined : parseIdList(typed);
  }
  const quickPick = vscode.window.createQuickPick<LabTestItem>();
  quickPick.title = pickerStrings.orderSetTitle();
  quickPick.placeholder = pickerStrings.orderSetPickPlaceholder();
  quickPick.canSelectMany = true;
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  quickPick.items = samples.map((s) => ({ label: s.name, description: s.id, labTestId: s.id }));
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      // Typed text that filters no sample is taken as ids of its own.
      const value = quickPick.value.trim().toLowerCase();
      const filtersSamples = value !== '' && samples.some((s) => s.name.toLowerCase().includes(value) || s.id.toLowerCase().includes(value));
      const typed = filtersSamples ? [] : parseIdList(quickPick.value);
      resolve([...new Set([...quickPick.selectedItems.map((item) => item.labTestId), ...typed])]);
      quickPick.dispose();
    });
    quickPick.onDidHide(() => {
      resolve(undefined);
      quickPick.dispose();
    });
    quickPick.show();
  });
}
