// When the server cannot start (production without --allow-production, no key, a bad flag), an MCP
// client would otherwise see only "Connection closed": its stderr is rarely shown. Started by a
// client (stdin not a terminal), the server answers the client's requests, `initialize` first, with
// a JSON-RPC error that carries the reason, then exits. Newline-delimited JSON, as MCP's stdio is.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** JSON-RPC "Invalid Request": the request is fine, this server cannot serve it as started. */
export const STARTUP_REFUSED_CODE = -32600;

/** Answers every request on `input` with `reason` until `initialize` was answered or the input ends. */
export function refuseOverStdio(reason: string, input: Readable, output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, crlfDelay: Infinity });
    const done = (): void => {
      lines.close();
      resolve();
    };
    lines.on('line', (line) => {
      let message: { id?: unknown; method?: unknown };
      try {
        message = JSON.parse(line) as { id?: unknown; method?: unknown };
      } catch {
        return;
      }
      // Notifications (no id) and responses (no method) need no answer.
      if (message === null || typeof message !== 'object' || message.id === undefined || typeof message.method !== 'string') return;
      const reply = { jsonrpc: '2.0', id: message.id, error: { code: STARTUP_REFUSED_CODE, message: reason } };
      output.write(`${JSON.stringify(reply)}\n`, () => {
        if (message.method === 'initialize') done();
      });
    });
    lines.on('close', resolve);
  });
}
