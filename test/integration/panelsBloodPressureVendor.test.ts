// The blood-pressure panel in the real extension host against a sandbox that answers as the
// vendor's published schema allows (issue 19.3): every reading is loaded and listed, and the
// readings in another unit than mmHg are series of their own, on an axis of their unit.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { openPanelsFixture, rendered, waitForPanel, type PanelsFixture } from './panelsSupport';

const VIEW_TYPE = 'healthData.bloodPressure';

let fixture: PanelsFixture & { close(): Promise<void> };

interface Sent {
  readings: number;
  providers: Set<string>;
  /** `provider (unit)` of each reading in another unit than mmHg. */
  otherSeries: Set<string>;
}

async function sentFor(user: User): Promise<Sent> {
  const form = defaultBloodPressureForm(new ZoneCalendar(user.fallback_time_zone?.id ?? undefined), Date.now());
  const sent: Sent = { readings: 0, providers: new Set(), otherSeries: new Set() };
  for await (const page of iterateBloodPressurePages(fixture.client, user.user_id, bloodPressureQueryOf(form))) {
    for (const groups of Object.values(page.groups)) {
      for (const group of groups) {
        sent.readings += group.data.length;
        for (const reading of group.data) {
          if (reading.unit == null || reading.unit === 'mmHg') sent.providers.add(group.source.provider);
          else sent.otherSeries.add(`${group.source.provider} (${reading.unit})`);
        }
      }
    }
  }
  return sent;
}

suite('Panels: blood pressure (vendor shape)', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 20, seed: 19, shape: 'vendor' });
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('readings in mg/dL or % are loaded and listed, and drawn on an axis of their unit, never on mmHg', async () => {
    const { users } = await fixture.client.listUsers({ limit: 20 });
    let user: User | undefined;
    let sent: Sent | undefined;
    for (const candidate of users) {
      const readings = await sentFor(candidate);
      if (readings.otherSeries.size > 0) {
        user = candidate;
        sent = readings;
        break;
      }
    }
    assert.ok(user && sent, 'the vendor-shaped sandbox has a user with a reading in another unit in the last 30 days');
    const shown = user;
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: shown });
    const report = await waitForPanel(
      `${shown.client_user_id}'s panel with data`,
      (r) => r.viewType === VIEW_TYPE && r.state?.userId === shown.user_id && rendered<string>(r, 'phase') === 'data',
      90_000,
    );
    assert.equal(rendered(report, 'readings'), sent.readings, 'every reading sent is loaded');
    assert.equal(rendered(report, 'tableRows'), sent.readings, 'and listed');
    const axes = rendered<Record<string, string>>(report, 'chartAxes');
    for (const series of sent.otherSeries) {
      const unit = /\(([^)]*)\)$/.exec(series)?.[1] ?? '';
      assert.equal(axes[`${series} systolic`], unit, `${series} on its own axis: ${JSON.stringify(axes)}`);
      assert.equal(axes[`${series} diastolic`], unit);
    }
    for (const provider of sent.providers) assert.equal(axes[`${provider} systolic`], 'mmHg', JSON.stringify(axes));
    assert.equal(rendered(report, 'chartSeries'), 2 * (sent.providers.size + sent.otherSeries.size));
    const providers = new Set([...sent.providers, ...[...sent.otherSeries].map((series) => series.replace(/ \([^)]*\)$/, ''))]);
    assert.deepEqual(Object.keys(rendered<Record<string, string>>(report, 'chartColors')).sort(), [...providers].sort(), 'one colour per provider, whatever its units');
  });
});
