// The notebook renderer has no vscode.l10n: when it starts in a notebook's output page it asks for
// its words (`stringsRequest`) and this answers with the localized set. Register once, beside the
// notebook's serializer and controller; its disposable goes to context.subscriptions.
import * as vscode from 'vscode';
import { notebookRendererStrings } from '../l10n/notebookRendererStrings';
import { isNotebookRendererMessage, NOTEBOOK_RENDERER_ID, type NotebookRendererHostMessage } from '../shared/notebookRendererProtocol';

export function registerNotebookRendererStrings(): vscode.Disposable {
  const messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);
  return messaging.onDidReceiveMessage(({ editor, message }) => {
    if (!isNotebookRendererMessage(message)) return;
    const reply: NotebookRendererHostMessage = { type: 'strings', strings: notebookRendererStrings() };
    void messaging.postMessage(reply, editor);
  });
}
