// The notebook renderer's messages. It has no vscode.l10n: when it starts in a notebook's output
// page it asks for its words (`stringsRequest`) and this answers with the localized set. And a
// cell's output carries its body once, inside the result: the renderer's Open as JSON hands that
// body over (`openBody`) and it opens in the same read-only JSON editor as any raw response.
// Register once, beside the notebook's serializer and controller.
import * as vscode from 'vscode';
import { parseOperation } from '../api/replay';
import { isEnvironmentId } from '../domain/environments';
import { notebookRendererStrings } from '../l10n/notebookRendererStrings';
import type { JsonDocuments } from '../services';
import { isNotebookRendererMessage, NOTEBOOK_RENDERER_ID, type NotebookRendererHostMessage } from '../shared/notebookRendererProtocol';

export function registerNotebookRendererMessaging(documents: Pick<JsonDocuments, 'open'>): vscode.Disposable {
  const messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);
  return messaging.onDidReceiveMessage(({ editor, message }) => {
    if (!isNotebookRendererMessage(message)) return;
    if (message.type === 'openBody') {
      const operation = parseOperation(message.operation);
      // With its origin, Save Response As… writes it scrubbed as healthData.scrub.when says.
      const origin = isEnvironmentId(message.environmentId) && operation ? { environmentId: message.environmentId, operation } : undefined;
      void documents.open(message.title, message.body, origin);
      return;
    }
    const reply: NotebookRendererHostMessage = { type: 'strings', strings: notebookRendererStrings() };
    void messaging.postMessage(reply, editor);
  });
}
