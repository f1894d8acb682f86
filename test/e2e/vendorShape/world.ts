// What the vendor-shaped panels' tests share: one sandbox answering as the vendor's service does
// (`--shape vendor`), a stand-in for Sandbox EU, and one workbench on Sandbox US with the team's key
// (each workbench costs 30–40 CPU seconds to start: docs/test-hosts.md).
import type { Server } from 'node:http';
import type { FrameLocator } from 'playwright-core';
import type { HealthApiClient } from '../../../src/api/client';
import type { SandboxHandle } from '../../../src/sandbox/server';
import type { Workbench } from '../workbench';

export const VENDOR_API_KEY = 'e2e-vendor-shape-key';

export interface StandIn {
  url: string;
  /** What the stand-in answers for markers: a body the reader must refuse, or a 401 unless the key comes in x-vital-api-key. */
  mode: { value: 'refuse' | 'vitalHeaderOnly' };
  server: Server;
}

export interface VendorWorld {
  sandbox: SandboxHandle;
  client: HealthApiClient;
  workbench: Workbench;
  standIn: StandIn;
}

/** Opens the lab-markers panel of `labTestId` in the active environment, as from the palette. */
export async function openMarkersPanel(workbench: Workbench, labTestId: string): Promise<FrameLocator> {
  // Out of any webview or editor first, so F1 reaches the workbench.
  await workbench.sideBar().locator('.composite.title h2').click();
  await workbench.runCommand('Health Data: Show Lab Test Markers…');
  await workbench.quickInput().filter({ hasText: 'lab_test_id' }).waitFor();
  await workbench.typeIntoInput(labTestId);
  await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
  await workbench.typeIntoInput('');
  return workbench.webview(`Markers: ${labTestId}`);
}
