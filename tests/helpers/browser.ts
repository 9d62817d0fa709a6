// Test helpers for the browser tests: Debian's Chromium driven by playwright-core, fresh contexts, screenshot folders.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumArgs, chromiumPath } from './system-tools.ts';

/** Launches Chromium before the file's tests and closes it after. */
export function useBrowser(): { readonly browser: Browser } {
  const holder: { browser?: Browser } = {};
  beforeAll(async () => {
    holder.browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs(), headless: true });
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return {
    get browser() {
      if (!holder.browser) throw new Error('browser not started');
      return holder.browser;
    },
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page's scripts (a test expects none). */
  errors: string[];
}

/**
 * A page in a fresh context (own cache and history). `client` goes out as X-Forwarded-For, which a server that trusts
 * loopback as a proxy (LOOPBACK_PROXIES) counts as the client address: each test gets its own rate-limit budget.
 */
export async function openPage(browser: Browser, client: string, width = 1100, height = 900): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width, height },
    extraHTTPHeaders: { 'X-Forwarded-For': client },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Saves a screenshot of the page as `<$SCREENSHOTS>/<file>-<view>.png`, to look at after the run; nothing without
 * $SCREENSHOTS (the run's temp folders are removed at its end, so a picture there would never be seen).
 */
export async function screenshot(page: Page, file: string, view: string): Promise<void> {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(path.resolve(folder), `${file}-${view}.png`) });
}

/** Whether the page scrolls sideways (wider content than the viewport). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth,
  );

/** Boxes inside the page that scroll sideways themselves (tables, examples, lists), by the start of their HTML. */
export const boxesOverflowing = (page: Page): Promise<string[]> =>
  page.$$eval('table, pre, ul, .wide', (boxes) =>
    boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.outerHTML.slice(0, 80)),
  );
