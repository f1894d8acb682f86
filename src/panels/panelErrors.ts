// Turns any failure of a panel's request into what the panel shows: a title, the explanation, a
// 422's problems field by field, and the next steps as buttons.
import { otherApiKeyHeader } from '../api/apiKeyHeader';
import { isHealthApiError } from '../api/errors';
import { describeFailure, failureDetail, type NextStep } from '../domain/errorNextStep';
import { failureTitle, nextStepLabel } from '../l10n/shellStrings';
import { panelFailureStrings } from '../l10n/panelFailureStrings';
import { panelErrors } from '../l10n/panelStrings';
import { validationFields } from '../domain/validationDetail';
import type { PanelErrorField, PanelErrorView } from '../shared/panelError';

/** What a 404 means for the panel that got it. */
export type NotFoundMeaning =
  | { kind: 'user'; clientUserId: string }
  | { kind: 'labTest'; labTestId: string }
  | { kind: 'orderSet' }
  /** Nothing in particular (a list of every user): the client's own wording stands. */
  | { kind: 'none' };

export function panelErrorView(error: unknown, environment: string, notFound: NotFoundMeaning): PanelErrorView {
  const failure = describeFailure(error);
  const title = failureTitle(failure.kind, failure.status, environment);
  let message = failureDetail(error, failure.kind);
  let fields: PanelErrorField[] = [];
  if (failure.kind === 'not_found' && notFound.kind !== 'none') message = notFoundMessage(notFound, environment);
  if (isHealthApiError(error) && error.kind === 'invalid_request' && Array.isArray(error.detail)) {
    fields = validationFields(error.detail);
    if (fields.length > 0) message = panelErrors.validation();
  }
  const steps: NextStep[] = [failure.nextStep];
  if (failure.nextStep !== 'retry' && failure.nextStep !== 'retryLater') steps.push('retry');
  const otherHeader = isHealthApiError(error) && error.status === 401 ? otherApiKeyHeader(error.keyHeader) : undefined;
  const actions: PanelErrorView['actions'] = steps.map((action) => ({ action, label: nextStepLabel(action) }));
  // A 401 is as likely the header as the key: the other header comes first.
  if (otherHeader) actions.unshift({ action: 'useOtherKeyHeader', label: panelFailureStrings.tryKeyHeader(otherHeader) });
  const rawResponse = isHealthApiError(error) && error.responseBody !== undefined;
  return { title, message, fields, actions, ...(rawResponse ? { rawResponse } : {}) };
}

/** A query that fails the form checks: said in the panel, never sent. */
export function formProblemView(message: string): PanelErrorView {
  return { title: panelErrors.formProblemTitle(), message, fields: [], actions: [] };
}

function notFoundMessage(meaning: Exclude<NotFoundMeaning, { kind: 'none' }>, environment: string): string {
  switch (meaning.kind) {
    case 'user':
      return panelErrors.unknownUser(meaning.clientUserId, environment);
    case 'labTest':
      return panelErrors.unknownLabTest(meaning.labTestId, environment);
    case 'orderSet':
      return panelErrors.unknownOrderSet(environment);
  }
}
