// What the vendor-shaped panels' tests share: one sandbox answering as the vendor's service does
// (`--shape vendor`), a stand-in for Sandbox EU, and one workbench on Sandbox US with the team's key
// (each workbench costs 30–40 CPU seconds to start: docs/test-hosts.md).
import type { Server } from 'node:http';
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
