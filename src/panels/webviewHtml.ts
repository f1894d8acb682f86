// The one HTML page both panels use: a fresh nonce per render, a strict CSP, and only files from
// dist/webview and media. The page holds no data: everything arrives later as messages.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export type WebviewBundle = 'bloodPressure' | 'labMarkers' | 'diagnosis' | 'coverageScan';

export function webviewRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: webviewRoots(extensionUri) };
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    // The nonce is for the toolkit's one <style> probe (it reads <meta property="csp-nonce">);
    // everything else comes from our bundled stylesheet or constructable stylesheets.
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} https:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** `title`: the panel's title, the page's <title> for a screen reader (axe: document-title); escaped here. */
export function renderWebviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, bundle: WebviewBundle, title: string): string {
  const nonce = randomBytes(18).toString('base64');
  const asset = (file: string): string =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', file)).toString();
  const language = vscode.env.language.replace(/[^A-Za-z0-9-]/g, '');
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview.cspSource, nonce)}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtmlText(title)}</title>
<link rel="stylesheet" href="${asset(`${bundle}.css`)}">
</head>
<body>
<script nonce="${nonce}" src="${asset(`${bundle}.js`)}"></script>
</body>
</html>`;
}

/** Text safe inside an HTML element (a client_user_id in a title is data, never markup). */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
