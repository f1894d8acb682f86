import * as vscode from 'vscode';
import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import { CONFIG_SECTION, SETTINGS } from '../constants';
import { apiKeyHeaderFor, DEFAULT_BASE_URLS, type BaseUrlSettings, type RemoteEnvironmentId } from '../domain/environments';

/** How the embedded local sandbox shapes its bodies (src/sandbox/data/vendorShape.ts). */
export type LocalSandboxShape = 'spec' | 'vendor';

export const USERS_PAGE_SIZE_DEFAULT = 100;
export const USERS_PAGE_SIZE_MAX = 500;

/** Typed, validated reads of the shell's settings. The API key is never a setting. */
export class ShellSettings {
  private config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(CONFIG_SECTION);
  }

  usersPageSize(): number {
    const value = this.config().get<number>(SETTINGS.usersPageSize, USERS_PAGE_SIZE_DEFAULT);
    if (typeof value !== 'number' || !Number.isFinite(value)) return USERS_PAGE_SIZE_DEFAULT;
    return Math.min(USERS_PAGE_SIZE_MAX, Math.max(1, Math.floor(value)));
  }

  baseUrls(): BaseUrlSettings {
    const read = (id: RemoteEnvironmentId, fallback: string): string => {
      const value = this.config().get<string>(`${SETTINGS.baseUrlPrefix}${id}`, fallback);
      return typeof value === 'string' ? value : fallback;
    };
    return {
      sandboxUs: read('sandboxUs', DEFAULT_BASE_URLS.sandboxUs),
      sandboxEu: read('sandboxEu', DEFAULT_BASE_URLS.sandboxEu),
      productionUs: read('productionUs', DEFAULT_BASE_URLS.productionUs),
      productionEu: read('productionEu', DEFAULT_BASE_URLS.productionEu),
      custom: read('custom', ''),
    };
  }

  /** Saved in the user's settings: base URLs are application-scoped, a workspace cannot redirect a key. */
  setCustomBaseUrl(url: string): Thenable<void> {
    return this.config().update(`${SETTINGS.baseUrlPrefix}custom`, url, vscode.ConfigurationTarget.Global);
  }

  affectsBaseUrls(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SETTINGS.baseUrlPrefix.replace(/\.$/, '')}`);
  }

  /**
   * The header that carries the key in `id` (at `baseUrl`): the setting's when it names a valid
   * header, else the environment's default (the vendor's on the vendor's hosts, see
   * apiKeyHeaderFor).
   */
  apiKeyHeader(id: RemoteEnvironmentId, baseUrl: string | undefined): string {
    const value = this.config().get<Record<string, unknown>>(SETTINGS.apiKeyHeader, {});
    const configured = value && typeof value === 'object' ? value[id] : undefined;
    // A setting that names no valid header is as good as none (the settings editor flags it).
    const target = { environment: id, baseUrl };
    return apiKeyHeaderFor(target, configured) ?? apiKeyHeaderFor(target) ?? DEFAULT_API_KEY_HEADER;
  }

  /**
   * Sets `healthData.apiKeyHeader` of `id` in the user's settings, keeping the other environments'
   * (application-scoped like the base URLs: a workspace cannot move the key to another header).
   */
  setApiKeyHeader(id: RemoteEnvironmentId, header: string): Thenable<void> {
    const current = this.config().get<Record<string, unknown>>(SETTINGS.apiKeyHeader, {});
    const value = current && typeof current === 'object' ? { ...current, [id]: header } : { [id]: header };
    return this.config().update(SETTINGS.apiKeyHeader, value, vscode.ConfigurationTarget.Global);
  }

  affectsApiKeyHeader(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SETTINGS.apiKeyHeader}`);
  }

  /** `healthData.localSandbox.shape`: the spec's fields exactly (default), or as the vendor's schema allows. */
  localSandboxShape(): LocalSandboxShape {
    return this.config().get<unknown>(SETTINGS.localSandboxShape, 'spec') === 'vendor' ? 'vendor' : 'spec';
  }

  affectsLocalSandboxShape(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SETTINGS.localSandboxShape}`);
  }

  /** `healthData.contractLens.enabled`: check every response against the spec (default true). */
  contractLensEnabled(): boolean {
    return this.config().get<unknown>(SETTINGS.contractLensEnabled, true) !== false;
  }

  affectsContractLens(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SETTINGS.contractLensEnabled}`);
  }

  affectsUsersPageSize(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SETTINGS.usersPageSize}`);
  }
}

/** The setting id to open when the base URL of `id` needs attention. */
export function baseUrlSettingId(id: RemoteEnvironmentId): string {
  return `${CONFIG_SECTION}.${SETTINGS.baseUrlPrefix}${id}`;
}
