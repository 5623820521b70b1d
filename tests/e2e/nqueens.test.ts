// The page as a person uses it: run N-queens, stop a long run, share a link, open it, import
// native numbers, and survive hostile links.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts, importNative, launch, openPage, quickNativeReport, rows, runAndWait, setN } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('N-queens page', () => {
  it('runs N = 8 and shows 92 solutions, verified, for every kernel', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await setN(page, 8);
    await runAndWait(page);
    const table = await rows(page);
    expect(table.length).toBeGreaterThanOrEqual(6);
    for (const row of table) {
      expect(row[3], row.join(' | ')).toContain('total=92');
      expect(row[3]).toContain('unique=12');
      expect(row[4], row.join(' | ')).toBe('✓');
      expect(row[5]).toMatch(/[\d.]+ (ns|µs|ms|s)$/);
    }
    expect(await page.locator('svg.board text.queen').count()).toBe(8);
    expect(await page.locator('canvas').count()).toBe(1);
    await page.screenshot({ path: join(artifacts, 'nqueens-n8.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a solution as N changes, before anything runs', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 8);
    await setN(page, 13);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 13);
    await setN(page, 3);
    await page.waitForFunction(() => (document.querySelector('.illustration')?.textContent ?? '').includes('No solution exists for N = 3'));
    expect(await page.locator('table.results').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs both wasm builds side by side', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    await setN(page, 6);
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    const builds = (await rows(page)).map((r) => r[2]);
    expect(new Set(builds)).toEqual(new Set(['simd128', 'baseline']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the quick benchmark cases into a pivot table', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    await page.click('.kernel-actions button:text("none")');
    await page.check('input[data-kernel="symmetry/scalar"]');
    await page.check('input[data-kernel="simd-compact/simd128"]');
    await page.click('button[data-bench-group="0"]');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 120_000 });
    const headers = await page.$$eval('table.pivot th', (ths) => ths.map((th) => th.textContent));
    expect(headers).toEqual(['kernel', 'build', 'n=8', 'n=12']);
    const cells = await page.$$eval('table.pivot tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells.map((c) => c[0])).toEqual(['simd-compact/simd128', 'symmetry/scalar']);
    for (const c of cells) for (const v of c.slice(2)) expect(v).toMatch(/[\d.]+ (ns|µs|ms|s)/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stops N = 15 at once and stays responsive', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    await setN(page, 15);
    await page.click('#run');
    await page.waitForFunction(() => /kernel \d+\/\d+/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 20_000 });
    const clickedAt = Date.now();
    await page.click('#stop');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Stopped'), null, { timeout: 5_000 });
    expect(Date.now() - clickedAt).toBeLessThan(3_000);
    expect(await page.isEnabled('#run')).toBe(true);
    expect(await page.isDisabled('#stop')).toBe(true);
    // The main thread answers right away, and a new run works (on a fresh worker).
    const t0 = Date.now();
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(Date.now() - t0).toBeLessThan(1_000);
    await setN(page, 6);
    await runAndWait(page);
    expect((await rows(page)).every((r) => r[3].includes('total=4'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares a link that restores the params and the sharer’s results', async () => {
    const { page } = await openPage(browser, `${baseUrl}#nqueens`);
    await setN(page, 9);
    await page.uncheck('input[data-kernel="bitmask-stack/scalar"]');
    await runAndWait(page);
    const mine = await rows(page);
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const link = await page.inputValue('#share-link');
    await page.close();

    const { page: other, errors } = await openPage(browser, link);
    expect(await other.inputValue('#param-n')).toBe('9');
    expect(await other.isChecked('input[data-kernel="bitmask-stack/scalar"]')).toBe(false);
    expect(await other.textContent('.notices')).toContain('results shared from another browser');
    const shared = await rows(other);
    expect(shared.map((r) => r[0])).toEqual(mine.map((r) => r[0]));
    expect(shared.map((r) => r[5])).toEqual(mine.map((r) => r[5])); // the sharer's medians
    expect(await other.textContent('[data-env="sharer"]')).toContain('From the shared link');
    // Run here: the sharer's numbers stay beside the viewer's.
    await runAndWait(other);
    const compared = await rows(other);
    expect(compared[0]!.length).toBe(12);
    expect(compared.every((r) => /[\d.]+ (ns|µs|ms|s)$/.test(r[10]!))).toBe(true);
    await other.screenshot({ path: join(artifacts, 'nqueens-shared-link.png'), fullPage: true });
    expect(errors).toEqual([]);
    await other.close();
  });

  it('imports native results and shows wasm ÷ native ratios', async () => {
    const file = quickNativeReport('nqueens', ['--case', 'n=8']);
    const { page, errors } = await openPage(browser, `${baseUrl}#nqueens`);
    await importNative(page, file);
    expect(await page.textContent('[data-env="native"]')).toContain('Imported from native.json');
    await setN(page, 8);
    await runAndWait(page);
    for (const row of await rows(page)) {
      expect(row[8], row.join(' | ')).toMatch(/\((scalar|sse4\.1|neon)\)$/);
      expect(row[9]).toMatch(/^[\d.]+×$/);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rejects a garbled link with a message and runs nothing', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#s=1.this-is-not-a-real-link`);
    expect(await page.textContent('.notices')).toContain('Could not open the shared link');
    expect(await page.textContent('.status')).toBe('Ready.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('survives a percent sign or a broken escape in the fragment, also on reload', async () => {
    for (const fragment of ['100%', '%', '%E0%A4%A']) {
      const { page, errors } = await openPage(browser, `${baseUrl}#${fragment}`);
      expect(await page.locator('.tabs a').count()).toBeGreaterThanOrEqual(3);
      expect(await page.textContent('.notices')).toContain(`'#${fragment}', which names no puzzle here`);
      await page.reload();
      await page.waitForFunction(() => /^Ready/.test(document.querySelector('.status')?.textContent ?? ''));
      expect(await page.locator('.tabs a').count()).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows markup from a link as text, never as markup', async () => {
    const state = {
      v: 1, puzzle: 'nqueens', params: { n: 5 }, kernels: ['symmetry/scalar'], builds: ['simd128'],
      shared: {
        environment: {
          side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: '<img src=x onerror="window.__pwned=1">', features: 'simd128',
          compiler: '<script>window.__pwned=2</script>', flags: '', timer_resolution_ns: 5000, date: 'today',
          user_agent: '<svg onload="window.__pwned=3">',
        },
        native: null,
        records: [],
      },
    };
    const payload = deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url');
    const { page, errors } = await openPage(browser, `${baseUrl}#s=1.${payload}`);
    await page.waitForSelector('[data-env="sharer"]');
    expect(await page.textContent('[data-env="sharer"]')).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await page.locator('.env-panel img, .env-panel script, .env-panel svg').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});
