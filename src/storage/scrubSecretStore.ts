import { createHash, randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { SCRUB_SECRET_KEY_PREFIX } from '../constants';

/**
 * The scrubber's key: 32 random bytes per workspace, created on first use and kept in SecretStorage
 * only. It is what makes pseudonyms stable within a workspace (and irreversible without it); it is
 * never shown, logged or written anywhere else.
 */
export class ScrubSecretStore {
  private pending: Promise<string> | undefined;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly workspaceKey: () => string = currentWorkspaceKey,
  ) {}

  /** The secret of the open workspace, created the first time it is needed. */
  secret(): Promise<string> {
    // One creation at a time: two doors used at once must not each create a secret.
    this.pending ??= this.readOrCreate().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async readOrCreate(): Promise<string> {
    const key = `${SCRUB_SECRET_KEY_PREFIX}${this.workspaceKey()}`;
    const stored = await this.secrets.get(key);
    if (stored) return stored;
    const created = randomBytes(32).toString('base64url');
    await this.secrets.store(key, created);
    return created;
  }
}

/**
 * Names the open workspace without putting its path in the key: the workspace file, else the first
 * folder, else one shared key for windows without a folder.
 */
export function currentWorkspaceKey(): string {
  const where = vscode.workspace.workspaceFile ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!where) return 'noWorkspace';
  return createHash('sha256').update(where.toString()).digest('hex').slice(0, 32);
}
