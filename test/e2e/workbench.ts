// Drives a real VS Code workbench (code-server, the host HDE_HOSTS names, else the newest of
// test/host/hosts.mjs) in headless Debian Chromium, as a user would.
//
// Adding an e2e test: create `test/e2e/<feature>.test.ts` using node:test, e.g.
//
//   import assert from 'node:assert/strict';
//   import { after, before, describe, test } from 'node:test';
//   import { openWorkbench, type Workbench } from './workbench';
//
//   describe('Users tree', () => {
//     let workbench: Workbench;
//     before(async () => (workbench = await openWorkbench({ theme: 'Dark' })));
//     after(() => workbench.close());
//     test('lists sample users', async () => {
//       await workbench.openViewContainer();
//       const items = await workbench.waitForTreeItems((rows) => rows.length > 0);
//       await workbench.screenshot('users-tree-dark');
//     });
//   });
//
// `npm run test:e2e` packages the .vsix once (HDE_VSIX points at it) and runs every
// test/e2e/*.test.ts, one file at a time; each openWorkbench() installs that .vsix into a fresh
// profile and starts its own server and browser. Assert on visible content, never on timing.
// Screenshots land in test-results/<name>.png (git-ignored). HDE_DEBUG=1 echoes code-server's log.
// One file only: `npm run test:e2e -- <feature>` (HDE_HOSTS=minimum for VS Code 1.100.3), or after
// `npm run package`: `node --import tsx --test test/e2e/<feature>.test.ts`.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../host/browser.mjs';
import {
  createProfile,
  defaultHost,
  installExtension,
  startCodeServer,
  type CodeServer,
} from '../host/codeServer.mjs';
import type { Host } from '../host/hosts.mjs';
import { REPO_ROOT } from '../host/provision.mjs';
import { quickenWaits } from './quickWaits';

export type ThemeName = 'Light' | 'Dark' | 'High Contrast';

/** The built-in theme each name maps to, and the class the workbench then carries. */
export const THEMES: Record<ThemeName, { colorTheme: string; pickerLabel: string; workbenchClass: string }> = {
  Light: { colorTheme: 'Default Light Modern', pickerLabel: 'Light Modern', workbenchClass: 'vs' },
  Dark: { colorTheme: 'Default Dark Modern', pickerLabel: 'Dark Modern', workbenchClass: 'vs-dark' },
  'High Contrast': { colorTheme: 'Default High Contrast', pickerLabel: 'Dark High Contrast', workbenchClass: 'hc-black' },
};

export const DEFAULT_VSIX = join(REPO_ROOT, 'out', 'health-data-explorer.vsix');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results');
export const CONTAINER_TITLE = 'Health Data';

export interface WorkbenchOptions {
  /** Initial color theme (default Light). */
  theme?: ThemeName;
  /** Extra user settings, merged over the quiet defaults. */
  settings?: Record<string, unknown>;
  /** Packaged extension to install; defaults to $HDE_VSIX, then out/health-data-explorer.vsix. */
  vsix?: string;
  /** Load an unpackaged extension folder instead (like --extensionDevelopmentPath). */
  developmentPath?: string;
  /** VS Code build to run (test/host/hosts.mjs); defaults to HDE_HOSTS's first, else the newest. */
  host?: Host;
}

export interface TreeItem {
  label: string;
  description: string;
  /** 1 for top-level items. */
  level: number;
  /** undefined when the item cannot expand. */
  expanded: boolean | undefined;
}

