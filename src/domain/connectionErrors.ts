// Why the active environment cannot make a request before any request is sent. Views and panels
// catch these next to HealthApiError and offer the matching next step. Recognised by name, not by
// instanceof: the panels live in their own lazily loaded bundle (dist/panels.js) with its own copy
// of these classes, and the connection that throws them is in dist/extension.js.
import type { BaseUrlCheck, EnvironmentId } from './environments';

/** The environment needs an API key and none is stored for it. */
export class MissingApiKeyError extends Error {
  constructor(readonly environment: EnvironmentId) {
    super(`No API key is set for the ${environment} environment`);
    this.name = 'MissingApiKeyError';
  }
}

/** The environment's base URL setting is empty, malformed or would send the key over plain http. */
export class BaseUrlSettingError extends Error {
  constructor(
    readonly environment: EnvironmentId,
    readonly problem: Exclude<BaseUrlCheck, { ok: true }>['problem'],
  ) {
    super(`The base URL of the ${environment} environment cannot be used (${problem})`);
    this.name = 'BaseUrlSettingError';
  }
}

export function isMissingApiKeyError(error: unknown): error is MissingApiKeyError {
  return error instanceof Error && error.name === 'MissingApiKeyError' && typeof (error as Partial<MissingApiKeyError>).environment === 'string';
}

export function isBaseUrlSettingError(error: unknown): error is BaseUrlSettingError {
  return error instanceof Error && error.name === 'BaseUrlSettingError' && typeof (error as Partial<BaseUrlSettingError>).problem === 'string';
}
