// What `npm run bench` checks and installs before it builds: the browser for the benchmarks that
// drive one, the code-server build for those that start VS Code, nothing for the node-only ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchNeeds } from '../../bench/lib/benchPrerequisites';
import { MINIMUM_HOST, NEWEST_HOST } from '../host/hosts.mjs';
import { prerequisitesFor } from '../host/prerequisites.mjs';

describe('benchNeeds', () => {
  it('asks for nothing when only node benchmarks run', () => {
    assert.deepEqual(benchNeeds(['footprint', 'clientOverhead', 'scrubThroughput'], MINIMUM_HOST), { browser: false, hosts: [] });
  });

  it('asks for Chromium but no VS Code for the page-only browser benchmarks', () => {
    assert.deepEqual(benchNeeds(['bloodPressure'], MINIMUM_HOST), { browser: true, hosts: [] });
    assert.deepEqual(benchNeeds(['coverageScroll', 'allUsers'], MINIMUM_HOST), { browser: true, hosts: [] });
  });

  it('asks for Chromium and the chosen host, once, for the workbench benchmarks', () => {
    assert.deepEqual(benchNeeds(['workbench'], NEWEST_HOST), { browser: true, hosts: [NEWEST_HOST] });
    assert.deepEqual(benchNeeds(['activation', 'workbench', 'footprint'], MINIMUM_HOST), { browser: true, hosts: [MINIMUM_HOST] });
    assert.deepEqual(benchNeeds(['bloodPressureEndToEnd'], NEWEST_HOST), { browser: true, hosts: [NEWEST_HOST] });
  });

  it('asks for every host HDE_HOSTS names for the notebook Run All in the workbench, each once', () => {
    assert.deepEqual(benchNeeds(['notebookRunAllWorkbench'], MINIMUM_HOST, [MINIMUM_HOST, NEWEST_HOST]), { browser: true, hosts: [MINIMUM_HOST, NEWEST_HOST] });
    assert.deepEqual(benchNeeds(['workbench', 'notebookRunAllWorkbench'], NEWEST_HOST, [MINIMUM_HOST, NEWEST_HOST]), { browser: true, hosts: [NEWEST_HOST, MINIMUM_HOST] });
    assert.deepEqual(benchNeeds(['notebookRunAllWorkbench'], NEWEST_HOST, [NEWEST_HOST]), { browser: true, hosts: [NEWEST_HOST] });
  });

  it('for a full run on a fresh machine, leads the preflight to ask for Chromium and the toolchain', () => {
    const needs = benchNeeds(['footprint', 'activation', 'bloodPressure', 'workbench'], MINIMUM_HOST);
    const names = prerequisitesFor({ codeServerInstall: needs.hosts.length > 0, browser: needs.browser }).map((item) => item.aptPackages.join(' '));
    assert.deepEqual(names, ['build-essential', 'python3', 'chromium']);
  });
});
