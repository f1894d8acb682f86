// Runtime schemas of the wire JSON (snake_case, as the service sends it). Objects are "loose":
// unknown extra fields pass through untouched, so a newer server never breaks an older client.
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
  fallback_time_zone: fallbackTimeZoneSchema.nullable(),
  fallback_birth_date: fallbackBirthDateSchema.nullish(),
  ingestion_start: z.string().nullish(),
  ingestion_end: z.string().nullish(),
});

export const userListSchema = z.looseObject({
  users: z.array(userSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
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
  next_cursor: z.string().nullish(),
  /** Deprecated by the service; read only when next_cursor is absent. */
  next: z.string().nullish(),
});

export const loincSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  code: z.string(),
  unit: z.string().nullable(),
});

export const expectedResultSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  lab_id: z.number().int(),
  provider_id: z.string(),
  loinc: loincSchema,
});

export const markerSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  lab_id: z.number().int(),
  provider_id: z.string(),
  type: z.string(),
  unit: z.string().nullable(),
  price: z.string(),
  expected_results: z.array(expectedResultSchema),
});

export const markerPageSchema = z.looseObject({
  markers: z.array(markerSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
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
