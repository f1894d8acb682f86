// `--shape vendor`: the same sample data, answered the way the vendor's published schema allows
// (tryVital/vital-fern-api, fern/openapi/openapi.json; facts only): every field that schema has,
// optional ones missing and nullable ones null in a seed-determined share, and values beyond the
// product's lists. The spec shape (wireFormat.ts) is built first and then reshaped here, so both
// shapes carry the same users, readings and markers.
import type { TextStyle } from './hostile';
import { hashInts, hashString, rng, uuidFromHash, type Random } from './random';
import type { MarkerDefinition } from './labCatalog';
import type { WireGroup } from './wireFormat';

export type SandboxShape = 'spec' | 'vendor';
export const SANDBOX_SHAPES: readonly SandboxShape[] = ['spec', 'vendor'];

const TAG = { user: 31, source: 32, group: 33, reading: 34, marker: 35, result: 36, page: 37 } as const;

/** A source type and a marker type the product has not seen (its lists: src/api/contract/specFacts.ts). */
export const UNSEEN_SOURCE_TYPE = 'smart_mirror';
export const UNSEEN_MARKER_TYPE = 'calculated';

type Wire = Record<string, unknown>;

/** A fraction of items, decided per item from the seed: the same item gets the same answer every time. */
const share = (random: Random, p: number): boolean => random() < p;

function textOrNull(random: Random, p: number, value: unknown): unknown {
  return share(random, p) ? null : value;
}

/** A user as the vendor's service sends it: `provider` beside the deprecated `source`, nulls for what is not set. */
export function vendorUser(wire: Wire, seed: number, index: number): Wire {
  const random = rng(seed, TAG.user, index);
  const sources = (wire.connected_sources as Wire[]).map((connected) => ({
    provider: { ...(connected.source as Wire) },
    created_on: connected.created_on,
    source: connected.source,
  }));
  const user: Wire = {
    user_id: wire.user_id,
    team_id: wire.team_id,
    client_user_id: wire.client_user_id,
    created_on: wire.created_on,
    connected_sources: sources,
    // Nullable on the service: about 5 % of users never had one.
    fallback_time_zone: share(random, 0.05) ? null : wire.fallback_time_zone,
    fallback_birth_date: wire.fallback_birth_date ?? null,
  };
  // The list of the vendor's service sends the ingestion bounds as well, null when unset.
  user.ingestion_start = wire.ingestion_start ?? null;
  user.ingestion_end = wire.ingestion_end ?? null;
  return user;
}

/** Offset of a `…+02:00` timestamp in seconds east of UTC; null when it carries none. */
export function offsetSeconds(timestamp: string): number | null {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  if (!match) return /Z$/.test(timestamp) ? 0 : null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
  return match[1] === '-' ? -seconds : seconds;
}

/**
 * Groups as the vendor's service sends them: sources with app, device, sport and workout; readings
 * with their own id, offset, sample type and grouping keys. One group in twelve reports a source type
 * the product has not seen; one reading in 150 comes in another unit (glucose in mg/dL, or a
 * percentage), as the service can send beside mmHg.
 */
export function vendorGroups(groups: Record<string, WireGroup[]>, seed: number, userIndex: number, style: TextStyle): Record<string, Wire[]> {
  const out: Record<string, Wire[]> = {};
  for (const [key, sourceGroups] of Object.entries(groups)) {
    out[key] = sourceGroups.map((group, groupIndex) => {
      const { source } = group;
      const random = rng(seed, TAG.group, userIndex, hashString(key), groupIndex);
      const type = share(random, 1 / 12) ? style.text(UNSEEN_SOURCE_TYPE) : source.type;
      const deviceId = share(random, 0.6) ? uuidFromHash([seed, TAG.source, userIndex, groupIndex]) : null;
      const app = source.type === 'app' ? style.text('com.apple.Health') : null;
      return {
        source: { provider: source.provider, type, app_id: app, device_id: deviceId, sport: null, workout_id: null },
        data: group.data.map((reading) => vendorReading(reading, seed, userIndex, type, deviceId, style)),
      };
    });
  }
  return out;
}

