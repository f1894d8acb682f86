// Every failure the tree or a command shows comes with one next step. Pure, so the choice is tested.
import { isHealthApiError, type HealthApiErrorKind } from '../api/errors';
import { isBaseUrlSettingError, isMissingApiKeyError } from './connectionErrors';

export type NextStep = 'setApiKey' | 'checkBaseUrl' | 'retryLater' | 'retry' | 'showLog';

export type FailureKind = HealthApiErrorKind | 'missingApiKey' | 'baseUrlSetting' | 'unexpected';

export interface FailureDescription {
  kind: FailureKind;
  nextStep: NextStep;
  status?: number;
}

const NEXT_STEP: Record<FailureKind, NextStep> = {
  missingApiKey: 'setApiKey',
  unauthorized: 'setApiKey',
  forbidden: 'setApiKey',
  baseUrlSetting: 'checkBaseUrl',
  network: 'checkBaseUrl',
  rate_limited: 'retryLater',
  timeout: 'retry',
  cancelled: 'retry',
  server: 'retryLater',
  not_found: 'showLog',
  invalid_request: 'showLog',
  invalid_response: 'showLog',
  unexpected: 'showLog',
};

export function describeFailure(error: unknown): FailureDescription {
  const kind: FailureKind = isHealthApiError(error)
    ? error.kind
    : isMissingApiKeyError(error)
      ? 'missingApiKey'
      : isBaseUrlSettingError(error)
        ? 'baseUrlSetting'
        : 'unexpected';
  const status = isHealthApiError(error) ? error.status : undefined;
  return { kind, nextStep: NEXT_STEP[kind], ...(status === undefined ? {} : { status }) };
}

/** The client's message (never holds the key); our own errors are fully said by the title. */
export function failureDetail(error: unknown, kind: FailureKind): string {
  if (isHealthApiError(error)) return error.message;
  if (kind === 'unexpected' && error instanceof Error) return error.message;
  return '';
}
