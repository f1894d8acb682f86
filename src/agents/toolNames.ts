// How the catalogue's tool names appear in VS Code. Tiny and free of zod: the extension reads it at
// activation; the catalogue itself loads on the first call.

/** VS Code tool names carry the extension's prefix; MCP names do not (the server is the namespace). */
export const VSCODE_TOOL_PREFIX = 'healthData_';

export function vscodeToolName(name: string): string {
  return `${VSCODE_TOOL_PREFIX}${name}`;
}

/** `healthData_diagnose_user` → `diagnose_user`; undefined for a name that is not ours. */
export function catalogueToolName(vscodeName: string): string | undefined {
  return vscodeName.startsWith(VSCODE_TOOL_PREFIX) ? vscodeName.slice(VSCODE_TOOL_PREFIX.length) : undefined;
}

/** `diagnose_user` → `healthDiagnoseUser`, what a person types after `#` in chat. */
export function toolReferenceName(name: string): string {
  return `health${name.replace(/(^|_)([a-z])/g, (_match, _separator: string, letter: string) => letter.toUpperCase())}`;
}
