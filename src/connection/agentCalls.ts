// Which agent tool a request is made for, carried through async calls like the paged load id: every
// request made inside inAgentCall() is recorded and logged as made for that tool.
import { AsyncLocalStorage } from 'node:async_hooks';

const calls = new AsyncLocalStorage<string>();

export function inAgentCall<T>(toolName: string, work: () => Promise<T>): Promise<T> {
  return calls.run(toolName, work);
}

export function currentAgentTool(): string | undefined {
  return calls.getStore();
}
