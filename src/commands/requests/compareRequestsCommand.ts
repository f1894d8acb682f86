import * as vscode from 'vscode';
import { REQUEST_COMMANDS } from '../../constants';
import { compareSideLabel, pathOf } from '../../domain/requestPresentation';
import type { RequestRecord, RequestRecords } from '../../domain/requestRecords';
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

  /** `other`: a record id to compare with, without asking (tests). */
  async execute(argument?: unknown, other?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records);
    const first = node && recordOf(node);
    if (!first) return;
    const second = typeof other === 'number' ? this.records.get(other) : await this.pickOther(first);
    if (!second) return;
    await this.inspector.compareResponses(first, second);
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
