// A person's path through a Health Data notebook in a real workbench: the walkthrough step opens
// the sample, Run All runs every request cell against the embedded sandbox, the blood-pressure
// cell's output draws its chart, and an assertion changed to something false fails, visibly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { SAMPLE_NOTEBOOK_PATH } from '../../src/constants';
import { parseNotebookFile } from '../../src/notebook/notebookFormat';
import { openWorkbench, type Workbench } from './workbench';

const CELL_RUN_TIMEOUT_MS = 90_000;
/** The request cells of the sample the walkthrough opens: each must be seen run. */
const SAMPLE_REQUEST_CELLS = parseNotebookFile(readFileSync(SAMPLE_NOTEBOOK_PATH, 'utf8')).cells.filter((cell) => cell.kind === 'request').length;

describe('Health Data notebook in a real workbench', () => {
  let workbench: Workbench;

  before(async () => {
    // The Welcome page needs the width to show a step's media beside the steps.
    workbench = await openWorkbench({ theme: 'Light', settings: { 'workbench.secondarySideBar.defaultVisibility': 'hidden' } });
  });
  after(async () => {
    await workbench?.close();
  });

  const notebookEditor = (): Locator => workbench.page.locator('.notebookOverlay').first();

  /**
   * Wheels the notebook until `target` lies inside its cell list, clear of the toolbar: the notebook
   * draws only the cells near the screen (a line not drawn yet is above, towards the first request
   * cell), and a drawn line can still be off screen, where a click cannot reach it.
   */
  async function scrollIntoNotebookView(target: Locator): Promise<void> {
    const list = notebookEditor().locator('.cell-list-container');
    await list.hover();
    for (let step = 0; step < 100; step++) {
      const [box, view] = await Promise.all([target.boundingBox(), list.boundingBox()]);
      if (box && view && box.y >= view.y + 60 && box.y + box.height <= view.y + view.height - 20) return;
      const below = box !== null && view !== null && box.y + box.height > view.y + view.height - 20;
      await workbench.page.mouse.wheel(0, below ? 200 : -200);
      await workbench.page.waitForTimeout(100);
    }
    assert.fail('the line came into the notebook\'s view');
  }
  const codeCells = (): Locator => notebookEditor().locator('.cell-list-container .monaco-list-row.code-cell-row');
  const cellsIn = (state: 'success' | 'error'): Locator =>
    notebookEditor().locator(`.cell-list-container .monaco-list-row.code-cell-row .codicon-notebook-state-${state}`);
  /** The notebook's outputs: one webview (two iframes deep) holds every cell's output. */
  const outputs = () => workbench.page.locator('.notebookOverlay iframe.webview').first().contentFrame().locator('iframe#active-frame').contentFrame();

  test('the walkthrough step opens the sample; Run All runs every request cell and the chart is drawn', async () => {
    // As a newcomer starts: the Health Data view (the extension is up once its sample users show).
    await workbench.openViewContainer();
    await workbench.treeRows().first().waitFor();
    await workbench.runCommand('Health Data: Get Started');
    const step = workbench.page.locator('button.getting-started-step[data-step-id$="#keepNotebook"]');
    await step.click();
    await step.getByRole('button', { name: 'New Notebook' }).click();
    await codeCells().first().waitFor();

    await workbench.runCommand('Notebook: Run All');
    await workbench.pickNotebookControllerIfAsked(notebookEditor());
    // The notebook draws only the cells on screen: scroll through it, noting each request cell's state.
    const states = new Map<number, string>();
    let sawChart = false;
    const everyCellRan = (): boolean => states.size === SAMPLE_REQUEST_CELLS && [...states.values()].every((state) => state !== 'other') && sawChart;
    const deadline = Date.now() + CELL_RUN_TIMEOUT_MS;
    for (;;) {
      await notebookEditor().locator('.cell-list-container').hover();
      await workbench.page.mouse.wheel(0, -100_000);
      for (let step = 0; step < 40 && !everyCellRan(); step++) {
        const rows = await notebookEditor()
          .locator('.cell-list-container .monaco-list-row.code-cell-row')
          .evaluateAll((elements) =>
            elements.map((element) => [
              Number(element.getAttribute('data-index')),
              element.querySelector('.codicon-notebook-state-success') ? 'success' : element.querySelector('.codicon-notebook-state-error') ? 'error' : 'other',
            ] as const),
          );
        for (const [index, state] of rows) states.set(index, state);
        sawChart ||= (await outputs().locator('.chart-canvas canvas').count()) > 0;
        await workbench.page.mouse.wheel(0, 300);
        await workbench.page.waitForTimeout(150);
      }
      if (everyCellRan()) break;
      assert.ok(Date.now() < deadline, `every cell ran and the chart was drawn: ${JSON.stringify([...states])}, chart ${sawChart}`);
    }
    assert.ok(states.size >= 5, `the sample makes each of the five operations (${states.size} request cells)`);
    assert.deepEqual([...states.values()].filter((state) => state !== 'success'), [], 'every cell succeeded');
    assert.ok(sawChart, "the blood-pressure cell's output draws the panel's chart");
    // The picture the README shows: the blood-pressure cell's request at the top, its chart below.
    const bloodPressureLine = notebookEditor().locator('.cell-editor-container .view-line', { hasText: /blood_pressure\/grouped/ }).first();
    for (let step = 0; step < 80 && !(await bloodPressureLine.isVisible()); step++) {
      await workbench.page.mouse.wheel(0, -400);
      await workbench.page.waitForTimeout(100);
    }
    const requestLine = await bloodPressureLine.boundingBox();
    if (requestLine) await workbench.page.mouse.wheel(0, requestLine.y - 120);
    await workbench.page.waitForTimeout(800);
    await workbench.screenshot('notebook-light');
    // The outputs say which assertions held (renderer outputs sit in shadow roots: read through locators).
    await outputs().locator('.hde-result').first().waitFor();
    const text = (await outputs().locator('.hde-result').allInnerTexts()).join('\n');
    assert.match(text, /expect no deviations/, `the assertions are in the outputs: ${text.slice(0, 2000)}`);
  });

  test('an assertion changed to something false fails, and the cell says why', async () => {
    const line = notebookEditor().locator('.cell-editor-container .view-line', { hasText: /^expect\sstatus\s200$/ }).first();
    await scrollIntoNotebookView(line);
    await line.click();
    await workbench.page.keyboard.press('End');
    for (let index = 0; index < 3; index++) await workbench.page.keyboard.press('Backspace');
    await workbench.page.keyboard.type('404');
    // The cell's own Run button, left of it.
    const cell = notebookEditor().locator('.cell-list-container .monaco-list-row.code-cell-row', { hasText: /expect\sstatus\s404/ }).first();
    await cell.hover();
    await cell.locator('.run-button-container a.action-label').first().click();
    await cellsIn('error').first().waitFor({ timeout: CELL_RUN_TIMEOUT_MS });
    await outputs().locator('.hde-result', { hasText: /expect\sstatus\s404/ }).first().waitFor({ timeout: CELL_RUN_TIMEOUT_MS });
    const text = (await outputs().locator('.hde-result', { hasText: /expect\sstatus\s404/ }).first().innerText());
    assert.match(text, /expected 404|404/, 'the failure names what was expected');
    // The request itself succeeded; the cell is headed by the check that failed, never "Succeeded".
    const header = outputs().locator('.hde-result', { hasText: /expect\sstatus\s404/ }).first().locator('.result-header');
    assert.match(await header.locator('.outcome').innerText(), /Failed: expect status 404/);
    assert.doesNotMatch(await header.innerText(), /Succeeded/);
    await workbench.screenshot('notebook-failed-assertion-light');
  });

  test('Open as JSON opens the whole body of an output in a JSON editor', async () => {
    // The output carries the body once, in the result: Open as JSON shows all of it in an editor.
    const rawJson = outputs().locator('.hde-result', { hasText: /expect\sstatus\s404/ }).first().locator('details.raw-json');
    // Clicked where they are: the notebook's list clips the output page, which Playwright cannot scroll.
    await rawJson.locator('summary').dispatchEvent('click');
    const firstKey = Object.keys(JSON.parse((await rawJson.locator('pre').textContent()) ?? '') as object)[0] ?? assert.fail('a body with keys');
    await rawJson.locator('vscode-button', { hasText: 'Open as JSON' }).dispatchEvent('click');
    // The tab's name is the request line; VS Code draws the ".json" apart from it when the name is long.
    await workbench.page.locator('.part.editor .tabs-container .tab.active', { hasText: /^(GET|POST) / }).first().waitFor();
    const editorText = await workbench.page.locator('.part.editor .monaco-editor .view-lines').filter({ visible: true }).first().innerText();
    assert.match(editorText.replace(/\u00a0/g, ' '), new RegExp(`^\\{\\s*"${firstKey}":`), 'the body the output shows, from its start');
  });
});
