// What the client tells its listener about each attempt: enough for the Requests view, the request
// documents and Replay, and never the key.
import type { Deviation } from './contract/deviations';
import type { HealthApiErrorKind } from './errors';
import type { RequestOperation } from './requests';

export interface RequestLogEntry {
  method: string;
  /** Absolute URL with query; never contains the key. */
  url: string;
  status?: number;
  ms: number;
  attempt: number;
  requestId?: string;
  /** Set when the attempt failed without an HTTP status (network, timeout, cancelled...). */
  error?: HealthApiErrorKind;
  /** With `error`: the short cause ("connection refused", "timeout after 30 s", "cancelled"). */
  failure?: string;
  /** Name of the header that carried the key (never its value). */
  keyHeader?: string;
  /** The headers sent, the key header's value replaced by `<redacted>`. */
  requestHeaders?: Record<string, string>;
  /** The JSON body sent (POST). */
  requestBody?: string;
  /** Set on an attempt that followed a redirect: the URL of the attempt that answered with it. */
  redirectedFrom?: string;
  /** With a status: the response's headers and body, with any echo of the key redacted. */
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /**
   * On a successful response read with the contract lens on: how it differs from the spec (an
   * empty list when it does not). Absent when the lens is off or the response was not read.
   */
  deviations?: Deviation[];
  /** The client call this attempt belongs to, with its arguments: what a replay makes again. */
  operation?: RequestOperation;
}
