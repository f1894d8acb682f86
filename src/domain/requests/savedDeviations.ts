// The contract lens's findings as a request record keeps them: redacted on the way in (paths and
// values come from the server), and read back defensively from the saved state of an earlier window.
import { isDeviationKind, type Deviation } from '../../api/contract/deviations';
import { redactText } from '../../api/redaction';

/** A copy with every echo of `secret` gone from what the server chose: paths, keys and values. */
export function redactDeviations(deviations: readonly Deviation[], secret: string): Deviation[] {
  return deviations.map((deviation) => ({
    ...deviation,
    path: redactText(deviation.path, secret),
    pattern: redactText(deviation.pattern, secret),
    paths: deviation.paths.map((path) => redactText(path, secret)),
    ...(deviation.value !== undefined ? { value: redactText(deviation.value, secret) } : {}),
  }));
}

/**
 * Saved deviations, which an older version or a hand edit may have changed: a list keeps its
 * well-formed entries; anything else (not a list) reads as "not checked".
 */
export function parseSavedDeviations(value: unknown): Deviation[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isDeviation).map((deviation) => ({ ...deviation, paths: [...deviation.paths] }));
}

function isDeviation(value: unknown): value is Deviation {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<Record<keyof Deviation, unknown>>;
  return (
    typeof d.kind === 'string' &&
    isDeviationKind(d.kind) &&
    typeof d.path === 'string' &&
    typeof d.pattern === 'string' &&
    isCount(d.count) &&
    isCount(d.of) &&
    Array.isArray(d.paths) &&
    d.paths.every((path) => typeof path === 'string') &&
    (d.value === undefined || typeof d.value === 'string') &&
    typeof d.spec === 'string' &&
    typeof d.section === 'string'
  );
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