function vendorReading(reading: WireGroup['data'][number], seed: number, userIndex: number, sourceType: string, deviceId: string | null, style: TextStyle): Wire {
  const { timestamp } = reading;
  const instant = Date.parse(timestamp);
  const random = rng(seed, TAG.reading, userIndex, Math.floor(instant / 1000));
  const wire: Wire = {
    id: hashInts(seed, userIndex, Math.floor(instant / 1000)) % 90_000_000 + 1_000_000,
    timezone_offset: offsetSeconds(timestamp),
    type: textOrNull(random, 0.3, style.text('automatic')),
    unit: reading.unit,
    grouping: [sourceType, null, null, deviceId],
    timestamp,
    systolic: reading.systolic,
    diastolic: reading.diastolic,
  };
  if (share(random, 1 / 150)) {
    const glucose = share(random, 0.5);
    wire.unit = style.text(glucose ? 'mg/dL' : '%');
    wire.systolic = glucose ? 90 + Math.round(random() * 90) : 94 + Math.round(random() * 5);
    wire.diastolic = glucose ? 70 + Math.round(random() * 40) : 90 + Math.round(random() * 5);
  }
  return wire;
}

/** Ask-on-order-entry questions: the fasting question of the lipid and glucose markers. */
function fastingQuestion(marker: MarkerDefinition, style: TextStyle): Wire {
  return {
    questions: [
      {
        id: marker.id * 10 + 1,
        required: true,
        code: style.text('FASTING'),
        value: style.text('Has the patient been fasting for 9–12 hours?'),
        type: 'choice',
        sequence: 1,
        answers: [
          { id: marker.id * 100 + 1, code: 'Y', value: style.text('Yes') },
          { id: marker.id * 100 + 2, code: 'N', value: style.text('No') },
        ],
        constraint: null,
        default: null,
      },
    ],
  };
}

const FASTING_MARKERS = new Set([1101, 1102, 1104, 1105, 1106, 1107, 1201, 1904]);
const CALCULATED_MARKERS = new Set([1104, 1105, 1107]);

/**
 * A marker as the vendor's service sends it: panel or biomarker (a calculated value as a type the
 * product has not seen), orderable, turnaround days, AOE questions where the lab asks them, each
 * expected result with `required`, and no LOINC for some results; nullable text null in a share.
 */
export function vendorMarker(wire: Wire, marker: MarkerDefinition, seed: number, style: TextStyle): Wire {
  const random = rng(seed, TAG.marker, marker.id);
  const results = (wire.expected_results as Wire[]).map((result, index) => {
    const pick = rng(seed, TAG.result, marker.id, index);
    return {
      id: result.id,
      name: result.name,
      slug: result.slug,
      lab_id: textOrNull(pick, 0.1, result.lab_id),
      provider_id: textOrNull(pick, 0.1, result.provider_id),
      required: !share(pick, 0.2),
      loinc: share(pick, 0.12) ? null : result.loinc,
    };
  });
  const days = 1 + Math.floor(random() * 4);
  return {
    id: wire.id,
    name: wire.name,
    slug: wire.slug,
    description: textOrNull(random, 0.15, wire.description),
    lab_id: textOrNull(random, 0.1, wire.lab_id),
    provider_id: textOrNull(random, 0.1, wire.provider_id),
    type: CALCULATED_MARKERS.has(marker.id) ? style.text(UNSEEN_MARKER_TYPE) : wire.type,
    unit: wire.unit,
    price: textOrNull(random, 0.25, wire.price),
    aoe: FASTING_MARKERS.has(marker.id) ? fastingQuestion(marker, style) : null,
    a_la_carte_enabled: share(random, 0.5),
    common_tat_days: days,
    worst_case_tat_days: textOrNull(random, 0.2, days + 2 + Math.floor(random() * 5)),
    is_orderable: textOrNull(random, 0.1, !share(random, 0.1)),
    expected_results: results,
  };
}

/** The page around the markers: `pages`, `pricing` per marker, and for some lab tests no total. */
export function vendorMarkerPage(page: { markers: Wire[]; markerDefinitions: readonly MarkerDefinition[]; total: number; page: number; size: number }, seed: number, key: number): Wire {
  const random = rng(seed, TAG.page, key);
  const data: Record<string, Wire> = {};
  for (const marker of page.markerDefinitions) {
    const cents = /^\$(\d+)\.(\d{2})$/.exec(marker.price);
    data[String(marker.id)] = cents ? { base_amount_minor: Number(cents[1]) * 100 + Number(cents[2]), modifiers: null } : { unspecified: 'refer_to_contract' };
  }
  // The vendor's schema lets total, page, size and pages be null: one query in eight gets no total.
  const noTotal = share(random, 1 / 8);
  return {
    markers: page.markers,
    total: noTotal ? null : page.total,
    page: page.page,
    size: page.size,
    pages: noTotal ? null : Math.ceil(page.total / page.size),
    pricing: { currency: 'USD', data },
  };
}
