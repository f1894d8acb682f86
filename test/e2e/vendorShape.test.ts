// The panels against a service shaped like the vendor's (`--shape vendor`), in one real workbench
// driven by a real browser: the blood-pressure panel (every reading, what was not sent, other units
// on their own axis), the lab-markers panel (every marker, prices, AOE, panels) and the contract
// lens (the deviation line, the list, a refused body, a 401 and the other key header). One
// workbench for the three: each costs 30–40 CPU seconds to start (docs/test-hosts.md).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { startSandbox } from '../../src/sandbox/server';
import { describeBloodPressureVendor } from './vendorShape/bloodPressure';
import { describeContractLens } from './vendorShape/contractLens';
import { describeLabMarkersVendor } from './vendorShape/labMarkers';
import { VENDOR_API_KEY, type StandIn, type VendorWorld } from './vendorShape/world';
import { openWorkbench } from './workbench';

const REFUSED_BODY = '{"markers": "not a list", "note": "from the stand-in"}';

/** A stand-in for Sandbox EU: no users, and markers as a body the reader must refuse, or a 401 unless the key comes in x-vital-api-key. */
async function startStandIn(): Promise<StandIn> {
  const mode = { value: 'refuse' as 'refuse' | 'vitalHeaderOnly' };
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // The key check when the key is set: an empty team.
    if (req.url?.startsWith('/v2/user')) return res.end('{"users":[],"total":0,"offset":0,"limit":1}');
    if (mode.value === 'refuse') return res.end(REFUSED_BODY);
    if (req.headers['x-vital-api-key'] !== VENDOR_API_KEY) {
      res.statusCode = 401;
      return res.end('{"detail":"Invalid API key"}');
    }
    res.end('{"markers":[],"total":0,"page":1,"size":50}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, mode, server };
}

describe('Panels against a service shaped like the vendor\'s, in a real workbench', () => {
  let world: VendorWorld | undefined;

  before(async () => {
    const sandbox = await startSandbox({ port: 0, users: 20, seed: 19, apiKey: VENDOR_API_KEY, shape: 'vendor' });
    const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: VENDOR_API_KEY });
    const standIn = await startStandIn();
    const workbench = await openWorkbench({
      theme: 'Light',
      settings: { 'healthData.baseUrl.sandboxUs': sandbox.url, 'healthData.baseUrl.sandboxEu': standIn.url },
    });
    world = { sandbox, client, standIn, workbench };
    await workbench.page.setViewportSize({ width: 1400, height: 1000 });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', VENDOR_API_KEY);
  });

  after(async () => {
    await world?.workbench.close();
    await world?.client.close();
    await world?.sandbox.close();
    await new Promise((resolve) => world?.standIn.server.close(resolve) ?? resolve(undefined));
  });

  const shared = (): VendorWorld => world ?? assert.fail('the workbench started');
  describeBloodPressureVendor(shared);
  describeLabMarkersVendor(shared);
  // Last: it switches to Sandbox EU.
  describeContractLens(shared);
});
