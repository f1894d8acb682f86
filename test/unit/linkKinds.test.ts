// Copy Link offers links that open where the teammate is (issue 28): never code-oss:// from a
// browser, the desktop schemes everywhere, and no question in desktop VS Code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLink } from '../../src/domain/users/healthDataLinks';
import { linkScheme, offeredLinkKinds } from '../../src/domain/users/linkKinds';

const TARGET = { view: 'user', env: 'sandboxUs', clientUserId: 'patient-0001' } as const;
const ID = 'health-data-tools.health-data-explorer';

describe('link kinds', () => {
  test('in a browser (code-server, Codespaces): VS Code and Insiders links, never the browser editor\'s own scheme', () => {
    const kinds = offeredLinkKinds('code-oss', true);
    assert.deepEqual(kinds, ['vscode', 'vscodeInsiders']);
    const links = kinds.map((kind) => buildLink(linkScheme(kind, 'code-oss'), ID, TARGET));
    assert.deepEqual(links, [
      'vscode://health-data-tools.health-data-explorer/user?client_user_id=patient-0001&env=sandboxUs',
      'vscode-insiders://health-data-tools.health-data-explorer/user?client_user_id=patient-0001&env=sandboxUs',
    ]);
  });

  test('desktop VS Code and Insiders copy their own scheme without asking; another editor is offered all three', () => {
    assert.deepEqual(offeredLinkKinds('vscode', false), ['thisEditor']);
    assert.deepEqual(offeredLinkKinds('vscode-insiders', false), ['thisEditor']);
    assert.equal(linkScheme('thisEditor', 'vscode-insiders'), 'vscode-insiders');
    assert.deepEqual(offeredLinkKinds('vscodium', false), ['vscode', 'vscodeInsiders', 'thisEditor']);
    assert.equal(linkScheme('thisEditor', 'vscodium'), 'vscodium');
  });
});
