// Which editor a copied link opens in. A link's scheme is the editor the OS hands it to: vscode://
// opens desktop VS Code, vscode-insiders:// Insiders; the editor's own scheme (code-oss in
// code-server, vscodium…) opens only that kind of editor, and in a browser nothing at all. A browser
// workspace has no shareable scheme: VS Code's asExternalUri there makes a callback URL that only
// the window that made it answers (code-server's workbench polls its own localStorage for it), so a
// teammate in a browser opens the link with Open Link…, which takes any of these schemes.

export type LinkKind = 'vscode' | 'vscodeInsiders' | 'thisEditor';

const SCHEMES: Record<Exclude<LinkKind, 'thisEditor'>, string> = { vscode: 'vscode', vscodeInsiders: 'vscode-insiders' };

export function linkScheme(kind: LinkKind, ownScheme: string): string {
  return kind === 'thisEditor' ? ownScheme : SCHEMES[kind];
}

/**
 * The kinds Copy Link offers, first the one most likely meant; a single kind is copied without
 * asking. Desktop VS Code (and Insiders) copies its own scheme, as a teammate in the same editor
 * expects; any other editor, or a browser, offers a choice and never its own scheme first.
 */
export function offeredLinkKinds(ownScheme: string, inBrowser: boolean): LinkKind[] {
  if (inBrowser) return ['vscode', 'vscodeInsiders'];
  if (ownScheme === 'vscode' || ownScheme === 'vscode-insiders') return ['thisEditor'];
  return ['vscode', 'vscodeInsiders', 'thisEditor'];
}

export function isLinkKind(value: unknown): value is LinkKind {
  return value === 'vscode' || value === 'vscodeInsiders' || value === 'thisEditor';
}
