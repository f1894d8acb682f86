/** The `default` of an exhaustive switch: a compile error when a message type is left unhandled. */
export function assertNever(value: never, what = 'message'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
