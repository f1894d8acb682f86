// Lab accounts decide which lab tests and markers a team can order. Without a lab_account_id the
// team's default (full menu) account applies; the regional account has a smaller menu, so the
// same request returns fewer markers there or 404 for a test it does not offer.
import { MARKERS } from './labCatalog';
import type { LabTestDefinition, MarkerDefinition } from './labCatalog';

export interface LabAccount {
  id: string;
  name: string;
  unavailableTestIds: ReadonlySet<string>;
  unavailableMarkerIds: ReadonlySet<number>;
}

export const DEFAULT_LAB_ACCOUNT: LabAccount = {
  id: '0b7e3f52-61a4-4c1e-8d2b-3f9a5c7e1d01',
  name: 'Primary lab account (full menu)',
  unavailableTestIds: new Set(),
  unavailableMarkerIds: new Set(),
};

export const REGIONAL_LAB_ACCOUNT: LabAccount = {
  id: '0b7e3f52-61a4-4c1e-8d2b-3f9a5c7e1d02',
  name: 'Regional partner lab (limited menu)',
  // No CBC and no heart-health test; no calculated VLDL, non-HDL, testosterone or Lp(a).
  unavailableTestIds: new Set(['5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a06', '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a08']),
  unavailableMarkerIds: new Set([1105, 1106, 1905, 1802]),
};

export const LAB_ACCOUNTS: readonly LabAccount[] = [DEFAULT_LAB_ACCOUNT, REGIONAL_LAB_ACCOUNT];

export function labAccountById(id: string): LabAccount | undefined {
  const normalized = id.toLowerCase();
  return LAB_ACCOUNTS.find((a) => a.id === normalized);
}

export function testAvailable(account: LabAccount, test: LabTestDefinition): boolean {
  return !account.unavailableTestIds.has(test.id);
}

export function markerAvailable(account: LabAccount, marker: MarkerDefinition): boolean {
  return !account.unavailableMarkerIds.has(marker.id);
}

/** Markers of a lab test this account can order, in catalogue order. */
export function markersOfTest(account: LabAccount, test: LabTestDefinition): MarkerDefinition[] {
  return test.markerIds
    .map((id) => MARKERS.find((m) => m.id === id))
    .filter((m): m is MarkerDefinition => m !== undefined && markerAvailable(account, m));
}
