// The data sources a sample user can connect. Blood pressure comes only from the cuff and app
// providers; the others are connected for realism (and to show users without any readings).

export interface Provider {
  slug: string;
  name: string;
  logo: string;
  /** source.type values this provider reports blood pressure with; empty = no blood pressure. */
  bloodPressureTypes: readonly string[];
}

const logo = (slug: string): string => `https://storage.googleapis.com/vital-assets/${slug}.png`;

export const PROVIDERS: readonly Provider[] = [
  { slug: 'omron', name: 'Omron', logo: logo('omron'), bloodPressureTypes: ['cuff'] },
  { slug: 'withings', name: 'Withings', logo: logo('withings'), bloodPressureTypes: ['cuff'] },
  { slug: 'ihealth', name: 'iHealth', logo: logo('ihealth'), bloodPressureTypes: ['cuff', 'unknown'] },
  {
    slug: 'apple_health_kit',
    name: 'Apple HealthKit',
    logo: logo('apple_health_kit'),
    bloodPressureTypes: ['app', 'multiple_sources'],
  },
  { slug: 'fitbit', name: 'Fitbit', logo: logo('fitbit'), bloodPressureTypes: [] },
  { slug: 'garmin', name: 'Garmin', logo: logo('garmin'), bloodPressureTypes: [] },
  { slug: 'oura', name: 'Oura', logo: logo('oura'), bloodPressureTypes: [] },
  { slug: 'freestyle_libre', name: 'Freestyle Libre', logo: logo('freestyle_libre'), bloodPressureTypes: [] },
  { slug: 'dexcom_v3', name: 'Dexcom', logo: logo('dexcom'), bloodPressureTypes: [] },
  { slug: 'polar', name: 'Polar', logo: logo('polar'), bloodPressureTypes: [] },
  { slug: 'whoop_v2', name: 'WHOOP', logo: logo('whoop'), bloodPressureTypes: [] },
];

export const BLOOD_PRESSURE_PROVIDERS: readonly Provider[] = PROVIDERS.filter((p) => p.bloodPressureTypes.length > 0);
export const OTHER_PROVIDERS: readonly Provider[] = PROVIDERS.filter((p) => p.bloodPressureTypes.length === 0);

export function providerBySlug(slug: string): Provider | undefined {
  return PROVIDERS.find((p) => p.slug === slug);
}

/** Where a fallback time zone or birth date came from, as the service reports it. */
export const PROFILE_SOURCE_SLUGS: readonly string[] = ['manual', 'apple_health_kit', 'garmin', 'oura', 'withings'];