// Generous for a loaded 2-core machine; HDE_UI_TIMEOUT_MS overrides it.
const UI_TIMEOUT_MS = Number(process.env.HDE_UI_TIMEOUT_MS ?? 30_000);
/** How long runCommand tries to pick its row before it opens the palette again. */
const COMMAND_RETRY_MS = 3_000;

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const theme = options.theme ?? 'Light';
  const settings = { ...options.settings, 'workbench.colorTheme': THEMES[theme].colorTheme };
  const host = options.host ?? defaultHost();
  const profile = createProfile({ settings });
  if (!options.developmentPath) {
    const vsix = options.vsix ?? process.env.HDE_VSIX ?? DEFAULT_VSIX;
    if (!existsSync(vsix)) throw new Error(`${vsix} does not exist: run "npm run test:e2e" (it packages first)`);
    await installExtension(profile, vsix, host);
  }
  const server = await startCodeServer({ profile, vscodeHost: host, testPayload: Boolean(options.developmentPath) });
  let browser: LaunchedBrowser | undefined;
  try {
    browser = await launchBrowser();
    const workbench = new Workbench(server, browser);
    await workbench.load(options.developmentPath);
    await workbench.waitForTheme(theme);
    return workbench;
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** What a function evaluated in the page queries (the tests compile without the DOM's types). */
interface PageNode {
  textContent: string | null;
  querySelector(selector: string): PageNode | null;
}
interface PageQueries {
  querySelectorAll(selector: string): Iterable<PageNode>;
}

export class Workbench {
  readonly page: Page;

  constructor(
    readonly server: CodeServer,
    private readonly browser: LaunchedBrowser,
  ) {
    this.page = browser.page;
    this.page.setDefaultTimeout(UI_TIMEOUT_MS);
    quickenWaits(this.page.locator('body'), UI_TIMEOUT_MS);
  }

  /** Opens the workbench on the server's workspace folder and waits until it is interactive. */
  async load(developmentPath?: string): Promise<void> {
    const { origin, host, port, folder } = this.server;
    let url = `${origin}/?folder=${encodeURIComponent(folder)}`;
    if (developmentPath) {
      const payload = [['extensionDevelopmentPath', `vscode-remote://${host}:${port}${developmentPath}`]];
      url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    }
    // The workbench is ready when its parts are drawn, not at "load": on a loaded 2-core machine the
    // newest VS Code may take longer than one UI timeout to fire it.
    await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: 3 * UI_TIMEOUT_MS });
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 3 * UI_TIMEOUT_MS });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor();
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.server.stop();
  }

  // ---- activity bar and tree views -------------------------------------------------------------

  activityBarEntry(title = CONTAINER_TITLE): Locator {
    return this.page.locator(`.part.activitybar a.action-label[aria-label^="${title}"]`);
  }

  /** Shows the view container `title` in the side bar (does not toggle it closed when open). */
  async openViewContainer(title = CONTAINER_TITLE): Promise<void> {
    const entry = this.activityBarEntry(title);
    await entry.waitFor();
    const isOpen = await entry.evaluate((el) => el.parentElement?.classList.contains('checked') ?? false);
    if (!isOpen) await entry.click();
    await this.sideBar().locator('.composite.title h2', { hasText: title }).waitFor();
  }

  sideBar(): Locator {
    return this.page.locator('.part.sidebar');
  }

  /** Polls the side bar's visible text until `accept` is satisfied, then returns it. */
  async waitForSideBarText(accept: (text: string) => boolean, what = 'side bar text'): Promise<string> {
    let text = '';
    await waitUntil(async () => accept((text = await this.sideBar().innerText())), () => `${what}; last seen: ${text}`);
    return text;
  }

  /** The side-bar pane of the view titled `view` (its header reads e.g. "Users"). */
  viewPane(view: string): Locator {
    return this.sideBar().locator('.pane', { has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(view)}$`, 'i') }) });
  }

  /** Rows of a view's tree (the Users view unless named), top to bottom (only rendered rows). */
  treeRows(view = 'Users'): Locator {
    return this.viewPane(view).locator('.monaco-list-row[role="treeitem"]');
  }

  /** The row whose label is exactly `label` (or matches the RegExp), in the Users view unless named. */
  treeRow(label: string | RegExp, view = 'Users'): Locator {
    const name = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}$`) : label;
    return this.treeRows(view).filter({ has: this.page.locator('.label-name', { hasText: name }) });
  }

  /**
   * Waits until the focused row of a side-bar view has the label `label` (exact, or matching the
   * RegExp), or contains `text`. It checks every frame in the page, where a locator's waitFor
   * re-checks up to 100 ms apart (quickWaits.ts): a figure timed to the row, or a loop of many
   * keyboard steps, would count that interval each time.
   */
  async waitForFocusedRow(match: { label?: string | RegExp; text?: string }, view = 'Users', timeout = UI_TIMEOUT_MS): Promise<void> {
    const label = match.label === undefined ? undefined : typeof match.label === 'string' ? { source: `^${escapeRegExp(match.label)}$`, flags: '' } : { source: match.label.source, flags: match.label.flags };
    await this.page.waitForFunction(
      ({ view, label, text }) => {
        const { document } = globalThis as unknown as { document: PageQueries };
        const pane = [...document.querySelectorAll('.part.sidebar .pane')].find((candidate) => candidate.querySelector('.pane-header h3.title')?.textContent?.trim().toLowerCase() === view.toLowerCase());
        const row = pane?.querySelector('.monaco-list-row.focused');
        if (!row) return false;
        if (label && !new RegExp(label.source, label.flags).test(row.querySelector('.label-name')?.textContent?.trim() ?? '')) return false;
        return text === undefined || (row.textContent ?? '').includes(text);
      },
      { view, label, text: match.text },
      { polling: 'raf', timeout },
    );
  }

  /** Expands a collapsed view of the side bar by its header (e.g. the Requests view). */
  async expandView(view: string): Promise<void> {
    const header = this.viewPane(view).locator('.pane-header').first();
    await header.waitFor();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await this.page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await header.elementHandle());
  }

  async treeItems(view = 'Users'): Promise<TreeItem[]> {
    return this.treeRows(view).evaluateAll((rows) =>
      rows.map((row) => {
        const expanded = row.getAttribute('aria-expanded');
        return {
          label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
          description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
          level: Number(row.getAttribute('aria-level') ?? '1'),
          expanded: expanded === null ? undefined : expanded === 'true',
        };
      }),
    );
  }

  /** Polls the side-bar tree until `accept` is satisfied (data loads asynchronously), then returns it. */
  async waitForTreeItems(accept: (items: TreeItem[]) => boolean, what = 'tree items'): Promise<TreeItem[]> {
    let items: TreeItem[] = [];
    await waitUntil(async () => accept((items = await this.treeItems())), () => `${what}; last seen: ${JSON.stringify(items)}`);
    return items;
  }

  /** Expands the item `label` (via its twistie, so items with a click command do not fire it). */
  async expandTreeItem(label: string | RegExp): Promise<void> {
    const row = this.treeRow(label).first();
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) === 'true') return;
    await row.locator('.monaco-tl-twistie').click();
    await this.page.waitForFunction(
      (element) => element?.getAttribute('aria-expanded') === 'true',
      await row.elementHandle(),
    );
  }

  /** Clicks the item `label` (selects it and runs its command, if any). */
  async clickTreeItem(label: string | RegExp): Promise<void> {
    await this.treeRow(label).first().locator('.label-name').click();
  }

  // ---- command palette, input boxes, quick picks, notifications -----------------------------------

  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Opens F1 and lists the command labels ("Category: Title") matching `filter`. */
  async paletteCommands(filter: string): Promise<string[]> {
    await this.openCommandPalette();
    await this.page.keyboard.type(filter);
    const rows = this.quickInput().locator('.quick-input-list .monaco-list-row');
    const empty = this.quickInput().locator('.quick-input-message', { hasText: /No matching/ });
    await rows.first().or(empty.first()).waitFor();
    const labels = await this.quickPickLabels();
    await this.page.keyboard.press('Escape');
    await this.quickInput().waitFor({ state: 'hidden' });
    return labels;
  }

  /**
   * Which of `labels` F1 does not list, typing each into one open palette (reopening F1 per
   * label costs seconds each in VS Code 1.139). A label counts as listed once a row shows exactly
   * it; one that does not appear within `perLabelMs` is missing.
   */
  async paletteLabelsMissing(labels: readonly string[], perLabelMs = 10_000): Promise<string[]> {
    const missing: string[] = [];
    await this.openCommandPalette();
    const input = this.quickInput().locator('.quick-input-box input');
    for (const label of labels) {
      await input.fill(`>${label}`);
      const row = this.quickInput()
        .locator('.quick-input-list .monaco-list-row .quick-input-list-label .label-name')
        .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
      if (!(await row.first().waitFor({ timeout: perLabelMs }).then(() => true, () => false))) missing.push(label);
    }
    await this.page.keyboard.press('Escape');
    await this.quickInput().waitFor({ state: 'hidden' });
    return missing;
  }

  /**
   * Runs a command from F1 by its palette label ("Category: Title" or just the title). The palette
   * can miss the row (a command of the editor just activated, listed by its `when` clause before the
   * workbench's context caught up) or close under the pointer (a page re-rendering takes the focus, as
   * the Welcome page does after a theme change), so it is opened again, as a person would, until the
   * row is clicked or UI_TIMEOUT_MS has passed.
   */
  async runCommand(label: string): Promise<void> {
    const deadline = Date.now() + UI_TIMEOUT_MS;
    for (let attempt = 1; ; attempt++) {
      await this.openCommandPalette();
      await this.page.keyboard.type(label);
      const row = this.quickPickRow(label);
      const timeout = Date.now() + COMMAND_RETRY_MS >= deadline ? UI_TIMEOUT_MS : COMMAND_RETRY_MS;
      try {
        await row.waitFor({ timeout });
        await this.dismissHovers();
        await row.click({ timeout });
        return;
      } catch (error) {
        if (timeout === UI_TIMEOUT_MS) throw error;
      }
      console.log(`# runCommand: "${label}" could not be picked within ${COMMAND_RETRY_MS} ms (attempt ${attempt}); the palette is opened again`);
      if (await this.quickInput().isVisible()) {
        await this.page.keyboard.press('Escape');
        await this.quickInput().waitFor({ state: 'hidden' });
      }
    }
  }

  /**
   * Right after Run All in `notebook`: picks our controller if VS Code asks which one runs it, and
   * otherwise returns as soon as a cell is queued or running (not after a fixed wait for a question
   * that never comes).
   */
  async pickNotebookControllerIfAsked(notebook: Locator): Promise<void> {
    const picker = this.quickInput().locator('.quick-input-list .monaco-list-row', { hasText: 'Health Data' }).first();
    const started = notebook
      .locator('.monaco-list-row.code-cell-row')
      .locator('.codicon-notebook-state-pending, .codicon-notebook-state-executing, .codicon-notebook-state-success, .codicon-notebook-state-error')
      .first();
    await picker.or(started).first().waitFor();
    if (await picker.isVisible()) await this.pickQuickPickItem(/Health Data/);
  }

  /** The open quick pick's row whose label is `label` (exactly, or with a "Category: " prefix; a RegExp as given). */
  private quickPickRow(label: string | RegExp): Locator {
    const name = typeof label === 'string' ? new RegExp(`^(.+: )?${escapeRegExp(label)}$`) : label;
    return this.quickInput()
      .locator('.quick-input-list .monaco-list-row')
      .filter({ has: this.page.locator('.quick-input-list-label .label-name', { hasText: name }) })
      .first();
  }

  /** Labels of the rows the open quick pick shows. */
  async quickPickLabels(): Promise<string[]> {
    return this.quickInput()
      .locator('.quick-input-list .monaco-list-row .quick-input-list-label .label-name')
      .evaluateAll((labels) => labels.map((label) => label.textContent?.trim() ?? ''));
  }

  /**
   * Picks the open quick pick's row whose label is `label` (exactly, or with a "Category: " prefix;
   * a RegExp is matched as given). Moves the mouse off any hover first: a tooltip left open by an
   * earlier click (e.g. on a status-bar item) would otherwise swallow the click.
   */
  async pickQuickPickItem(label: string | RegExp): Promise<void> {
    const row = this.quickPickRow(label);
    await row.waitFor();
    await this.dismissHovers();
    await row.click();
  }

  /** Switches to `environment` from F1 and sets its key in the password box, as a user would. */
  async switchEnvironmentAndSetKey(environment: string, apiKey: string): Promise<void> {
    await this.runCommand('Health Data: Switch Environment…');
    await this.pickQuickPickItem(new RegExp(`(^|\\s)${escapeRegExp(environment)}$`));
    // "Set API Key…" is in the palette only once the switch has landed (a context key): wait for it.
    await this.page.locator('.part.statusbar .statusbar-item', { hasText: environment }).first().waitFor();
    await this.runCommand('Health Data: Set API Key…');
    await this.typeIntoInput(apiKey);
  }

  /**
   * Opens the blood-pressure panel of the Users view's row `clientUserId` from its inline action, as
   * a user would, and waits until the panel's first load says "pages loaded"; the panel's frame.
   */
  async showBloodPressure(clientUserId: string, timeout = 60_000): Promise<FrameLocator> {
    await this.clickInlineAction(this.treeRow(clientUserId).first(), 'Show Blood Pressure');
    const frame = await this.webview(`Blood Pressure: ${clientUserId}`);
    await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout });
    return frame;
  }

  /**
   * Clicks the inline action `label` of a tree row or view header, which VS Code shows only while the
   * pointer is over it: hovered again on each try, as rows arriving above it can move it from under the mouse.
   */
  async clickInlineAction(owner: Locator, label: string): Promise<void> {
    const action = owner.locator(`.action-label[aria-label="${label}"], .action-label[aria-label^="${label} ("]`).first();
    const deadline = Date.now() + UI_TIMEOUT_MS;
    for (;;) {
      await owner.hover();
      try {
        await action.click({ timeout: 2_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  /** Rests the mouse where nothing shows a hover, and waits until open hovers are gone. */
  async dismissHovers(): Promise<void> {
    const input = this.quickInput().locator('.quick-input-box');
    if (await input.isVisible()) await input.hover();
    else await this.page.mouse.move(1, 1);
    await this.page
      .locator('.context-view .hover-contents, .workbench-hover-container .monaco-hover')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  /** Types into the open input box (showInputBox or a quick pick's filter) and presses Enter. */
  async typeIntoInput(text: string, { submit = true } = {}): Promise<void> {
    const input = this.quickInput().locator('.quick-input-box input');
    await input.waitFor();
    await input.fill(text);
    if (submit) await input.press('Enter');
  }

  /** The prompt / validation message under the open input box. */
  async inputMessage(): Promise<string> {
    return (await this.quickInput().locator('.quick-input-message').textContent())?.trim() ?? '';
  }

  /** Texts of the notification toasts currently shown. */
  async notifications(): Promise<string[]> {
    return this.page
      .locator('.notifications-toasts .notification-list-item-message')
      .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
  }

  /** Waits for a toast containing `text` and returns its full message. */
  async waitForNotification(text: string | RegExp): Promise<string> {
    const toast = this.page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first();
    await toast.waitFor();
    return (await toast.textContent())?.trim() ?? '';
  }

  private async openCommandPalette(): Promise<void> {
    // A quick pick still closing (the one a command before opened) would take the keys meant for
    // the palette, and F1 would find its input already visible: wait for it to go first.
    await this.quickInput().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    await this.page.keyboard.press('F1');
    const input = this.quickInput().locator('.quick-input-box input');
    await input.waitFor();
    // The palette is open when its input holds the ">" of commands.
    for (const started = Date.now(); !(await input.inputValue()).startsWith('>') && Date.now() - started < 5_000; ) await this.page.waitForTimeout(50);
  }

  // ---- editors and webviews ---------------------------------------------------------------------

  /** Titles of the open editor tabs. */
  async editorTabs(): Promise<string[]> {
    return this.page
      .locator('.part.editor .tabs-container .tab .label-name')
      .evaluateAll((tabs) => tabs.map((tab) => tab.textContent?.trim() ?? ''));
  }

  /**
   * The document inside the visible webview: `iframe.webview` and then its inner
   * `iframe#active-frame`, where the extension's HTML lives. With `title`, that editor tab is
   * activated first (outer webview frames carry no title of their own).
   */
  async webview(title?: string): Promise<FrameLocator> {
    if (title) await this.activateEditorTab(title);
    return this.page
      .locator('iframe.webview.ready:visible')
      .first()
      .contentFrame()
      .locator('iframe#active-frame')
      .contentFrame();
  }

  /** Clicks the editor tab titled `title`. */
  async activateEditorTab(title: string): Promise<void> {
    await this.page
      .locator('.part.editor .tabs-container .tab')
      .filter({ has: this.page.locator('.label-name', { hasText: title }) })
      .first()
      .click();
  }

  /** Visible text of a webview's body once it contains something (optionally `expected`). */
  async webviewText(options: { title?: string; expected?: string | RegExp } = {}): Promise<string> {
    const body = (await this.webview(options.title)).locator('body');
    if (options.expected) await body.filter({ hasText: options.expected }).waitFor();
    else await body.filter({ hasText: /\S/ }).waitFor();
    return (await body.innerText()).trim();
  }

  // ---- themes and screenshots -------------------------------------------------------------------

  /**
   * Switches the color theme as a user would (F1 → Preferences: Color Theme), which also stores
   * `workbench.colorTheme` in settings.json, and waits until it applies. (code-server 4.100.3 does
   * not pick up edits made to settings.json on disk while it runs, so the file cannot be the lever.)
   */
  async setTheme(theme: ThemeName): Promise<void> {
    await this.runCommand('Preferences: Color Theme');
    // Filter, then Enter on the focused row, as from the keyboard: the list is virtualised and VS
    // Code 1.139 lists more themes than fit (the high-contrast row is not rendered until the list
    // is narrowed), and the row under a mouse keeps moving while each focused theme is previewed.
    const label = THEMES[theme].pickerLabel;
    await this.typeIntoInput(label, { submit: false });
    await this.quickInput()
      .locator('.quick-input-list .monaco-list-row.focused')
      .filter({ has: this.page.locator('.quick-input-list-label .label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
      .waitFor();
    await this.quickInput().locator('.quick-input-box input').press('Enter');
    // The focused row already previews the theme: wait for the picker to close, not only the colours.
    await this.quickInput().waitFor({ state: 'hidden' });
    await this.waitForTheme(theme);
  }

  async waitForTheme(theme: ThemeName): Promise<void> {
    await this.page.locator(`.monaco-workbench.${THEMES[theme].workbenchClass}`).waitFor();
  }

  /** Saves a PNG of the page (or of `target`) to test-results/<name>.png and returns its path. */
  async screenshot(name: string, target?: Locator): Promise<string> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
    if (target) await target.screenshot({ path });
    else await this.page.screenshot({ path });
    return path;
  }
}

async function waitUntil(condition: () => Promise<boolean>, describe: () => string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out waiting for ${describe()}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
