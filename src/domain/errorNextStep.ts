// Every failure the tree or a command shows comes with one next step. Pure, so the choice is tested.
import { isHealthApiError, type HealthApiErrorKind } from '../api/errors';
import { BaseUrlSettingError, MissingApiKeyError } from './connectionErrors';

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
    : error instanceof MissingApiKeyError
      ? 'missingApiKey'
      : error instanceof BaseUrlSettingError
        ? 'baseUrlSetting'
        : 'unexpected';
  const status = isHealthApiError(error) ? error.status : undefined;
  return { kind, nextStep: NEXT_STEP[kind], ...(status === undefined ? {} : { status }) };
}
