// While `npm start` still measures native numbers in the background, the page shows the progress
// and takes the numbers when they land, without a reload. The server's endpoint is played by
// page.route: first "running" with nothing yet, then "done" with a real report from the CLI.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, notices, quickNativeReport, rows, runAndWait, setN } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('native numbers measured after the page is served', () => {
  it('shows the benchmark progress, then picks its numbers up without a reload', async () => {
    const report = JSON.parse(readFileSync(quickNativeReport('nqueens', ['--case', 'n=8']), 'utf8'));
    let finished = false;
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/native-bench.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(
          finished
            ? { available: true, sameMachine: true, report, status: { state: 'done', fraction: 1 } }
            : { available: false, sameMachine: false, report: null, status: { state: 'running', fraction: 0.25, puzzle: 'nqueens', case: 'n=8' } },
        ),
      }),
    );
    await page.goto(`${baseUrl}#nqueens`);
    await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Measuring native numbers'), null, { timeout: 30_000 });
    expect((await notices(page)).join()).toContain('25 % (now nqueens n=8)');

    finished = true;
    await page.waitForFunction(() => !(document.querySelector('.notices')?.textContent ?? '').includes('Measuring native numbers'), null, { timeout: 30_000 });
    await setN(page, 8);
    await runAndWait(page);
    const table = await rows(page);
    expect(table.length).toBeGreaterThan(0);
    for (const row of table) expect(row['vs-native'], JSON.stringify(row)).toMatch(/^[\d.]+×$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
