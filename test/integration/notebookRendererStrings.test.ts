// The notebook renderer's localized words, built in the real extension host: every word the
// renderer draws is there (a word missing would show as "undefined" in an output), the panels'
// words are the panels' own, and the renderer's messaging can be set up for its contributed id.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bloodPressureStrings, labMarkersStrings } from '../../src/l10n/panelStrings';
import { notebookRendererStrings } from '../../src/l10n/notebookRendererStrings';
import { registerNotebookRendererMessaging } from '../../src/notebookEditor/rendererMessaging';
import { NOTEBOOK_RENDERER_ID } from '../../src/shared/notebookRendererProtocol';

/** Every leaf of a words object, with its path. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [[path, value]];
}

suite('Notebook renderer words', () => {
  test('every word is a non-empty string, in the host’s language', () => {
    const strings = notebookRendererStrings();
    const missing = leaves(strings).filter(([, value]) => typeof value !== 'string' || value === '');
    assert.deepEqual(missing, []);
    assert.equal(strings.locale, vscode.env.language);
    assert.deepEqual(strings.bloodPressure, bloodPressureStrings());
    assert.deepEqual(strings.labMarkers, labMarkersStrings());
    // Placeholders stay for the renderer to fill in.
    assert.match(strings.output.assertionsSummary, /\{0\}.*\{1\}/);
    // A cell whose checks failed is headed by them, in words other than the success's.
    assert.match(strings.output.outcomeChecksFailed, /\{0\}/);
    assert.notEqual(strings.output.outcomeChecksFailed, strings.output.outcomeOk);
    assert.match(strings.deviationList.heading, /\{0\}.*\{1\}/);
  });

  test('the renderer’s messaging is set up for the contributed renderer, and let go', () => {
    const extension = vscode.extensions.all.find((candidate) =>
      (candidate.packageJSON as { contributes?: { notebookRenderer?: { id: string }[] } }).contributes?.notebookRenderer?.some((renderer) => renderer.id === NOTEBOOK_RENDERER_ID),
    );
    assert.ok(extension, `an installed extension contributes the notebook renderer ${NOTEBOOK_RENDERER_ID}`);
    const registration = registerNotebookRendererMessaging({ open: async () => undefined });
    assert.equal(typeof registration.dispose, 'function');
    registration.dispose();
  });
});
