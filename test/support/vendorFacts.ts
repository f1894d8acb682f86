// The vendor's published schema for the five operations, as facts (tryVital/vital-fern-api,
// fern/openapi/openapi.json: which fields exist, which are required, which may be null, which
// values are open) — written down here by hand, never copied — with, per field, what the spec
// (../shared/spec/health-data-api.md) says of it. The generator (vendorBodies.ts) produces bodies
// from these facts and records every deviation from the spec it puts in; expectedDeviations()
// reads any body along the same facts. Both are the tests' oracle for the contract lens, kept
// apart from the lens's own table (src/api/contract/specFacts.ts).

export type Scalar = 'string' | 'integer' | 'number' | 'boolean';

export type VendorKind =
  | 'userList'
  | 'user'
  | 'connectedSource'
  | 'provider'
  | 'fallbackTimeZone'
  | 'fallbackBirthDate'
  | 'groupedBloodPressure'
  | 'bloodPressureGroup'
  | 'bloodPressureSource'
  | 'reading'
  | 'markerPage'
  | 'marker'
  | 'expectedResult'
  | 'loinc'
  | 'aoe'
  | 'question'
  | 'answer'
  | 'pricing'
  | 'price';

export type FieldType =
  | Scalar
  | { object: VendorKind }
  | { arrayOf: VendorKind }
  | { recordOf: VendorKind }
  | { recordOfArraysOf: VendorKind }
  /** The reading's grouping keys: [source type, workout id, sport, device id], strings or null. */
  | 'grouping'
  /** Pricing modifiers: a list the client keeps as it is. */
  | 'anyList';

/** What one generator needs to make a plausible value: a name for the kind of text. */
export type Flavour = 'uuid' | 'dateTime' | 'date' | 'slug' | 'name' | 'logo' | 'zone' | 'text' | 'loinc' | 'providerId' | 'cursor' | 'currency';

export interface FieldFact {
  type: FieldType;
  /** The vendor's schema lists it as required. */
  required: boolean;
  /** The vendor's schema lets it be null. */
  nullable: boolean;
  /** What the spec says; absent: the spec has no such field. */
  spec?: { required: boolean; nullable: boolean; section: string };
  /** An open value: the values the product knows (from the spec's side: docs/contract-lens.md, "Choices…"). */
  known?: readonly string[];
  /** Values the vendor may send that the product has not seen (the generator uses them now and then). */
  unseen?: readonly string[];
  flavour?: Flavour;
  /** For integers: a plausible range. */
  range?: readonly [number, number];
}

export type KindFacts = Readonly<Record<string, FieldFact>>;

const SOURCE_TYPES = ['unknown', 'phone', 'watch', 'app', 'multiple_sources', 'fingerprick', 'cuff', 'manual_scan', 'automatic', 'insulin_pump', 'scale', 'chest_strap', 'ring', 'lab', 'exercise_machine', 'earphone'] as const;

const req = (type: FieldType, spec: FieldFact['spec'], extra: Partial<FieldFact> = {}): FieldFact => ({ type, required: true, nullable: false, ...(spec ? { spec } : {}), ...extra });
const opt = (type: FieldType, spec: FieldFact['spec'], extra: Partial<FieldFact> = {}): FieldFact => ({ type, required: false, nullable: false, ...(spec ? { spec } : {}), ...extra });
const S = (section: string, required = true, nullable = false): FieldFact['spec'] => ({ required, nullable, section });
const NONE = undefined;

