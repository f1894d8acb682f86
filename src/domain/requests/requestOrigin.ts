// What made a request, as the Requests view names it (its label, tooltip and filter).
export const REQUEST_ORIGINS = [
  'panel',
  'lookup',
  'keyCheck',
  'compare',
  'scan',
  'diagnosis',
  'agentTool',
  'notebook',
  'replay',
  'tree',
] as const;

export type RequestOrigin = (typeof REQUEST_ORIGINS)[number];

export function isRequestOrigin(value: unknown): value is RequestOrigin {
  return typeof value === 'string' && (REQUEST_ORIGINS as readonly string[]).includes(value);
}
