// Runtime schemas of the wire JSON (snake_case, as the service sends it): a tolerant reader.
// Objects are "loose": unknown extra fields pass through untouched, so a newer server never breaks
// an older client. Classic zod: its object parser is compiled (JIT), which keeps validation close to
// a bare JSON.parse. Its size is paid only when the lazily required client bundle loads.
//
// What is refused, and nothing else (src/api/fastChecks.ts mirrors it exactly):
//   1. a body that is not JSON (src/api/decode.ts);
//   2. the wrong top-level shape: not an object, or without the operation's list — `users` (an array,
//      with integer `total`, `offset` and `limit`, which both the spec and the vendor's schema require
//      and the Users tree pages by), `groups` (an object of arrays), `markers` (an array);
//   3. an item without what identifies it:
//      - a user without a string `user_id` and `client_user_id` (the service's id and the team's own
//        id of the user: the tree, resolve, links and pins are keyed on them);
//      - a connected source without a string slug in `provider` or in the deprecated `source`;
//      - a blood-pressure group without a `source` object naming its `provider`, or without a `data` array;
//      - a reading without a string `timestamp` and finite numbers `systolic` and `diastolic` (a
//        reading is a time and two values: without one of them there is nothing to draw or list);
//      - a marker, an expected result, an AOE question or answer without an integer `id`;
//   4. a value of another type than the field's (a number for a name, a string for an id): neither
//      the spec nor the vendor's schema sends one, and a wrongly typed value cannot be shown as what
//      it claims to be.
// Every other field may be missing or null, whatever the spec says: the value stays missing (the UI
// shows "—") and the contract lens (src/api/contract) names the deviation beside the data. Open
// values (source.type, marker type, a question's type, a unit) are kept as the strings they are.
// Fields the vendor's schema has and the spec does not are typed here as optional too.
import { z } from 'zod';

const text = z.nullish(z.string());
const int = z.nullish(z.int());
const flag = z.nullish(z.boolean());

/** The provider of a connected source: `provider` on the vendor's service, `source` in the spec. */
export const providerSchema = z.looseObject({
  logo: text,
  name: text,
  slug: text,
});

const slugOf = (value: { slug?: string | null } | null | undefined): boolean => typeof value?.slug === 'string';

export const connectedSourceSchema = z
  .looseObject({
    created_on: text,
    /** The vendor's field; read first. */
    provider: z.nullish(providerSchema),
    /** The spec's field (deprecated on the vendor's service); read when `provider` is absent. */
    source: z.nullish(providerSchema),
  })
  .refine((source) => slugOf(source.provider) || slugOf(source.source), {
    message: 'a connected source needs a slug in provider or source',
  });

export const fallbackTimeZoneSchema = z.looseObject({
  id: text,
  source_slug: text,
  updated_at: text,
});

export const fallbackBirthDateSchema = z.looseObject({
  value: text,
  source_slug: text,
  updated_at: text,
});

export const userSchema = z.looseObject({
  user_id: z.string(),
  client_user_id: z.string(),
  team_id: text,
  created_on: text,
  connected_sources: z.nullish(z.array(connectedSourceSchema)),
  fallback_time_zone: z.nullish(fallbackTimeZoneSchema),
  fallback_birth_date: z.nullish(fallbackBirthDateSchema),
  ingestion_start: text,
  ingestion_end: text,
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
  /** "mmHg" in the spec's sample; the vendor's service can send others. Open. */
  unit: text,
  /** The reading's own offset from UTC in seconds (vendor). */
  timezone_offset: int,
  /** The vendor's record id. */
  id: int,
  /** The vendor's sample type. Open. */
  type: text,
  /** The vendor's grouping keys: [source type, workout id, sport, device id]. */
  grouping: z.nullish(z.array(z.nullable(z.string()))),
});

export const bloodPressureSourceSchema = z.looseObject({
  provider: z.string(),
  /** Open: the vendor lists 16 values today and says more may come. */
  type: text,
  app_id: text,
  device_id: text,
  sport: text,
  workout_id: text,
  /** Deprecated on the vendor's service. */
  name: text,
  slug: text,
  logo: text,
});

