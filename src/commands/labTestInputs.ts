// Inputs of the lab-marker commands. While the local sandbox is active its sample lab tests are
// offered by name; any id can still be typed.
import * as vscode from 'vscode';
import { parseIdList } from '../domain/labs/markerTable';
import type { RecentLabTest } from '../domain/users/recents';
import { lookupStrings } from '../l10n/lookupStrings';
import { pickerStrings } from '../l10n/panelStrings';
import type { ExtensionServices, SampleLabTest } from '../services';

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

export async function askLabTestId(services: ExtensionServices): Promise<string | undefined> {
  const samples = await sampleLabTests(services);
  const environment = services.connection.environment().id;
  const recent = services.recents?.get(environment).labTests ?? [];
  const chosen = samples.length === 0 && recent.length === 0 ? await typeLabTestId() : await pickLabTestId(recentFirstLabTests(recent, samples), samples);
  if (chosen) {
    // Remembered with its name when one is known (a sample's, or one learnt earlier).
    const name = samples.find((s) => s.id === chosen)?.name;
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

/** Recent lab tests by name (newest first), then the samples not among them; ids stay searchable. */
function recentFirstLabTests(recent: readonly RecentLabTest[], samples: readonly SampleLabTest[]): LabTestItem[] {
  const recentIds = new Set(recent.map((r) => r.id));
  const recentItems: LabTestItem[] = recent.map((r) => ({
    label: r.name ?? samples.find((s) => s.id === r.id)?.name ?? r.id,
    description: r.id,
    labTestId: r.id,
  }));
  const sampleItems: LabTestItem[] = samples.filter((s) => !recentIds.has(s.id)).map((s) => ({ label: s.name, description: s.id, labTestId: s.id }));
  const separator = (label: string): LabTestItem[] => [{ label, kind: vscode.QuickPickItemKind.Separator, labTestId: '' }];
  return [
    ...(recentItems.length > 0 ? [...separator(lookupStrings.recentLabTests()), ...recentItems] : []),
    ...(sampleItems.length > 0 && recentItems.length > 0 ? separator(lookupStrings.sampleLabTests()) : []),
    ...sampleItems,
  ];
}

async function pickLabTestId(offered: LabTestItem[], samples: readonly SampleLabTest[]): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick<LabTestItem>();
  quickPick.title = pickerStrings.labTestTitle();
  quickPick.placeholder = samples.length > 0 ? pickerStrings.labTestPlaceholder() : lookupStrings.recentLabTestsPlaceholder();
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
