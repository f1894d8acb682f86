// The data sources a sample user can connect. Blood pressure comes only from the cuff and app
// providers; the others are connected for realism (and to show users without any readings).
import { PROVIDER_CAPABILITIES } from '../../api/providerCapabilities';

export interface Provider {
  slug: string;
  name: string;
  logo: string;
  /** source.type values this provider reports blood pressure with; empty = no blood pressure. */
  bloodPressureTypes: readonly string[];
}

const logo = (slug: string): string => `https://storage.googleapis.com/vital-assets/${slug}.png`;
const LOGO_NAMES: Record<string, string> = { dexcom_v3: 'dexcom', whoop_v2: 'whoop' };

// From the one capability table; an accessory (Garmin's cuff) is not owned by the sample users.
export const PROVIDERS: readonly Provider[] = PROVIDER_CAPABILITIES.map((p) => ({
  slug: p.slug,
  name: p.name,
  logo: logo(LOGO_NAMES[p.slug] ?? p.slug),
  bloodPressureTypes: p.bloodPressure === 'accessory' ? [] : p.sourceTypes,
}));

export const BLOOD_PRESSURE_PROVIDERS: readonly Provider[] = PROVIDERS.filter((p) => p.bloodPressureTypes.length > 0);
export const OTHER_PROVIDERS: readonly Provider[] = PROVIDERS.filter((p) => p.bloodPressureTypes.length === 0);

export function providerBySlug(slug: string): Provider | undefined {
  return PROVIDERS.find((p) => p.slug === slug);
}

/** Where a fallback time zone or birth date came from, as the service reports it. */
export const PROFILE_SOURCE_SLUGS: readonly string[] = ['manual', 'apple_health_kit', 'garmin', 'oura', 'withings'];
