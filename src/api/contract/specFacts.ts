// The spec's facts about every response (../shared/spec/health-data-api.md), as a table the contract
// lens walks and src/api/contract/specExact.ts compiles. This is the spec, not the vendor's schema:
// a field is what the spec's tables list, required unless the spec says otherwise, never null
// unless the spec says "or null".
//
// Readings of the spec written down here:
// - Field tables without a "Required" column (2.1.1–2.1.3, 2.2, 2.3) list what every object carries:
//   each of their fields is required.
// - 2.1 marks fallback_birth_date, ingestion_start and ingestion_end not required; only the two
//   ingestion bounds say "or null". The user list (4.2) shows no ingestion bounds, the resolve
//   response (4.3) does; both are fields of the User (2.1), so either response may carry them.
// - Where the spec leaves values open ("not shown"), the values the product knows follow the
//   vendor's schema (docs/contract-lens.md, "Choices where the spec says not shown"); another
//   value is reported as one not seen before, never refused.

export type ContractOperation = 'listUsers' | 'resolveUser' | 'groupedBloodPressure' | 'labTestMarkers' | 'orderSetMarkers';

export type SpecObjectName =
  | 'userList'
  | 'user'
  | 'connectedSource'
  | 'sourceProvider'
  | 'fallbackTimeZone'
  | 'fallbackBirthDate'
  | 'groupedBloodPressure'
  | 'bloodPressureGroup'
  | 'bloodPressureSource'
  | 'reading'
  | 'labTestMarkerPage'
  | 'orderSetMarkerPage'
  | 'marker'
  | 'expectedResult'
  | 'loinc';

export type SpecFieldType =
  | 'string'
  | 'integer'
  | 'number'
  | { object: SpecObjectName }
  | { arrayOf: SpecObjectName }
  /** An object whose every key maps to an array of these (grouped blood pressure's `groups`). */
  | { recordOfArraysOf: SpecObjectName };

export interface SpecField {
  type: SpecFieldType;
  required: boolean;
  nullable: boolean;
  /** What the spec says about the field, for the deviation's explanation. */
  says: string;
  /** An open value: the values the product knows. Another one is reported, never refused. */
  known?: readonly string[];
  /**
   * Deprecated, with the field that replaces it. `withoutReplacement`: reported when the response
   * carries it without its replacement (the client then has to read it). `besideReplacement`:
   * reported when the response also carries the replacement (a field the spec does not have).
   */
  deprecated?: { replacement: string; reported: 'withoutReplacement' | 'besideReplacement'; section: string; says: string };
}

export interface SpecObject {
  /** A name for people: "Marker", "User". */
  label: string;
  section: string;
  fields: Readonly<Record<string, SpecField>>;
}

/** source.type values (the spec: "not shown"); the vendor's list of source types. */
export const KNOWN_SOURCE_TYPES: readonly string[] = [
  'unknown',
  'phone',
  'watch',
  'app',
  'multiple_sources',
  'fingerprick',
  'cuff',
  'manual_scan',
  'automatic',
  'insulin_pump',
  'scale',
  'chest_strap',
  'ring',
  'lab',
  'exercise_machine',
  'earphone',
];

/** Marker type values (the spec: "not shown"; it shows biomarker); the vendor's list. */
export const KNOWN_MARKER_TYPES: readonly string[] = ['biomarker', 'panel'];

/** The unit of the spec's sample readings; blood pressure is measured in it. */
export const KNOWN_READING_UNITS: readonly string[] = ['mmHg'];

const required = (type: SpecFieldType, says: string, extra: Partial<SpecField> = {}): SpecField => ({ type, required: true, nullable: false, says, ...extra });
const optional = (type: SpecFieldType, says: string, extra: Partial<SpecField> = {}): SpecField => ({ type, required: false, nullable: false, says, ...extra });

