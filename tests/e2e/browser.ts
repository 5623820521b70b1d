// Debian's Chromium under playwright-core: never a downloaded browser. The flags keep it from
// reaching for the network, which this machine refuses.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Screenshots the tests leave for a person to look at. */
export const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
/** The native CLI; the native layer of npm test builds it before this one runs. */
export const cli = fileURLToPath(new URL('../../build/native/simd-puzzles', import.meta.url));

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}

/** Opens the page and waits until the wasm builds are loaded. Collects page errors. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`unexpected dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(url);
  await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
  return { page, errors };
}

export async function setN(page: Page, n: number) {
  await page.fill('#param-n', String(n));
}

export async function runAndWait(page: Page, timeout = 120_000) {
  await page.click('#run');
  await page.waitForFunction(() => /^(Done|Stopped|No results)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout });
}

/** The rows of the page's run table (puzzle views add tables of their own, e.g. native numbers). */
export function rows(page: Page) {
  return page.$$eval('table[data-table="run"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

/** A fresh temporary path named `name` (the page shows imported file names). */
export function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'sp-e2e-')), name);
}

/** A quick native benchmark (3 samples of 2 ms) of `puzzle` into native.json; returns its path. */
export function quickNativeReport(puzzle: string, args: string[]): string {
  expect(existsSync(cli), 'build the native CLI first').toBe(true);
  const file = tempFile('native.json');
  execFileSync(cli, ['bench', puzzle, ...args, '--samples', '3', '--min-sample-ms', '2', '--quiet', '--json', file]);
  return file;
}

/** Imports a native report through the page's file picker and waits until the page confirms. */
export async function importNative(page: Page, file: string) {
  await page.setInputFiles('#import-native', file);
  await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Imported'));
}
