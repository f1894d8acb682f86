// Allocation-free checks of the well-formed responses, run before zod: a body that passes is
// returned as parsed (zod would return a field-by-field copy of it, loose objects keep every field
// either way), and only a body that fails goes through zod, for the field path of the problem.
// They mirror src/api/schemas.ts; test/unit/fastChecks.test.ts holds them to zod's verdicts on
// generated and mutated payloads, so the two cannot drift apart unnoticed.

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): boolean => Number.isSafeInteger(value);
const nullable = (check: Check): Check => (value) => value === null || check(value);
const nullish = (check: Check): Check => (value) => value === null || value === undefined || check(value);
function arrayOf(check: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return false;
    for (let index = 0; index < value.length; index++) if (!check(value[index])) return false;
    return true;
  };
}

/** A loose object: every listed field passes its check (absent reads as undefined); others pass. */
function object(fields: Record<string, Check>): Check {
  const names = Object.keys(fields);
  const checks = names.map((name) => fields[name] as Check);
  return (value) => {
    if (!isObject(value)) return false;
    for (let index = 0; index < names.length; index++) if (!(checks[index] as Check)(value[names[index] as string])) return false;
    return true;
  };
}

function recordOf(check: Check): Check {
  return (value) => {
    if (!isObject(value)) return false;
    for (const name in value) if (Object.hasOwn(value, name) && !check(value[name])) return false;
    return true;
  };
}

const connectedSource = object({ created_on: isString, source: object({ logo: isString, name: isString, slug: isString }) });
const sourced = object({ id: isString, source_slug: isString, updated_at: isString });

export const isUser = object({
  user_id: isString,
  team_id: isString,
  client_user_id: isString,
  created_on: isString,
  connected_sources: arrayOf(connectedSource),
  fallback_time_zone: nullable(sourced),
  fallback_birth_date: nullish(object({ value: isString, source_slug: isString, updated_at: isString })),
  ingestion_start: nullish(isString),
  ingestion_end: nullish(isString),
});

export const isUserList = object({ users: arrayOf(isUser), total: isInt, offset: isInt, limit: isInt });

const reading = object({ systolic: isNumber, diastolic: isNumber, timestamp: isString, unit: isString });
const group = object({ data: arrayOf(reading), source: object({ provider: isString, type: isString }) });

export const isGroupedBloodPressure = object({
  groups: recordOf(arrayOf(group)),
  next_cursor: nullish(isString),
  next: nullish(isString),
});

const loinc = object({ id: isInt, name: isString, slug: isString, code: isString, unit: nullable(isString) });
const expectedResult = object({ id: isInt, name: isString, slug: isString, lab_id: isInt, provider_id: isString, loinc });
const marker = object({
  id: isInt,
  name: isString,
  slug: isString,
  description: isString,
  lab_id: isInt,
  provider_id: isString,
  type: isString,
  unit: nullable(isString),
  price: isString,
  expected_results: arrayOf(expectedResult),
});

export const isMarkerPage = object({ markers: arrayOf(marker), total: isInt, page: isInt, size: isInt });
