// Every failure becomes a result a model can act on: what went wrong in a sentence, and the next
// step. No stack, no key (the client's errors never hold it), API strings quoted.
import { describeDetail, isHealthApiError } from '../api/errors';
import { pathAndQuery as pathOfUrl } from '../domain/requests/requestLog';
import type { AgentEnvironment, AgentToolResult } from './agentTool';
import { quoted } from './dataText';
import { failureResult } from './resultBuilder';


/** What the failed call was about, for "not found": `user "acme-42"`, `lab test "…"`. */
export interface FailureSubject {
  notFound: string;
  nextStep: string;
}

export function errorResult(tool: string, environment: AgentEnvironment, error: unknown, subject?: FailureSubject): AgentToolResult {
  const where = environment.label;
  if (isHealthApiError(error)) {
    const request = `${error.method} ${quoted(pathOfUrl(error.url))}`;
    const detail = describeDetail(error.detail);
    const said = detail ? ` The API said: ${quoted(detail, 300)}.` : '';
    const data = { kind: error.kind, status: error.status ?? null, request: { method: error.method, path: pathOfUrl(error.url) } };
    switch (error.kind) {
      case 'cancelled':
        return failureResult(tool, environment, 'the call was cancelled before it finished; nothing more was read.', 'Call again if the answer is still needed.', data);
      case 'not_found':
        return subject
          ? failureResult(tool, environment, `${subject.notFound} does not exist in ${where} (404 from ${request}).`, subject.nextStep, data)
          : failureResult(tool, environment, `${request} answered 404 in ${where}.${said}`, 'Check the ids you passed.', data);
      case 'unauthorized':
      case 'forbidden':
        return failureResult(
          tool,
          environment,
          `the API key of ${where} was refused (${error.status ?? error.kind}).`,
          `Ask the person to set a valid API key for ${where}; agents never see or set keys.`,
          data,
        );
      case 'invalid_request':
        return failureResult(tool, environment, `the API refused the parameters of ${request}.${said}`, 'Fix the input and call again.', data);
      case 'rate_limited':
        return failureResult(tool, environment, `${where} is rate limiting (429) and retries did not get through.`, 'Wait a minute, then call again with a smaller scope.', data);
      case 'server':
      case 'network':
      case 'timeout':
        return failureResult(
          tool,
          environment,
          `${request} failed in ${where} (${error.status ?? error.kind}) after retries.${said}`,
          'Call again later; recent_requests with errors_only shows the failed requests and their causes.',
          data,
        );
      case 'invalid_response':
        return failureResult(tool, environment, `${where} answered ${request} with something this tool cannot read.`, 'Tell the person; the Requests view (or recent_requests) has the response.', data);
    }
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'MissingApiKeyError') {
    return failureResult(tool, environment, `no API key is set for ${where}.`, `Ask the person to set one (VS Code: "Health Data: Set API Key…"); agents never see or set keys.`, { kind: 'missingApiKey' });
  }
  if (name === 'BaseUrlSettingError') {
    return failureResult(tool, environment, `the base URL setting of ${where} cannot be used.`, `Ask the person to fix the healthData.baseUrl setting of ${where}.`, { kind: 'baseUrlSetting' });
  }
  const message = error instanceof Error ? error.message : String(error);
  return failureResult(tool, environment, `unexpected error: ${quoted(message, 300)}.`, 'Call again; if it repeats, tell the person.', { kind: 'unexpected' });
}
