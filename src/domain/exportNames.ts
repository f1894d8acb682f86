// File names of the panels' exports: safe on every file system, and carrying the whole query, so
// two exports of different queries never share a name.
import type { BloodPressureForm } from './bloodPressure/bloodPressureQuery';

/** A file-name-safe version of an id or a query value the API or the user gave us. */
export function fileNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'export';
}

/** `blood-pressure-<client_user_id>-<start>_<end or now>-<provider or all-providers>` (no extension). */
export function bloodPressureExportName(clientUserId: string, form: BloodPressureForm | undefined): string {
  if (!form) return `blood-pressure-${fileNamePart(clientUserId)}`;
  const range = `${fileNamePart(form.startDate.trim())}_${form.endDate.trim() ? fileNamePart(form.endDate.trim()) : 'now'}`;
  const provider = form.provider.trim() ? fileNamePart(form.provider.trim()) : 'all-providers';
  return `blood-pressure-${fileNamePart(clientUserId)}-${range}-${provider}`;
}
