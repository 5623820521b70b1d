// The answer first (issue 29): a fresh page with native numbers present leads with one plain
// sentence on what wasm SIMD costs here and a small chart of its three numbers, within the first
// screen at 1366x768 and at 390x844, says where they come from, and leads to the Suite; the
// native benchmark's progress notice says one plain sentence with its details folded away.
// Screenshots in test-artifacts/answer-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, axeViolations, quickNativeReport, runAndWait, useBrowser, pageRules } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const blocking = (violations: string[]) => violations.filter((v) => /^(critical|serious|moderate) |^\w+ region:/.test(v));

/** Served like npm start's benchmark, with its progress while `status` says it still runs. */
async function serveNative(page: Page, report: unknown, status: unknown = { state: 'done', fraction: 1 }) {
  await page.route('**/api/native-bench.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ available: true, sameMachine: true, report, status }) }));
}

/** One quick native report of N-queens n = 8 for both tests (the CLI takes seconds). */
let nativeReport: unknown = null;
const nqueensReport = () => (nativeReport ??= JSON.parse(readFileSync(quickNativeReport('nqueens', ['--case', 'n=8']), 'utf8')));

/** How far down the page an element ends, the page scrolled to its top. */
const bottomOf = (page: Page, selector: string) => page.$eval(selector, (e) => e.getBoundingClientRect().bottom + window.scrollY);

describe('the answer first', () => {
  it('leads a fresh page with the sentence and its chart, in the first screen at 1366x768 and 390x844', async () => {
    const report = nqueensReport();
    const page = await browser().newPage({ viewport: { width: 1366, height: 768 } });
    await pageRules(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await serveNative(page, report);
    // No native runs from this page (they would pair with the Run for a minute): the served numbers.
    await page.route('**/api/native-run', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${baseUrl}#nqueens`);
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    // Before any run: the native numbers are here, and the sentence says what fills it in.
    await page.waitForFunction(() => (document.querySelector('.answer-sentence')?.textContent ?? '').includes('native numbers are here'));
    expect(await page.getAttribute('.answer-sentence', 'data-answer')).toBe('waiting');
    // The first measurement, both builds: the answer in words, with its three numbers.
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    await page.waitForSelector('.answer-sentence[data-answer="answer"]');
    const sentence = (await page.textContent('.answer-sentence'))!;
    expect(sentence).toMatch(/^Here, wasm SIMD128 runs N-queens: N = 8 (at about [\d.]+× the speed of|about [\d.]+× as fast as|about as fast as) this machine’s best native code \([a-z0-9.]+(, [a-z0-9.]+)?\)/);
    expect(sentence).toMatch(/Against the same kernel compiled natively at the same width: /);
    expect(sentence).toMatch(/Against wasm without SIMD: /);
    expect(sentence).toMatch(/\([\d.]+–[\d.∞]+×(, doubtful)?\)/); // the range, always
    const numbers = await page.$$eval('.answer-row', (rows) => rows.map((r) => `${(r as HTMLElement).dataset.answer} ${r.querySelector('.answer-number')?.textContent}`));
    expect(numbers).toEqual([expect.stringMatching(/^native (≈ 1|[\d.]+)×$/), expect.stringMatching(/^same-kernel (≈ 1|[\d.]+)×$/), expect.stringMatching(/^simd (≈ 1|[\d.]+)×$/)]);
    // Where the numbers come from, folded; the way to the Suite.
    expect(await page.textContent('.answer-sources')).toMatch(/wasm: your runs on this page, Chrome \d+.*native: measured on this machine by npm start/s);
    expect(await page.getAttribute('.answer-more a', 'href')).toBe('#suite');
    // All of it on the first screen, on a laptop and on a phone.
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await bottomOf(page, '.answer-sentence'), `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
      expect(await bottomOf(page, '.answer-chart'), `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: join(artifacts, `answer-${viewport.width}x${viewport.height}.png`) });
      expect(blocking(await axeViolations(page)), `${viewport.width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says the native benchmark’s progress plainly, its details folded', async () => {
    const report = nqueensReport();
    const page = await browser().newPage({ viewport: { width: 1366, height: 768 } });
    await pageRules(page);
    const status = { state: 'running', phase: 'bench', fraction: 0.35, weights: 'this machine', seconds_left: 250, puzzle: 'chess', case: 'startpos d5', kernel: 'hq-simd', kernel_index: 2, kernel_count: 9, recent: [{ puzzle: 'cube', case: 'moves=R', seconds: 1.2 }], cores: 2 };
    await serveNative(page, report, status);
    await page.goto(`${baseUrl}#nqueens`);
    await page.waitForSelector('.notice[data-cause="native-progress"] details');
    const notice = page.locator('.notice[data-cause="native-progress"]');
    expect(await notice.locator('> span').evaluate((e) => e.firstChild?.textContent)).toBe('Measuring this machine’s native numbers: 35 % done, about 4 min left. Each puzzle’s numbers appear as it finishes.');
    expect(await notice.locator('details').getAttribute('open')).toBeNull();
    expect(await notice.locator('details').textContent()).toContain('kernel hq-simd (2 of 9)');
    await page.close();
  });
});
