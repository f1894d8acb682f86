// Inputs of the lab-marker commands. While the local sandbox is active its sample lab tests are
// offered by name; any id can still be typed.
import * as vscode from 'vscode';
import { parseIdList } from '../domain/markerTable';
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
  if (samples.length === 0) {
    const typed = await vscode.window.showInputBox({
      title: pickerStrings.labTestTitle(),
      prompt: pickerStrings.labTestPrompt(),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? pickerStrings.labTestEmpty() : undefined),
    });
    return typed?.trim();
  }
  const sampleItems: LabTestItem[] = samples.map((s) => ({ label: s.name, description: s.id, labTestId: s.id }));
  const quickPick = vscode.window.createQuickPick<LabTestItem>();
  quickPick.title = pickerStrings.labTestTitle();
  quickPick.placeholder = pickerStrings.labTestPlaceholder();
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  quickPick.items = sampleItems;
  quickPick.onDidChangeValue((value) => {
    const typed = value.trim();
    const typedItem: LabTestItem[] =
      typed && !samples.some((s) => s.id === typed) ? [{ label: pickerStrings.useTypedId(typed), labTestId: typed, alwaysShow: true }] : [];
    quickPick.items = [...typedItem, ...sampleItems];
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
