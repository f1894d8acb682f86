// Allocation-free checks of the well-formed responses, run before zod: a body that passes is
// returned as parsed (zod would return a field-by-field copy of it, loose objects keep every field
// either way), and only a body that fails goes through zod, for the field path of the problem.
// They mirror src/api/schemas.ts (see there what is refused and why); test/unit/fastChecks.test.ts
// holds them to zod's verdicts on generated and mutated payloads, so the two cannot drift apart.
// Built from src/api/shapedChecks.ts, so the contract lens can run them inside its own walk.

import { arrayOf, nullable, nullish, object, recordOf, type ShapedCheck } from './shapedChecks';

const isString = (value: unknown): boolean => typeof value === 'string';
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): boolean => Number.isSafeInteger(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = nullish(isString);
const int = nullish(isInt);
const flag = nullish(isBoolean);
const anything: ShapedCheck = () => true;

const provider = object({ logo: text, name: text, slug: text });
const hasSlug = (value: unknown): boolean => isObject(value) && typeof value.slug === 'string';
const connectedSource = object({ created_on: text, provider: nullish(provider), source: nullish(provider) }, (value) =>
  hasSlug((value as Record<string, unknown>).provider) || hasSlug((value as Record<string, unknown>).source),
);
const sourced = object({ id: text, source_slug: text, updated_at: text });

export const isUser = object({
  user_id: isString,
  client_user_id: isString,
  team_id: text,
  created_on: text,
  connected_sources: nullish(arrayOf(connectedSource)),
  fallback_time_zone: nullish(sourced),
  fallback_birth_date: nullish(object({ value: text, source_slug: text, updated_at: text })),
  ingestion_start: text,
  ingestion_end: text,
});

export const isUserList = object({ users: arrayOf(isUser), total: isInt, offset: isInt, limit: isInt });

const reading = object({
  systolic: isNumber,
  diastolic: isNumber,
  timestamp: isString,
  unit: text,
  timezone_offset: int,
  id: int,
  type: text,
  grouping: nullish(arrayOf(nullable(isString))),
});
const source = object({
  provider: isString,
  type: text,
  app_id: text,
  device_id: text,
  sport: text,
  workout_id: text,
  name: text,
  slug: text,
  logo: text,
});
const group = object({ data: arrayOf(reading), source });

export const isGroupedBloodPressure = object({
  groups: recordOf(arrayOf(group)),
  next_cursor: text,
  next: text,
});

const loinc = object({ id: int, name: text, slug: text, code: text, unit: text });
const expectedResult = object({
  id: isInt,
  name: text,
  slug: text,
  lab_id: int,
  provider_id: text,
  required: flag,
  loinc: nullish(loinc),
});
const answer = object({ id: isInt, code: text, value: text });
const question = object({
  id: isInt,
  required: flag,
  code: text,
  value: text,
  type: text,
  sequence: int,
  answers: nullish(arrayOf(answer)),
  constraint: text,
  default: text,
});
const marker = object({
  id: isInt,
  name: text,
  slug: text,
  description: text,
  lab_id: int,
  provider_id: text,
  type: text,
  unit: text,
  price: text,
  expected_results: nullish(arrayOf(expectedResult)),
  aoe: nullish(object({ questions: nullish(arrayOf(question)) })),
  a_la_carte_enabled: flag,
  common_tat_days: int,
  worst_case_tat_days: int,
  is_orderable: flag,
});
const price = object({ base_amount_minor: int, unspecified: text, modifiers: nullish(arrayOf(anything)) });
const pricing = object({ currency: text, data: nullish(recordOf(price)) });

export const isMarkerPage = object({
  markers: arrayOf(marker),
  total: int,
  page: int,
  size: int,
  pages: int,
  pricing: nullish(pricing),
});
