// Lab-test names remembered per environment in globalState (ids and names only), so a panel's tab
// can say "Lipid panel" instead of a uuid after the name was seen once.
import type * as vscode from 'vscode';
import { LAB_TEST_NAMES_STATE_KEY } from '../constants';
import { labTestNameAnywhere } from '../domain/labs/labTestChoices';
import { labTestNamesOf, parseLabTestNameBook, rememberLabTestNames, type LabTestNameBook } from '../domain/labs/labTestNames';

export class LabTestNameStore {
  constructor(private readonly state: vscode.Memento) {}

  namesOf(environment: string, ids: readonly string[]): Record<string, string> {
    return labTestNamesOf(parseLabTestNameBook(this.state.get(LAB_TEST_NAMES_STATE_KEY)), environment, ids);
  }

  /** Every environment's names (the picker and the panels use a name seen elsewhere, saying where). */
  book(): LabTestNameBook {
    return parseLabTestNameBook(this.state.get(LAB_TEST_NAMES_STATE_KEY));
  }

  /** The names of `ids`: this environment's, else one seen in another environment (`seenIn` names it). */
  namesAnywhere(environment: string, ids: readonly string[]): { names: Record<string, string>; seenIn: Record<string, string> } {
    const book = this.book();
    const names: Record<string, string> = {};
    const seenIn: Record<string, string> = {};
    for (const id of ids) {
      const found = labTestNameAnywhere(book, environment, id);
      if (!found) continue;
      names[id] = found.name;
      if (found.seenIn !== undefined) seenIn[id] = found.seenIn;
    }
    return { names, seenIn };
  }

  async remember(environment: string, names: Readonly<Record<string, string>>): Promise<void> {
    if (Object.keys(names).length === 0) return;
    const book = parseLabTestNameBook(this.state.get(LAB_TEST_NAMES_STATE_KEY));
    const current = labTestNamesOf(book, environment, Object.keys(names));
    if (Object.entries(names).every(([id, name]) => current[id] === name.trim())) return;
    await this.state.update(LAB_TEST_NAMES_STATE_KEY, rememberLabTestNames(book, environment, names));
  }
}
