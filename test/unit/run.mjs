// `npm run test:unit`: every test/unit/*.test.ts with node's test runner, in a few processes instead of
// one per file. Each process started tsx and imported the modules its file needs afresh: ~0.9 s of
// CPU per file, two thirds of the layer's wall time on 2 cores (20 files: 47.7 s one process each,
// 30.1 s in one). The files are dealt round-robin into HDE_UNIT_SHARDS shard entries (default 2, one
// per core), each importing its files in order; node runs the shards side by side. Names on the
// command line (`npm run test:unit -- scrub cliRun`) run just those files, one process each as before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const UNIT_DIR = import.meta.dirname;
const SHARDS = Math.max(1, Number(process.env.HDE_UNIT_SHARDS ?? 2));
const named = process.argv.slice(2).map((name) => name.replace(/^.*\//, '').replace(/\.test\.ts$/, ''));
const files = readdirSync(UNIT_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => named.length === 0 || named.includes(name.slice(0, -'.test.ts'.length)))
  .sort()
  .map((name) => join(UNIT_DIR, name));

if (files.length === 0) {
  console.error(`test:unit: no test/unit file named ${named.join(', ')}`);
  process.exit(2);
}

/** One entry file per shard, importing its share of the files in order. */
function shardEntries(dir) {
  return Array.from({ length: Math.min(SHARDS, files.length) }, (_, shard) => {
    const entry = join(dir, `shard-${shard + 1}.test.mjs`);
    const mine = files.filter((_, index) => index % SHARDS === shard);
    writeFileSync(entry, mine.map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});\n`).join(''));
    return entry;
  });
}

const scratch = named.length === 0 ? mkdtempSync(join(tmpdir(), 'hde-unit-shards-')) : undefined;
const entries = scratch ? shardEntries(scratch) : files;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${SHARDS}`, '--test-reporter=spec', ...entries], {
  cwd: join(UNIT_DIR, '..', '..'),
  stdio: 'inherit',
});
if (scratch) rmSync(scratch, { recursive: true, force: true });
process.exit(result.status ?? 1);
