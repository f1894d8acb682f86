// Runtime schemas of the wire JSON (snake_case, as the service sends it). Objects are "loose":
// unknown extra fields pass through untouched, so a newer server never breaks an older client.
// Classic zod: its object parser is compiled (JIT), which keeps validation close to a bare JSON.parse.
// Its size is paid only when the lazily required client bundle loads, never at activation.
import { z } from 'zod';

export const connectedSourceSchema = z.looseObject({
  created_on: z.string(),
  source: z.looseObject({
    logo: z.string(),
    name: z.string(),
    slug: z.string(),
  }),
});

export const fallbackTimeZoneSchema = z.looseObject({
  id: z.string(),
  source_slug: z.string(),
  updated_at: z.string(),
});

export const fallbackBirthDateSchema = z.looseObject({
  value: z.string(),
  source_slug: z.string(),
  updated_at: z.string(),
});

export const userSchema = z.looseObject({
  user_id: z.string(),
  team_id: z.string(),
  client_user_id: z.string(),
  created_on: z.string(),
  connected_sources: z.array(connectedSourceSchema),
  // The spec marks it required, but the real service returns null for users that never had one.
  fallback_time_zone: z.nullable(fallbackTimeZoneSchema),
  fallback_birth_date: z.nullish(fallbackBirthDateSchema),
  ingestion_start: z.nullish(z.string()),
  ingestion_end: z.nullish(z.string()),
});

export const userListSchema = z.looseObject({
  users: z.array(userSchema),
  total: z.int(),
  offset: z.int(),
  limit: z.int(),
});

export const bloodPressureReadingSchema = z.looseObject({
  systolic: z.number(),
  diastolic: z.number(),
  timestamp: z.string(),
  unit: z.string(),
});

export const bloodPressureGroupSchema = z.looseObject({
  data: z.array(bloodPressureReadingSchema),
  source: z.looseObject({
    provider: z.string(),
    type: z.string(),
  }),
});

export const groupedBloodPressureSchema = z.looseObject({
  groups: z.record(z.string(), z.array(bloodPressureGroupSchema)),
  next_cursor: z.nullish(z.string()),
  /** Deprecated by the service; read only when next_cursor is absent. */
  next: z.nullish(z.string()),
});

export const loincSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  code: z.string(),
  unit: z.nullable(z.string()),
});

export const expectedResultSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  lab_id: z.int(),
  provider_id: z.string(),
  loinc: loincSchema,
});

export const markerSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  lab_id: z.int(),
  provider_id: z.string(),
  type: z.string(),
  unit: z.nullable(z.string()),
  price: z.string(),
  expected_results: z.array(expectedResultSchema),
});

export const markerPageSchema = z.looseObject({
  markers: z.array(markerSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});

export type ConnectedSource = z.infer<typeof connectedSourceSchema>;
export type FallbackTimeZone = z.infer<typeof fallbackTimeZoneSchema>;
export type FallbackBirthDate = z.infer<typeof fallbackBirthDateSchema>;
export type User = z.infer<typeof userSchema>;
export type UserList = z.infer<typeof userListSchema>;
export type BloodPressureReading = z.infer<typeof bloodPressureReadingSchema>;
export type BloodPressureGroup = z.infer<typeof bloodPressureGroupSchema>;
export type GroupedBloodPressure = z.infer<typeof groupedBloodPressureSchema>;
export type Loinc = z.infer<typeof loincSchema>;
export type ExpectedResult = z.infer<typeof expectedResultSchema>;
export type Marker = z.infer<typeof markerSchema>;
export type MarkerPage = z.infer<typeof markerPageSchema>;

/** FastAPI's 422 item: `{loc, msg, type}`. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
