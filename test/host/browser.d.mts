// Types for browser.mjs, so TypeScript tests (test/e2e) can use it.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export declare const CHROMIUM_PATH: string;

export interface LaunchedBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export declare function launchBrowser(options?: { viewport?: { width: number; height: number } }): Promise<LaunchedBrowser>;
