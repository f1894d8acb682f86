// Which providers can deliver blood pressure at all, in one table with where each fact comes from.
// The diagnosis uses it to tell "cannot measure it" apart from "connected but silent"; the sandbox
// builds its providers from it, so the two never disagree.

/**
 * - `measures`: the provider's own devices measure it (a cuff);
 * - `aggregates`: a hub that only passes on what another app or device wrote into it;
 * - `accessory`: only with an optional accessory most users of the provider do not own;
 * - `none`: the provider reports no blood pressure.
 */
export type BloodPressureCapability = 'measures' | 'aggregates' | 'accessory' | 'none';

export interface ProviderCapability {
  slug: string;
  name: string;
  bloodPressure: BloodPressureCapability;
  /** `source.type` values its blood-pressure groups carry (empty when it reports none). */
  sourceTypes: readonly string[];
  /** Where the fact comes from. */
  basis: string;
}

export const PROVIDER_CAPABILITIES: readonly ProviderCapability[] = [
  { slug: 'omron', name: 'Omron', bloodPressure: 'measures', sourceTypes: ['cuff'], basis: 'Omron Connect: upper-arm and wrist cuffs' },
  { slug: 'withings', name: 'Withings', bloodPressure: 'measures', sourceTypes: ['cuff'], basis: 'Withings BPM cuffs (Withings Public API, measure type 10/9)' },
  { slug: 'ihealth', name: 'iHealth', bloodPressure: 'measures', sourceTypes: ['cuff', 'unknown'], basis: 'iHealth cuffs (iHealth Open API, BP data)' },
  {
    slug: 'apple_health_kit',
    name: 'Apple HealthKit',
    bloodPressure: 'aggregates',
    sourceTypes: ['app', 'multiple_sources'],
    basis: 'HealthKit HKCorrelationTypeIdentifierBloodPressure: written by cuffs and apps, not measured by the phone or watch',
  },
  { slug: 'fitbit', name: 'Fitbit', bloodPressure: 'none', sourceTypes: [], basis: 'Fitbit Web API: no blood-pressure endpoint' },
  { slug: 'garmin', name: 'Garmin', bloodPressure: 'accessory', sourceTypes: [], basis: 'Garmin Health API blood-pressure summaries: only from an Index BPM cuff' },
  { slug: 'oura', name: 'Oura', bloodPressure: 'none', sourceTypes: [], basis: 'Oura API v2: ring data (sleep, HRV, temperature), no blood pressure' },
  { slug: 'freestyle_libre', name: 'Freestyle Libre', bloodPressure: 'none', sourceTypes: [], basis: 'continuous glucose monitor' },
  { slug: 'dexcom_v3', name: 'Dexcom', bloodPressure: 'none', sourceTypes: [], basis: 'continuous glucose monitor' },
  { slug: 'polar', name: 'Polar', bloodPressure: 'none', sourceTypes: [], basis: 'Polar AccessLink: training and heart rate, no blood pressure' },
  { slug: 'whoop_v2', name: 'WHOOP', bloodPressure: 'none', sourceTypes: [], basis: 'WHOOP API v2: recovery, sleep, strain; no blood-pressure readings' },
];

/** undefined: a provider this table does not know (say so; never guess). */
export function capabilityOf(slug: string): ProviderCapability | undefined {
  return PROVIDER_CAPABILITIES.find((p) => p.slug === slug);
}

/** Whether a connected source of this provider is expected to deliver blood pressure on its own. */
export function expectedToDeliver(capability: BloodPressureCapability): boolean {
  return capability === 'measures' || capability === 'aggregates';
}
