import * as vscode from 'vscode';
import { REQUEST_COMMANDS } from '../../constants';
import { compareSideLabel, pathOf, rowText } from '../../domain/requests/requestPresentation';
import { loadKind, requestRows, type RequestRecord, type RequestRecords, type RequestRow } from '../../domain/requests/requestRecords';
import { requestStrings, requestWords } from '../../l10n/requestStrings';
import type { Command, RequestInspection } from '../../services';
import { pickRecord, recordOf, requestArgument } from './requestArgument';

/** Compare with…: this response against another one of the session (same path listed first). */
export class CompareRequestsCommand implements Command {
  readonly id = REQUEST_COMMANDS.compareWith;

  constructor(
    private readonly records: RequestRecords,
    private readonly inspector: RequestInspection,
  ) {}

  /** `other`: a record id to compare with, without asking (tests); for a load, any record of the other load. */
  async execute(argument?: unknown, other?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records);
    if (node?.kind === 'load') return this.compareLoad(node.loadId, node.pages, other);
    const first = node && recordOf(node);
    if (!first) return;
    const second = typeof other === 'number' ? this.records.get(other) : await this.pickOther(first);
    if (!second) return;
    await this.inspector.compareResponses(first, second);
  }

  /**
   * A load against another load that makes the same kind of requests (a replayed scan against the
   * scan, a blood-pressure load against another): those loads are offered, newest first.
   */
  private async compareLoad(loadId: string, pages: readonly RequestRecord[], other: unknown): Promise<void> {
    const kind = loadKind(pages);
    const loads = requestRows(this.records.all()).filter(
      (row): row is Extract<RequestRow, { kind: 'load' }> => row.kind === 'load' && row.loadId !== loadId && loadKind(row.pages) === kind,
    );
    let chosen: readonly RequestRecord[] | undefined;
    if (typeof other === 'number') {
      chosen = loads.find((load) => load.pages.some((page) => page.id === other))?.pages;
    } else if (loads.length === 0) {
      void vscode.window.showInformationMessage(requestStrings.noOtherLoad());
      return;
    } else {
      const words = requestWords();
      const first = pages[0];
      const items = loads.map((load) => {
        const text = rowText(load, words);
        return { label: text.label, description: load.pages[0] ? `${words.sentTime(load.pages[0].startedAt)} · ${text.description}` : text.description, load };
      });
      const title = requestStrings.pickOther(first ? rowText({ kind: 'load', loadId, pages: [...pages] }, words).label : '');
      chosen = (await vscode.window.showQuickPick(items, { title, matchOnDescription: true }))?.load.pages;
    }
    if (chosen) await this.inspector.compareLoads(pages, chosen);
  }

  private async pickOther(first: RequestRecord): Promise<RequestRecord | undefined> {
    const others = this.records.all().filter((record) => record.id !== first.id && record.responseBody !== undefined);
    if (others.length === 0) {
      void vscode.window.showInformationMessage(requestStrings.noOtherRequest());
      return undefined;
    }
    const samePath = new Set(others.filter((record) => pathOf(record) === pathOf(first)).map((record) => record.id));
    // Same operation first: "the same request before and after a fix" is the usual comparison.
    const ordered = [...others.filter((record) => !samePath.has(record.id)), ...others.filter((record) => samePath.has(record.id))];
    return pickRecord(ordered, requestStrings.pickOther(compareSideLabel(first, requestWords())));
  }
}
