// Input validation in a real workbench (issue 6, suite 5): every input box and both panels' forms
// answer invalid input (empty ids, bad dates and ranges, pages and sizes out of range, base URLs
// that would leak the key) with an inline message, and send nothing: the team's API here is a
// sandbox started by the test, which counts every request it receives.
//
// One suite of the untrusted-input file (untrusted.test.ts): its sandbox behind the shared
// workbench's switchboard (a request the switchboard forwards is one the sandbox counts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../../src/api/client';
import type { User } from '../../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/server';
import type { Workbench } from '../workbench';
import { enterTeam, leaveClean, type UntrustedWorld } from './world';

const API_KEY = 'e2e-validation-team-key-5ee1';

export function describeInputValidation(world: () => UntrustedWorld): void {
  describe('Invalid input is refused inline, and nothing is sent', () => {
    let sandbox: SandboxHandle;
    let workbench: Workbench;
    let user: User;

    const focusWorkbench = () => workbench.sideBar().locator('.composite.title h2').click();

    /** Types `value` into the open input box: the message must appear, and Enter must not accept it. */
    async function refusedInBox(value: string, message: string | RegExp): Promise<void> {
      // Validation runs when the value changes: type something first, so that '' is a change too.
      await workbench.typeIntoInput('x', { submit: false });
      await workbench.typeIntoInput(value, { submit: false });
      await workbench.quickInput().locator('.quick-input-message', { hasText: message }).waitFor();
      await workbench.page.keyboard.press('Enter');
      await workbench.quickInput().locator('.quick-input-message', { hasText: message }).waitFor();
      assert.ok(await workbench.quickInput().isVisible(), 'the box stays open');
    }

    async function closeBox(): Promise<void> {
      await workbench.page.keyboard.press('Escape');
      await workbench.quickInput().waitFor({ state: 'hidden' });
    }

    async function unchangedRequests<T>(run: () => Promise<T>): Promise<T> {
      const before = sandbox.requestCount();
      const result = await run();
      // Give a wrongly sent request time to arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(sandbox.requestCount(), before, 'no request reached the API');
      return result;
    }

    before(async () => {
      sandbox = await startSandbox({ port: 0, users: 4, seed: 9, apiKey: API_KEY });
      const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
      user = (await client.listUsers()).users[0] ?? assert.fail('the sandbox lists users');
      await client.close();
      workbench = world().workbench;
      await enterTeam(world(), 'Sandbox EU', sandbox.url, API_KEY, { firstUser: user.client_user_id });
    });

    after(async () => {
      if (workbench) await leaveClean(world());
      await sandbox?.close();
    });

    test('Set API Key: an empty or blank key', async () => {
      await unchangedRequests(async () => {
        await focusWorkbench();
        await workbench.runCommand('Health Data: Set API Key…');
        for (const value of ['', '   ']) await refusedInBox(value, 'The key cannot be empty.');
        await closeBox();
      });
    });

    test('Resolve User: an empty or blank client_user_id', async () => {
      await unchangedRequests(async () => {
        await focusWorkbench();
        await workbench.runCommand('Health Data: Resolve User by client_user_id…');
        for (const value of ['', ' \t ']) await refusedInBox(value, 'Enter a client_user_id.');
        await closeBox();
      });
    });

    test('Show Lab Test Markers and Show Order Set Markers: no id at all', async () => {
      await unchangedRequests(async () => {
        await focusWorkbench();
        await workbench.runCommand('Health Data: Show Lab Test Markers…');
        await refusedInBox('   ', 'Enter a lab_test_id.');
        await closeBox();
        await workbench.runCommand('Health Data: Show Order Set Markers…');
        await workbench.typeIntoInput(' , ;');
        await refusedInBox('  ,  ', 'Enter at least one lab_test_id or add-on provider_id.');
        await closeBox();
      });
    });

    test('Custom environment: base URLs that would leak the key or cannot work', async () => {
      const cases: [string, string | RegExp][] = [
        ['http://api.example.com', 'only to this machine'],
        ['http://127.0.0.1.nip.io', 'only to this machine'],
        ['https://user:secret@api.example.com', 'Remove the user name and password'],
        ['https://api.example.com/?key=1', 'Remove the query'],
        ['javascript:alert(1)', 'Use https://'],
        ['not a url', 'not a valid URL'],
        ['', 'Enter a base URL.'],
      ];
      await unchangedRequests(async () => {
        await focusWorkbench();
        await workbench.runCommand('Health Data: Switch Environment…');
        await workbench.dismissHovers();
        await workbench.quickInput().locator('.monaco-list-row', { hasText: 'Custom' }).first().click();
        for (const [value, message] of cases) await refusedInBox(value, message);
        await closeBox();
      });
      const settings = readFileSync(join(workbench.server.profile.userDataDir, 'User', 'settings.json'), 'utf8');
      assert.ok(!/example\.com|nip\.io|javascript:/.test(settings), 'no refused URL reached settings.json');
    });

    test('the blood-pressure query bar: missing, invalid and reversed dates', async () => {
      const frame = await workbench.showBloodPressure(user.client_user_id);
      const cases: [string, string, string][] = [
        ['', '', 'Enter a start date.'],
        ['yesterday', '', 'The start date must be'],
        ['2026-02-30', '', 'The start date must be'],
        ['2026-01-01T25:00', '', 'The start date must be'],
        ['2026-01-01', '2026-13-01', 'The end date must be'],
        ['2026-01-01', '2026-01-02T00:00:00+99:99', 'The end date must be'],
        ['2026-01-01', '2026-01-02T00:00:00+24:00', 'The end date must be'],
        ['2026-03-02', '2026-03-01', 'The end date is before the start date.'],
        ['2026-01-01T12:00:00Z', '2026-01-01T11:59:59Z', 'The end date is before the start date.'],
      ];
      await unchangedRequests(async () => {
        for (const [start, end, message] of cases) await refusedInPanel(frame, [start, end], '#query-message', message);
      });
    });

    test('the lab markers form: empty id, pages and sizes out of range', async () => {
      const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has lab tests');
      await focusWorkbench();
      await workbench.runCommand('Health Data: Show Lab Test Markers…');
      await workbench.typeIntoInput(labTest.id);
      await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
      await workbench.typeIntoInput('');
      const frame = await workbench.webview(`Markers: ${labTest.id}`);
      await frame.locator('.pager', { hasText: /markers in total/ }).waitFor({ timeout: 60_000 });
      // Fields: lab_test_id, lab_account_id, page, size.
      const cases: [string, string, string, string][] = [
        ['  ', '1', '50', 'Enter a lab_test_id.'],
        [labTest.id, '0', '50', 'The page must be'],
        [labTest.id, '-1', '50', 'The page must be'],
        [labTest.id, '1.5', '50', 'The page must be'],
        [labTest.id, 'abc', '50', 'The page must be'],
        [labTest.id, '', '50', 'The page must be'],
        [labTest.id, '1', '0', 'The size must be'],
        [labTest.id, '1', '101', 'The size must be'],
        [labTest.id, '1', '1e2', 'The size must be'],
        [labTest.id, '1', '99999999999999999999', 'The size must be'],
      ];
      await unchangedRequests(async () => {
        for (const [id, page, size, message] of cases) await refusedInPanel(frame, [id, null, page, size], '#form-message', message);
      });
    });
  });
}

/** Fills the panel's text fields (null leaves one as it is), clicks Apply, and waits for `message`. */
async function refusedInPanel(frame: FrameLocator, values: (string | null)[], messageSelector: string, message: string): Promise<void> {
  const fields = frame.locator('vscode-text-field');
  for (const [index, value] of values.entries()) {
    if (value !== null) await fields.nth(index).locator('input').fill(value);
  }
  await frame.locator('vscode-button', { hasText: 'Apply' }).click();
  await frame.locator(messageSelector, { hasText: message }).waitFor();
  const invalid = await frame.locator('vscode-text-field[aria-invalid="true"]').count();
  assert.equal(invalid, 1, `the field at fault is marked invalid for assistive technology (${values.join(' | ')})`);
}
