// Sample model → the JSON the service sends (snake_case), with hostile decoration applied to
// every free-text field when the sandbox runs in hostile mode.
import type { TextStyle } from './hostile';
import { LAB_ID, loincId } from './labCatalog';
import type { MarkerDefinition } from './labCatalog';
import { LOINC } from './loincCodes';
import type { SampleReading } from './sampleReadings';
import type { DatedSetting, SampleUser } from './sampleUserShape';
import { formatDay, formatUtc, formatWithOffset } from './timeZones';

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function timeZoneToWire(setting: DatedSetting | null, style: TextStyle) {
  if (!setting) return null;
  return { id: style.text(setting.value), source_slug: style.text(setting.sourceSlug), updated_at: formatUtc(setting.updatedAt) };
}

/** The birth date stays a valid date even in hostile mode; only its provenance is decorated. */
function birthDateToWire(setting: DatedSetting | null, style: TextStyle) {
  if (!setting) return null;
  return { value: setting.value, source_slug: style.text(setting.sourceSlug), updated_at: formatUtc(setting.updatedAt) };
}

/** The list response shows no ingestion bounds; resolve adds them (spec 2.1.1). */
export function userToWire(user: SampleUser, style: TextStyle, withIngestion: boolean): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    user_id: user.userId,
    team_id: user.teamId,
    client_user_id: style.text(user.clientUserId),
    created_on: formatUtc(user.createdAt),
    connected_sources: user.sources.map((s) => ({
      created_on: formatUtc(s.connectedAt),
      source: { logo: style.logo(s.provider.logo), name: style.text(s.provider.name), slug: style.text(s.provider.slug) },
    })),
    fallback_time_zone: timeZoneToWire(user.timeZone, style),
  };
  // Optional in the spec (2.1) and not nullable there: a user without a birth date has no field.
  if (user.birthDate) wire.fallback_birth_date = birthDateToWire(user.birthDate, style);
  if (withIngestion) {
    wire.ingestion_start = user.ingestionStart === null ? null : formatDay(user.ingestionStart);
    wire.ingestion_end = user.ingestionEnd === null ? null : formatDay(user.ingestionEnd);
  }
  return wire;
}

export interface WireGroup {
  data: { systolic: number; diastolic: number; timestamp: string; unit: string }[];
  source: { provider: string; type: string };
}

/** Readings (time-ordered) → groups keyed by provider, one group per (provider, source type). */
export function readingsToGroups(
  readings: readonly SampleReading[],
  timeZone: string | null,
  style: TextStyle,
): Record<string, WireGroup[]> {
  const groups: Record<string, WireGroup[]> = {};
  const unit = style.text('mmHg');
  for (const reading of readings) {
    const provider = style.text(reading.provider);
    const type = style.text(reading.type);
    const ofProvider = (groups[provider] ??= []);
    let group = ofProvider.find((g) => g.source.type === type);
    if (!group) {
      group = { data: [], source: { provider, type } };
      ofProvider.push(group);
    }
    group.data.push({
      systolic: reading.systolic,
      diastolic: reading.diastolic,
      timestamp: formatWithOffset(reading.zone !== undefined ? reading.zone : timeZone, reading.instant),
      unit,
    });
  }
  return groups;
}

export function markerToWire(marker: MarkerDefinition, style: TextStyle): Record<string, unknown> {
  return {
    id: marker.id,
    name: style.text(marker.name),
    slug: style.text(slugOf(marker.name)),
    description: style.text(marker.description),
    lab_id: LAB_ID,
    provider_id: style.text(marker.providerId),
    type: style.text(marker.type),
    unit: marker.unit === null ? null : style.text(marker.unit),
    price: style.text(marker.price),
    expected_results: marker.results.map((result) => {
      const loinc = LOINC[result.loinc];
      return {
        id: result.id,
        name: style.text(result.name),
        slug: style.text(slugOf(result.name)),
        lab_id: LAB_ID,
        provider_id: style.text(result.providerId),
        loinc: {
          id: loincId(result.loinc),
          name: style.text(loinc.name),
          slug: style.text(slugOf(loinc.name)),
          code: style.text(loinc.code),
          unit: loinc.unit === null ? null : style.text(loinc.unit),
        },
      };
    }),
  };
}
