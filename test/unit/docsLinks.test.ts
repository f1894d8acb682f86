// The README is the front page and docs/ the reference: every relative link in them resolves to a
// file of the repository, every image exists, every #anchor names a heading of its target (GitHub's
// slugs), every docs page is reachable from the README through the docs index, every contributed
// command and setting is documented, and the README stays a front page (under 300 lines). The
// checker itself is tested on text that breaks each rule.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { anchorsOf, brokenLinks, isExternal, linksOf, slugOf } from '../support/markdownLinks';

const ROOT = resolve(import.meta.dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const DOCS_INDEX = join(DOCS, 'README.md');
const docsPages = () => readdirSync(DOCS).filter((name) => name.endsWith('.md')).sort().map((name) => join(DOCS, name));

describe('README and docs/ links', () => {
  test('every relative link, image and anchor resolves', () => {
    const files = [README, ...docsPages()];
    assert.ok(files.length >= 10, `found ${files.length} Markdown files`);
    assert.deepEqual(brokenLinks(ROOT, files), []);
  });

  test('the README links to the docs index, and the index to every docs page', () => {
    const readmeTargets = linksOf(readFileSync(README, 'utf8')).map((link) => link.target.split('#')[0]);
    assert.ok(readmeTargets.includes('docs/README.md'), 'README.md links to docs/README.md');
    const indexTargets = new Set(linksOf(readFileSync(DOCS_INDEX, 'utf8')).map((link) => link.target.split('#')[0]));
    const missing = docsPages().map((file) => file.slice(DOCS.length + 1)).filter((name) => name !== 'README.md' && !indexTargets.has(name));
    assert.deepEqual(missing, [], 'docs pages the index does not link to');
  });

  test('docs/commands.md names every contributed command, docs/configuration.md every setting', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
    };
    const commandsPage = readFileSync(join(DOCS, 'commands.md'), 'utf8');
    const undocumentedCommands = manifest.contributes.commands.map((entry) => entry.command).filter((id) => !commandsPage.includes(`(\`${id}\`)`));
    assert.deepEqual(undocumentedCommands, [], 'commands without a row in docs/commands.md');
    const settingsPage = readFileSync(join(DOCS, 'configuration.md'), 'utf8');
    const settings = [manifest.contributes.configuration].flat().flatMap((section) => Object.keys(section.properties));
    assert.ok(settings.length >= 10, `found ${settings.length} settings`);
    assert.deepEqual(settings.filter((key) => !settingsPage.includes(`| \`${key}\` |`)), [], 'settings without a row in docs/configuration.md');
  });

  test('the README is a front page: under 300 lines', () => {
    const lines = readFileSync(README, 'utf8').split('\n').length;
    assert.ok(lines < 300, `README.md has ${lines} lines`);
  });
});

describe('the link checker', () => {
  test("slugs follow GitHub's rules", () => {
    assert.equal(slugOf('Choices where the spec says "not shown"'), 'choices-where-the-spec-says-not-shown');
    assert.equal(slugOf('Agents: the tools for Copilot and any MCP client'), 'agents-the-tools-for-copilot-and-any-mcp-client');
    assert.equal(slugOf('In VS Code: language-model tools (default)'), 'in-vs-code-language-model-tools-default');
    assert.equal(slugOf('`scrub` and `capture_all`, **bold**'), 'scrub-and-capture_all-bold');
    assert.equal(slugOf('Why is data missing?'), 'why-is-data-missing');
    assert.equal(slugOf('1. Find → understand'), '1-find--understand');
    assert.equal(slugOf('Zeitzonen: Änderung'), 'zeitzonen-änderung');
    assert.equal(slugOf('[Linked](x.md) heading'), 'linked-heading');
  });

  test('repeated headings get -1, -2; headings in code blocks and comments are none', () => {
    const anchors = anchorsOf(['# Setup', '## Setup', '### Setup', '```sh', '# not a heading', '```', '<!--', '# hidden', '-->', '## Setup-1', '<a id="custom"></a>'].join('\n'));
    assert.deepEqual([...anchors].sort(), ['custom', 'setup', 'setup-1', 'setup-1-1', 'setup-2'].sort());
  });

  test('links in code, code spans and comments are not links', () => {
    const links = linksOf(['See [one](a.md) and `[two](b.md)`.', '```', '[three](c.md)', '```', '<!-- [four](d.md) -->', '![five](e.png "title")', '[six]: f.md', '<img src="g.png" alt="">'].join('\n'));
    assert.deepEqual(links.map((link) => [link.target, link.image, link.line]), [
      ['a.md', false, 1],
      ['e.png', true, 6],
      ['f.md', false, 7],
      ['g.png', true, 8],
    ]);
    assert.ok(isExternal('https://github.com/x') && isExternal('vscode://x') && isExternal('mailto:a@b') && !isExternal('docs/a.md#b'));
  });

  test('names each kind of broken link with its file and line', () => {
    const root = mkdtempSync(join(tmpdir(), 'hde-links-'));
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'media'));
    writeFileSync(join(root, 'media', 'shot.png'), '');
    writeFileSync(join(root, 'docs', 'cli.md'), '# The command line\n\n## Checks in CI\n\n## Checks in CI\n\nBack to [the front](../README.md#quick-start), [here](#checks-in-ci-1).\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '# Front',
        '## Quick start',
        '[ok](docs/cli.md#checks-in-ci) [ok too](#quick-start) ![ok](media/shot.png) [web](https://example.com/#nothing)',
        '[missing file](docs/nope.md)',
        '[missing anchor](docs/cli.md#checks-in-cd)',
        '[missing here](#quick-stop)',
        '![missing image](media/none.png)',
        '![a folder](media)',
        '[outside](../elsewhere.md)',
        '[anchor into an image](media/shot.png#top)',
      ].join('\n'),
    );
    assert.deepEqual(brokenLinks(root, [join(root, 'README.md'), join(root, 'docs', 'cli.md')]), [
      'README.md:4: docs/nope.md: no such file',
      'README.md:5: docs/cli.md#checks-in-cd: no heading "#checks-in-cd" in docs/cli.md',
      'README.md:6: #quick-stop: no heading "#quick-stop" in README.md',
      'README.md:7: media/none.png: no such image',
      'README.md:8: media: an image that is not a file',
      'README.md:9: ../elsewhere.md points outside the repository',
      'README.md:10: media/shot.png#top: an anchor into a file that is not Markdown',
    ]);
  });
});
