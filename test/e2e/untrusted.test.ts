// Values nobody should trust, in one real workbench driven by a real browser: a vendor's values no
// reading can have and a page total above what the page holds (chartTrust), a sandbox in hostile
// mode with a payload in every string (hostileData), and input refused inline with nothing sent
// (inputValidation). One workbench for the three: each costs 30–40 CPU seconds to start
// (docs/test-hosts.md). Each suite starts its own sandbox, routes the switchboard (the base URL of
// Sandbox US and EU) to it and sets its own key; it leaves the workbench as a fresh window would be,
// so any order works. Input validation has Sandbox EU to itself: the extension offers the lab
// tests an environment has shown, and that suite asks for the box of an environment that showed none.
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { describeChartTrust } from './untrusted/chartTrust';
import { describeHostileData } from './untrusted/hostileData';
import { describeInputValidation } from './untrusted/inputValidation';
import { startSwitchboard, type UntrustedWorld } from './untrusted/world';
import { openWorkbench } from './workbench';

describe('Untrusted values and input, in a real workbench', () => {
  let world: UntrustedWorld | undefined;

  before(async () => {
    const switchboard = await startSwitchboard();
    try {
      const workbench = await openWorkbench({ theme: 'Light', settings: { 'healthData.baseUrl.sandboxUs': switchboard.url, 'healthData.baseUrl.sandboxEu': switchboard.url } });
      world = { workbench, switchboard };
    } catch (error) {
      await switchboard.close();
      throw error;
    }
  });

  after(async () => {
    await world?.workbench.close();
    await world?.switchboard.close();
  });

  const shared = (): UntrustedWorld => world ?? assert.fail('the workbench started');
  describeChartTrust(shared);
  describeHostileData(shared);
  describeInputValidation(shared);
});