export const bloodPressureGroupSchema = z.looseObject({
  data: z.array(bloodPressureReadingSchema),
  source: bloodPressureSourceSchema,
});

export const groupedBloodPressureSchema = z.looseObject({
  groups: z.record(z.string(), z.array(bloodPressureGroupSchema)),
  next_cursor: text,
  /** Deprecated by the service; read only when next_cursor is absent. */
  next: text,
});

export const loincSchema = z.looseObject({
  id: int,
  name: text,
  slug: text,
  code: text,
  unit: text,
});

export const expectedResultSchema = z.looseObject({
  id: z.int(),
  name: text,
  slug: text,
  lab_id: int,
  provider_id: text,
  /** Whether the result is always reported (vendor). */
  required: flag,
  /** null on the vendor's service when the result has no LOINC code. */
  loinc: z.nullish(loincSchema),
});

export const aoeAnswerSchema = z.looseObject({
  id: z.int(),
  code: text,
  value: text,
});

export const aoeQuestionSchema = z.looseObject({
  id: z.int(),
  required: flag,
  code: text,
  value: text,
  /** choice, text, numeric, multi_choice today. Open. */
  type: text,
  sequence: int,
  answers: z.nullish(z.array(aoeAnswerSchema)),
  constraint: text,
  default: text,
});

/** Ask-on-order-entry questions of a marker (vendor). */
export const aoeSchema = z.looseObject({
  questions: z.nullish(z.array(aoeQuestionSchema)),
});

export const markerSchema = z.looseObject({
  id: z.int(),
  name: text,
  slug: text,
  description: text,
  lab_id: int,
  provider_id: text,
  /** biomarker or panel today. Open. */
  type: text,
  unit: text,
  price: text,
  expected_results: z.nullish(z.array(expectedResultSchema)),
  aoe: z.nullish(aoeSchema),
  a_la_carte_enabled: flag,
  common_tat_days: int,
  worst_case_tat_days: int,
  is_orderable: flag,
});

/** One marker's price: `base_amount_minor` (cents), or `unspecified` with the reason (vendor). */
export const markerPriceSchema = z.looseObject({
  base_amount_minor: int,
  unspecified: text,
  modifiers: z.nullish(z.array(z.unknown())),
});

export const markerPricingSchema = z.looseObject({
  currency: text,
  data: z.nullish(z.record(z.string(), markerPriceSchema)),
});

export const markerPageSchema = z.looseObject({
  markers: z.array(markerSchema),
  total: int,
  page: int,
  size: int,
  /** Number of pages (vendor). */
  pages: int,
  pricing: z.nullish(markerPricingSchema),
});

export type Provider = z.infer<typeof providerSchema>;
export type ConnectedSource = z.infer<typeof connectedSourceSchema>;
export type FallbackTimeZone = z.infer<typeof fallbackTimeZoneSchema>;
export type FallbackBirthDate = z.infer<typeof fallbackBirthDateSchema>;
export type User = z.infer<typeof userSchema>;
export type UserList = z.infer<typeof userListSchema>;
export type BloodPressureReading = z.infer<typeof bloodPressureReadingSchema>;
export type BloodPressureSource = z.infer<typeof bloodPressureSourceSchema>;
export type BloodPressureGroup = z.infer<typeof bloodPressureGroupSchema>;
export type GroupedBloodPressure = z.infer<typeof groupedBloodPressureSchema>;
export type Loinc = z.infer<typeof loincSchema>;
export type ExpectedResult = z.infer<typeof expectedResultSchema>;
export type AoeAnswer = z.infer<typeof aoeAnswerSchema>;
export type AoeQuestion = z.infer<typeof aoeQuestionSchema>;
export type Aoe = z.infer<typeof aoeSchema>;
export type Marker = z.infer<typeof markerSchema>;
export type MarkerPrice = z.infer<typeof markerPriceSchema>;
export type MarkerPricing = z.infer<typeof markerPricingSchema>;
export type MarkerPage = z.infer<typeof markerPageSchema>;

/** FastAPI's 422 item: `{loc, msg, type}`. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