const MARKER_PAGE_FIELDS: Record<string, SpecField> = {
  markers: required({ arrayOf: 'marker' }, 'markers: array of Marker (2.3), required'),
  total: required('integer', 'total: integer, required'),
  page: required('integer', 'page: integer, required'),
  size: required('integer', 'size: integer, required'),
};

export const SPEC_OBJECTS: Readonly<Record<SpecObjectName, SpecObject>> = {
  userList: {
    label: 'User list',
    section: '4.2',
    fields: {
      users: required({ arrayOf: 'user' }, 'users: array of User, required'),
      total: required('integer', 'total: integer, required'),
      offset: required('integer', 'offset: integer, required'),
      limit: required('integer', 'limit: integer, required'),
    },
  },
  user: {
    label: 'User',
    section: '2.1',
    fields: {
      user_id: required('string', 'user_id: string (uuid), required'),
      team_id: required('string', 'team_id: string (uuid), required'),
      client_user_id: required('string', 'client_user_id: string, required'),
      created_on: required('string', 'created_on: string (date-time), required'),
      connected_sources: required({ arrayOf: 'connectedSource' }, 'connected_sources: array of ConnectedSource, required'),
      fallback_time_zone: required({ object: 'fallbackTimeZone' }, 'fallback_time_zone: FallbackTimeZone object, required'),
      fallback_birth_date: optional({ object: 'fallbackBirthDate' }, 'fallback_birth_date: FallbackBirthDate object, not required'),
      ingestion_start: optional('string', 'ingestion_start: string (date) or null, not required', { nullable: true }),
      ingestion_end: optional('string', 'ingestion_end: string (date) or null, not required', { nullable: true }),
    },
  },
  connectedSource: {
    label: 'ConnectedSource',
    section: '2.1.1',
    fields: {
      created_on: required('string', 'created_on: string (date-time), when the source was connected'),
      source: required({ object: 'sourceProvider' }, 'source: object with logo, name and slug', {
        deprecated: {
          replacement: 'provider',
          reported: 'besideReplacement',
          section: '2.1.1',
          says: 'The spec names the provider `source`; this response also sends `provider`, which replaces it on the service (where `source` is deprecated)',
        },
      }),
    },
  },
  sourceProvider: {
    label: 'ConnectedSource.source',
    section: '2.1.1',
    fields: {
      logo: required('string', 'logo: string, a logo address'),
      name: required('string', 'name: string, display name'),
      slug: required('string', 'slug: string, identifier of the source'),
    },
  },
  fallbackTimeZone: {
    label: 'FallbackTimeZone',
    section: '2.1.2',
    fields: {
      id: required('string', 'id: string, a valid IANA tz database identifier'),
      source_slug: required('string', 'source_slug: string, where the value came from'),
      updated_at: required('string', 'updated_at: string (date-time), last update time'),
    },
  },
  fallbackBirthDate: {
    label: 'FallbackBirthDate',
    section: '2.1.3',
    fields: {
      value: required('string', 'value: string (YYYY-mm-dd), the date of birth'),
      source_slug: required('string', 'source_slug: string, where the value came from'),
      updated_at: required('string', 'updated_at: string (date-time), last update time'),
    },
  },
  groupedBloodPressure: {
    label: 'Grouped blood pressure',
    section: '4.1',
    fields: {
      groups: required({ recordOfArraysOf: 'bloodPressureGroup' }, 'groups: object, required; each value an array of blood pressure groups (2.2)'),
      next_cursor: optional('string', 'next_cursor: string or null, not required', { nullable: true }),
      next: optional('string', 'next: string or null, not required; deprecated', {
        nullable: true,
        deprecated: {
          replacement: 'next_cursor',
          reported: 'withoutReplacement',
          section: '9',
          says: '`next` is deprecated; next_cursor replaces it (9.2). This response pages only by `next`',
        },
      }),
    },
  },
  bloodPressureGroup: {
    label: 'Blood pressure group',
    section: '2.2',
    fields: {
      data: required({ arrayOf: 'reading' }, 'data: array of reading, the readings of one source'),
      source: required({ object: 'bloodPressureSource' }, 'source: object with provider and type'),
    },
  },
  bloodPressureSource: {
    label: 'Blood pressure group source',
    section: '2.2',
    fields: {
      provider: required('string', 'provider: string, provider slug'),
      type: required('string', 'type: string, kind of source; allowed values not shown', { known: KNOWN_SOURCE_TYPES }),
    },
  },
  reading: {
    label: 'Reading',
    section: '2.2',
    fields: {
      systolic: required('number', 'systolic: number'),
      diastolic: required('number', 'diastolic: number'),
      timestamp: required('string', 'timestamp: string, ISO 8601 date-time with UTC offset'),
      unit: required('string', 'unit: string; the unit used in the shown response is mmHg', { known: KNOWN_READING_UNITS }),
    },
  },
  labTestMarkerPage: { label: 'Marker page', section: '4.5', fields: MARKER_PAGE_FIELDS },
  orderSetMarkerPage: { label: 'Marker page', section: '4.4', fields: MARKER_PAGE_FIELDS },
  marker: {
    label: 'Marker',
    section: '2.3',
    fields: {
      id: required('integer', 'id: integer, marker identifier'),
      name: required('string', 'name: string, display name'),
      slug: required('string', 'slug: string, slug of the name'),
      description: required('string', 'description: string'),
      lab_id: required('integer', 'lab_id: integer, lab the marker belongs to'),
      provider_id: required('string', "provider_id: string, the lab provider's own identifier of the marker"),
      type: required('string', 'type: string, kind of marker; the value shown is biomarker; allowed values not shown', { known: KNOWN_MARKER_TYPES }),
      unit: required('string', 'unit: string or null; null when none', { nullable: true }),
      price: required('string', 'price: string, a textual price'),
      expected_results: required({ arrayOf: 'expectedResult' }, 'expected_results: array of ExpectedResult'),
    },
  },
  expectedResult: {
    label: 'ExpectedResult',
    section: '2.3',
    fields: {
      id: required('integer', 'id: integer'),
      name: required('string', 'name: string, display name'),
      slug: required('string', 'slug: string'),
      lab_id: required('integer', 'lab_id: integer, lab identifier'),
      provider_id: required('string', "provider_id: string, provider's identifier of the result"),
      loinc: required({ object: 'loinc' }, 'loinc: object with id, name, slug, code and unit'),
    },
  },
  loinc: {
    label: 'ExpectedResult.loinc',
    section: '2.3',
    fields: {
      id: required('integer', 'id: integer'),
      name: required('string', 'name: string'),
      slug: required('string', 'slug: string'),
      code: required('string', 'code: string, a LOINC code'),
      unit: required('string', 'unit: string or null', { nullable: true }),
    },
  },
};

/** The object each operation's response is, and the section that describes the operation. */
export const OPERATION_ROOTS: Readonly<Record<ContractOperation, { object: SpecObjectName; section: string }>> = {
  listUsers: { object: 'userList', section: '4.2' },
  resolveUser: { object: 'user', section: '4.3' },
  groupedBloodPressure: { object: 'groupedBloodPressure', section: '4.1' },
  labTestMarkers: { object: 'labTestMarkerPage', section: '4.5' },
  orderSetMarkers: { object: 'orderSetMarkerPage', section: '4.4' },
};

/** What a type reads as in an explanation. */
export function describeType(type: SpecFieldType): string {
  if (typeof type === 'string') return type;
  if ('object' in type) return `${SPEC_OBJECTS[type.object].label} object`;
  if ('arrayOf' in type) return `array of ${SPEC_OBJECTS[type.arrayOf].label}`;
  return `object of arrays of ${SPEC_OBJECTS[type.recordOfArraysOf].label}`;
}