export const VENDOR_FACTS: Readonly<Record<VendorKind, KindFacts>> = {
  userList: {
    users: req({ arrayOf: 'user' }, S('4.2')),
    total: req('integer', S('4.2')),
    offset: req('integer', S('4.2')),
    limit: req('integer', S('4.2')),
  },
  user: {
    user_id: req('string', S('2.1'), { flavour: 'uuid' }),
    team_id: req('string', S('2.1'), { flavour: 'uuid' }),
    client_user_id: req('string', S('2.1'), { flavour: 'slug' }),
    created_on: req('string', S('2.1'), { flavour: 'dateTime' }),
    connected_sources: req({ arrayOf: 'connectedSource' }, S('2.1')),
    fallback_time_zone: req({ object: 'fallbackTimeZone' }, S('2.1'), { nullable: true }),
    fallback_birth_date: opt({ object: 'fallbackBirthDate' }, S('2.1', false), { nullable: true }),
    ingestion_start: opt('string', S('2.1', false, true), { nullable: true, flavour: 'date' }),
    ingestion_end: opt('string', S('2.1', false, true), { nullable: true, flavour: 'date' }),
  },
  connectedSource: {
    provider: req({ object: 'provider' }, NONE),
    created_on: req('string', S('2.1.1'), { flavour: 'dateTime' }),
    source: req({ object: 'provider' }, S('2.1.1')),
  },
  provider: {
    name: req('string', S('2.1.1'), { flavour: 'name' }),
    slug: req('string', S('2.1.1'), { flavour: 'slug' }),
    logo: req('string', S('2.1.1'), { flavour: 'logo' }),
  },
  fallbackTimeZone: {
    id: req('string', S('2.1.2'), { flavour: 'zone' }),
    source_slug: req('string', S('2.1.2'), { flavour: 'slug' }),
    updated_at: req('string', S('2.1.2'), { flavour: 'dateTime' }),
  },
  fallbackBirthDate: {
    value: req('string', S('2.1.3'), { flavour: 'date' }),
    source_slug: req('string', S('2.1.3'), { flavour: 'slug' }),
    updated_at: req('string', S('2.1.3'), { flavour: 'dateTime' }),
  },
  groupedBloodPressure: {
    groups: req({ recordOfArraysOf: 'bloodPressureGroup' }, S('4.1')),
    next: opt('string', S('4.1', false, true), { nullable: true, flavour: 'cursor' }),
    next_cursor: opt('string', S('4.1', false, true), { nullable: true, flavour: 'cursor' }),
  },
  bloodPressureGroup: {
    source: req({ object: 'bloodPressureSource' }, S('2.2')),
    data: req({ arrayOf: 'reading' }, S('2.2')),
  },
  bloodPressureSource: {
    provider: req('string', S('2.2'), { flavour: 'slug' }),
    // Not required by the vendor (its default is "unknown"), and an open string.
    type: opt('string', S('2.2'), { known: SOURCE_TYPES, unseen: ['smart_mirror', 'wrist_cuff_v2'] }),
    app_id: opt('string', NONE, { nullable: true, flavour: 'slug' }),
    device_id: opt('string', NONE, { nullable: true, flavour: 'uuid' }),
    sport: opt('string', NONE, { nullable: true, flavour: 'slug' }),
    workout_id: opt('string', NONE, { nullable: true, flavour: 'uuid' }),
    name: opt('string', NONE, { flavour: 'name' }),
    slug: opt('string', NONE, { flavour: 'slug' }),
    logo: opt('string', NONE, { flavour: 'logo' }),
  },
  reading: {
    id: opt('integer', NONE, { nullable: true, range: [1, 9_999_999] }),
    timezone_offset: opt('integer', NONE, { nullable: true, range: [-43_200, 50_400] }),
    type: opt('string', NONE, { nullable: true, flavour: 'slug' }),
    unit: req('string', S('2.2'), { known: ['mmHg'], unseen: ['mg/dL', '%'] }),
    grouping: opt('grouping', NONE),
    timestamp: req('string', S('2.2'), { flavour: 'dateTime' }),
    systolic: req('number', S('2.2'), { range: [85, 190] }),
    diastolic: req('number', S('2.2'), { range: [50, 120] }),
  },
  markerPage: {
    markers: req({ arrayOf: 'marker' }, S('4.4')),
    total: req('integer', S('4.4'), { nullable: true }),
    page: req('integer', S('4.4'), { nullable: true }),
    size: req('integer', S('4.4'), { nullable: true }),
    pages: req('integer', NONE, { nullable: true }),
    pricing: opt({ object: 'pricing' }, NONE, { nullable: true }),
  },
  marker: {
    id: req('integer', S('2.3'), { range: [1, 99_999] }),
    name: req('string', S('2.3'), { flavour: 'name' }),
    slug: req('string', S('2.3'), { flavour: 'slug' }),
    description: opt('string', S('2.3'), { nullable: true, flavour: 'text' }),
    lab_id: opt('integer', S('2.3'), { nullable: true, range: [1, 99] }),
    provider_id: opt('string', S('2.3'), { nullable: true, flavour: 'providerId' }),
    type: opt('string', S('2.3'), { nullable: true, known: ['biomarker', 'panel'], unseen: ['calculated'] }),
    unit: opt('string', S('2.3', true, true), { nullable: true, flavour: 'slug' }),
    price: opt('string', S('2.3'), { nullable: true, flavour: 'text' }),
    aoe: opt({ object: 'aoe' }, NONE, { nullable: true }),
    a_la_carte_enabled: opt('boolean', NONE),
    common_tat_days: opt('integer', NONE, { nullable: true, range: [1, 10] }),
    worst_case_tat_days: opt('integer', NONE, { nullable: true, range: [2, 21] }),
    is_orderable: opt('boolean', NONE, { nullable: true }),
    expected_results: req({ arrayOf: 'expectedResult' }, S('2.3')),
  },
  expectedResult: {
    id: req('integer', S('2.3'), { range: [1, 999_999] }),
    name: req('string', S('2.3'), { flavour: 'name' }),
    slug: req('string', S('2.3'), { flavour: 'slug' }),
    lab_id: opt('integer', S('2.3'), { nullable: true, range: [1, 99] }),
    provider_id: opt('string', S('2.3'), { nullable: true, flavour: 'providerId' }),
    required: req('boolean', NONE),
    loinc: opt({ object: 'loinc' }, S('2.3'), { nullable: true }),
  },
  loinc: {
    id: req('integer', S('2.3'), { range: [1, 99_999] }),
    name: req('string', S('2.3'), { flavour: 'name' }),
    slug: req('string', S('2.3'), { flavour: 'slug' }),
    code: req('string', S('2.3'), { flavour: 'loinc' }),
    unit: opt('string', S('2.3', true, true), { nullable: true, flavour: 'slug' }),
  },
  aoe: {
    questions: req({ arrayOf: 'question' }, NONE),
  },
  question: {
    id: req('integer', NONE, { range: [1, 99_999] }),
    required: req('boolean', NONE),
    code: req('string', NONE, { flavour: 'slug' }),
    value: req('string', NONE, { flavour: 'text' }),
    type: req('string', NONE, { known: ['choice', 'text', 'numeric', 'multi_choice'], unseen: ['date'] }),
    sequence: req('integer', NONE, { range: [1, 20] }),
    answers: req({ arrayOf: 'answer' }, NONE),
    constraint: opt('string', NONE, { nullable: true, flavour: 'text' }),
    default: opt('string', NONE, { nullable: true, flavour: 'text' }),
  },
  answer: {
    id: req('integer', NONE, { range: [1, 99_999] }),
    code: req('string', NONE, { flavour: 'slug' }),
    value: req('string', NONE, { flavour: 'text' }),
  },
  pricing: {
    currency: opt('string', NONE, { flavour: 'currency' }),
    data: req({ recordOf: 'price' }, NONE),
  },
  // Either SpecifiedPricing (base_amount_minor, modifiers) or UnspecifiedPricing (unspecified): the generator picks one.
  price: {
    base_amount_minor: opt('integer', NONE, { range: [500, 25_000] }),
    modifiers: opt('anyList', NONE, { nullable: true }),
    unspecified: opt('string', NONE, { known: ['refer_to_contract', 'price_unavailable'] }),
  },
};

/** The object each operation answers with. */
export type VendorOperation = 'listUsers' | 'resolveUser' | 'groupedBloodPressure' | 'labTestMarkers' | 'orderSetMarkers';

export const OPERATION_KINDS: Readonly<Record<VendorOperation, VendorKind>> = {
  listUsers: 'userList',
  resolveUser: 'user',
  groupedBloodPressure: 'groupedBloodPressure',
  labTestMarkers: 'markerPage',
  orderSetMarkers: 'markerPage',
};

/** Kinds the spec describes: a field of theirs that the spec does not have is a deviation; the inside of other kinds is not looked at. */
export const SPEC_KINDS: ReadonlySet<VendorKind> = new Set<VendorKind>([
  'userList',
  'user',
  'connectedSource',
  'provider',
  'fallbackTimeZone',
  'fallbackBirthDate',
  'groupedBloodPressure',
  'bloodPressureGroup',
  'bloodPressureSource',
  'reading',
  'markerPage',
  'marker',
  'expectedResult',
  'loinc',
]);
