import { CONTEXT_KEYS, REQUEST_COMMANDS } from '../../constants';
import { requestDocumentName, requestDocumentText } from '../../domain/requests/requestPresentation';
import type { RequestRecords } from '../../domain/requests/requestRecords';
import type { JsonDocumentProvider } from '../../jsonDocuments/jsonDocumentProvider';
import { requestWords } from '../../l10n/requestStrings';
import type { Command } from '../../services';
import { markDone } from '../../views/walkthroughProgress';
import { requestArgument } from './requestArgument';

/** A read-only document: the request as sent (key redacted), then the response as received. */
export class OpenRequestCommand implements Command {
  readonly id = REQUEST_COMMANDS.open;

  constructor(
    private readonly records: RequestRecords,
    private readonly documents: JsonDocumentProvider,
  ) {}

  async execute(argument?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records);
    if (!node || node.kind === 'message') return;
    const words = requestWords();
    const pages = node.kind === 'load' ? node.pages : [node.record];
    const first = pages[0];
    if (!first) return;
    const text = pages.map((record) => requestDocumentText(record, words)).join(`\n${'─'.repeat(72)}\n\n`);
    await this.documents.openText(requestDocumentName(first, 'http', words), text);
    markDone(CONTEXT_KEYS.walkthroughRequestsRead);
  }
}
