// The census of the ways out (src/scrub/doorCensus.ts) against the code itself (issue 33): every
// contributed command is a door with a rule or says why it is none; every write call in src/
// (clipboard, files, notebook edits, terminals, process output, agent tools) is in a file the census
// lists, by count; every helper that writes for others is called only from listed doors; every VS
// Code door scrubbed by the setting or always is tried in the real host. A new door fails here
// until it is listed with its rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { DOORS, NOT_DOORS, SCRUB_RULES, WRITE_HELPERS, WRITE_SITES } from '../../src/scrub/doorCensus';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** The write primitives: each match is one call that carries something out of the extension. */
const WRITE_CALL = new RegExp(
  [
    String.raw`clipboard\.writeText\(`,
    String.raw`navigator\.clipboard`,
    String.raw`\bfs\.writeFile\(`,
    String.raw`\bwriteFileSync\(`,
    String.raw`\bwriteFile\(`,
    String.raw`\bappendFile(?:Sync)?\(`,
    String.raw`\bcreateWriteStream\(`,
    String.raw`\.applyEdit\(`,
    String.raw`\.sendText\(`,
    String.raw`process\.(?:stdout|stderr)\.write\(`,
    String.raw`console\.(?:log|error|warn|info|debug)\(`,
    String.raw`\blm\.registerTool\b`,
    String.raw`\bserver\.registerTool\(`,
    String.raw`\bserializeNotebook\(data`,
  ].join('|'),
  'g',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Code without comments, so a comment naming a primitive is no call. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const files = sourceFiles(SRC).map((file) => ({ path: relative(SRC, file), text: code(file) }));
const doorIds = new Set(DOORS.map((door) => door.id));
const commands = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } }).contributes.commands.map((entry) => entry.command);

describe('every door, one rule: the census', () => {
  test('every contributed command is a door with a rule or is listed as none, and nothing listed is stale', () => {
    const unclassified = commands.filter((id) => !doorIds.has(id) && NOT_DOORS[id] === undefined);
    assert.deepEqual(unclassified, [], 'commands to classify in src/scrub/doorCensus.ts');
    const both = commands.filter((id) => doorIds.has(id) && NOT_DOORS[id] !== undefined);
    assert.deepEqual(both, [], 'a command is a door or none, not both');
    const stale = [...DOORS.map((door) => door.id).filter((id) => id.startsWith('healthData.')), ...Object.keys(NOT_DOORS)].filter((id) => !commands.includes(id));
    assert.deepEqual(stale, [], 'census entries naming no contributed command');
    assert.equal(doorIds.size, DOORS.length, 'each door listed once');
    for (const door of DOORS) assert.ok(SCRUB_RULES[door.rule], `${door.id}: a known rule`);
  });

  test('every write call in src/ is in a file the census lists, and no more of them than it counts', () => {
    const found: Record<string, number> = {};
    for (const file of files) {
      const calls = file.text.match(WRITE_CALL)?.length ?? 0;
      if (calls > 0) found[file.path] = calls;
    }
    const listed = Object.fromEntries(Object.entries(WRITE_SITES).map(([path, site]) => [path, site.calls]));
    assert.deepEqual(found, listed, 'write calls per file (a new one is a new door: list it in WRITE_SITES with its door and rule)');
  });

  test('each write site serves listed doors, and every door has a site', () => {
    const served = new Set<string>();
    for (const [path, site] of Object.entries(WRITE_SITES)) {
      if ('notADoor' in site) {
        assert.ok(site.notADoor.length > 10, `${path}: says why it is no door`);
        continue;
      }
      for (const door of site.doors) {
        assert.ok(doorIds.has(door), `${path} serves ${door}, which the census does not list`);
        served.add(door);
      }
    }
    assert.deepEqual(DOORS.map((door) => door.id).filter((id) => !served.has(id)), [], 'doors with no write site');
  });

  test('helpers that write for others are called only from the files listed', () => {
    for (const [helper, callers] of Object.entries(WRITE_HELPERS)) {
      const call = new RegExp(`(?<!\\w)${helper.replace('.', '\\.')}[<(]`);
      const definedIn = files.filter((file) => new RegExp(`(?:function|async)\\s+${helper.split('.').at(-1)}[<(]`).test(file.text)).map((file) => file.path);
      const calling = files.filter((file) => call.test(file.text) && !definedIn.includes(file.path)).map((file) => file.path).sort();
      assert.deepEqual(calling, [...callers].sort(), `callers of ${helper}: a new caller is a new door, to be listed`);
    }
  });

  test('every command door is registered by the command that writes: its id is named in its file', () => {
    const commandDoors = DOORS.filter((door) => door.id.startsWith('healthData.'));
    const constants = files.find((file) => file.path === 'constants.ts')?.text ?? '';
    for (const door of commandDoors) assert.ok(constants.includes(`'${door.id}'`), `${door.id} is a command of constants.ts`);
  });

  test('every VS Code door scrubbed by the setting or always is tried in the real host, by its id', () => {
    const vsCodeDoors = DOORS.filter((door) => (door.rule === 'setting' || door.rule === 'always') && !/^(run|capture|scrub|mcp):/.test(door.id));
    for (const door of vsCodeDoors) {
      assert.ok(door.triedIn, `${door.id}: names the integration test that tries it`);
      const test = readFileSync(join(ROOT, door.triedIn), 'utf8');
      const probe = door.id.includes(':') ? door.id : `'${door.id}'`;
      assert.ok(test.includes(probe), `${door.triedIn} tries ${door.id} (names ${probe})`);
    }
  });
});
