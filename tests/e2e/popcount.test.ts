// The popcount page as a person uses it: run the default array case, count a local file, and see
// the word sweep drawn (native numbers imported from the CLI beside the browser's own) with the
// crossovers named, and the arrays table with its wasm ÷ native ratios.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, checked, importNative, lineCount, linkOf, openPage, quickNativeReport, RATIO, rows, runAndWait, setN, tempFile, useBrowser } from './browser';
import { pagePuzzles } from '../web/puzzles';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

function bitLoop(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) for (let b = 0; b < 8; ++b) bits += (byte >> b) & 1;
  return bits;
}

async function selectKernels(page: Page, keys: string[]) {
  await page.click('.kernel-actions button:text("none")');
  for (const key of keys) await page.check(`input[data-kernel="${key}"]`);
}

/** Non-blank pixels of a canvas: the chart has actually been drawn. */
function inkOf(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ++ink;
    return ink;
  });
}

describe('Popcount page', () => {
  it('counts the default 16 KiB of generated data with every kernel, verified', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    expect(await page.textContent('.area-params h2')).toBe('Popcount');
    await runAndWait(page);
    const table = await rows(page);
    expect(table.map((r) => r.key.split('/')[0])).toEqual(expect.arrayContaining(['scalar-builtin', 'nibble-lookup', 'byte-popcnt', 'harley-seal']));
    for (const row of table) {
      expect(row.answer, JSON.stringify(row)).toBe('bits=65536'); // 2,048 words x 32 bits
      expect(row.verified, JSON.stringify(row)).toBe('✓');
    }
    expect(await page.locator('svg.bits rect').count()).toBe(32 * 8);
    expect(await page.textContent('figure[data-illustration="generated"] figcaption')).toContain('65,536 set bits');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says in at most two lines what Run does, before a run, at 1366 and at 390 px', async () => {
    const report = quickNativeReport('popcount', ['--case', 'k=32 mode=array offset=0 order=sorted seed=1 size=16384', '--kernel', 'scalar-builtin']);
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`, viewport);
      await checked(page);
      const hint = '.area-results .table-wrap p.empty';
      expect(await page.textContent(hint)).toBe('Press Run to time the selected kernels on this case.'); // no native numbers yet: not a word of them
      expect(await lineCount(page, hint)).toBeLessThanOrEqual(2);
      await importNative(page, report);
      await page.waitForFunction((s) => (document.querySelector(s)?.textContent ?? '').includes('beside this machine’s native numbers'), hint);
      expect(await lineCount(page, hint)).toBeLessThanOrEqual(2);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('counts a local file and shows its count', async () => {
    const bytes = new Uint8Array(100_003);
    for (let i = 0; i < bytes.length; ++i) bytes[i] = (i * 2654435761) >>> 24;
    const file = tempFile('bits.bin');
    writeFileSync(file, bytes);
    const want = bitLoop(bytes);

    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await page.setInputFiles('#input-file', file);
    await page.waitForFunction(() => (document.querySelector('.file-name')?.textContent ?? '').includes('100,003 bytes'));
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    const table = await rows(page);
    expect(new Set(table.map((r) => r.build))).toEqual(new Set(['simd128', 'baseline']));
    for (const row of table) expect(row.answer, JSON.stringify(row)).toBe(`bits=${want}`);
    // The file is part of the case: its key carries the file's size and digest.
    expect(await page.getAttribute('.results-heading h3', 'data-case-key')).toMatch(/ file=100003B:fnv1a64:[0-9a-f]{16}$/);
    expect(await page.getAttribute('[data-file-count]', 'data-file-count')).toBe(String(want));
    expect(await page.textContent('[data-file-count]')).toContain(`${want.toLocaleString('en-US')} set bits`);
    expect(await page.textContent('figure[data-illustration="file"] figcaption')).toContain('Your file: 100,003 bytes');
    await page.screenshot({ path: join(artifacts, 'popcount-file.png'), fullPage: true });
    // Back to generated data: the file's results stay, under a chip that names the file.
    await page.click('.input-file button:text("clear")');
    await page.waitForFunction(() => document.querySelectorAll('.case-chips button').length === 1);
    expect(await page.textContent('.case-chips button')).toMatch(/^bits\.bin 100,003 B #[0-9a-f]{8} \d+ yours$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('counts an empty file as 0 set bits, not generated data', async () => {
    const file = tempFile('empty.bin');
    writeFileSync(file, new Uint8Array(0));
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await page.setInputFiles('#input-file', file);
    await page.waitForFunction(() => (document.querySelector('.file-name')?.textContent ?? '').includes('empty.bin (0 bytes)'));
    await runAndWait(page);
    const table = await rows(page);
    expect(table.length).toBeGreaterThan(0);
    for (const row of table) expect(row.answer, JSON.stringify(row)).toBe('bits=0');
    expect(await page.getAttribute('[data-file-count]', 'data-file-count')).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the word sweep, native beside wasm, names the crossovers, and fills the arrays table', async () => {
    const ks = [0, 2, 4, 8, 16, 32, 64];
    const cases = [
      ...ks.flatMap((k) => [`k=${k} mode=word offset=0 order=sorted seed=1 size=16384`, `k=${k} mode=word offset=0 order=mixed seed=1 size=16384`]),
      'k=32 mode=array offset=0 order=sorted seed=1 size=16384',
      'k=32 mode=read offset=0 order=sorted seed=1 size=16384',
    ];
    const report = quickNativeReport('popcount', [...cases.flatMap((c) => ['--case', c]),
      '--kernel', 'swar-shift', '--kernel', 'sparse', '--kernel', 'builtin', '--kernel', 'byte-popcnt', '--kernel', 'memory-read']);

    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await importNative(page, report);
    // Native numbers alone already draw both orders.
    await page.waitForSelector('canvas[data-sweep="sorted"]');
    expect(await page.getAttribute('canvas[data-sweep="sorted"]', 'data-series')).toBe('3');
    expect(await page.getAttribute('canvas[data-sweep="mixed"]', 'data-series')).toBe('3');

    // The browser's own quick benchmark, for a few kernels.
    await selectKernels(page, ['swar-shift/scalar', 'sparse/scalar', 'builtin/scalar', 'byte-popcnt/simd128', 'memory-read/simd128']);
    await page.click('button[data-bench-group="0"]');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 170_000 });
    await page.waitForFunction(() => document.querySelector('canvas[data-sweep="sorted"]')?.getAttribute('data-series') === '6');
    // Chart.js draws on a later frame: wait for the ink, not for a fixed time.
    await page.waitForFunction(() => {
      const c = document.querySelector('canvas[data-sweep="sorted"]') as HTMLCanvasElement | null;
      const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 3; data && i < data.length; i += 4) if (data[i]! > 0) ++ink;
      return ink > 2000;
    });
    expect(await inkOf(page, 'canvas[data-sweep="sorted"]')).toBeGreaterThan(2000);

    // Crossovers are named per source: the engine's findings (the CLI prints the same lines).
    await page.waitForFunction(() => document.querySelectorAll('[data-crossovers="sorted"] li').length === 2);
    const sorted = await page.$$eval('[data-crossovers="sorted"] li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(sorted.map((line) => line.split(':')[0])).toEqual(['native', 'wasm-simd128']);
    for (const line of sorted) {
      expect(line).toMatch(/sparse( beats swar-shift at|[^;]*: slower than swar-shift)/);
      expect(line).toMatch(/fastest: /);
    }

    // Arrays: the engine's GB/s table per source, wasm cells with the page's ratio to native.
    await page.waitForFunction(() => document.querySelectorAll('[data-arrays] table[data-summary="arrays"]').length === 2);
    const arrays = await page.$$eval('[data-arrays]', (sections) => sections.map((sec) => ({
      source: sec.getAttribute('data-arrays'),
      rows: [...sec.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    })));
    expect(arrays.map((a) => a.source)).toEqual(['native', 'wasm-simd128']);
    expect(arrays[0]!.rows.map((r) => r[0])).toEqual(expect.arrayContaining(['byte-popcnt/sse4.1', 'memory-read/scalar (ceiling)']));
    expect(arrays[1]!.rows.map((r) => r[0])).toEqual(['byte-popcnt/simd128', 'memory-read/simd128 (ceiling)']);
    for (const row of arrays[0]!.rows) expect(row[1], row.join(' | ')).toMatch(/^[\d.]+$/);
    for (const row of arrays[1]!.rows) expect(row[1], row.join(' | ')).toMatch(new RegExp(`^[\\d.]+ ${RATIO} native$`));
    await page.screenshot({ path: join(artifacts, 'popcount-sweep.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a small link of 64 cases of 64 MiB at once, re-checks it in the background, and cancels on request', async () => {
    // The link: 64 results on 64 different 64 MiB cases, about 1,200 characters. Checking
    // their answers prepares every case (over a minute); the page must not wait for it.
    const size = 64 * 1024 * 1024;
    const median = 6.7e6; // 10 GB/s
    const records = Array.from({ length: 64 }, (_, i) => ({
      puzzle: 'popcount', case: `seed ${i + 1}`, params: { mode: 'array', size, seed: i + 1, k: 32, order: 'sorted', offset: 0 },
      kernel: 'scalar-builtin', isa: 'scalar', build: 'wasm-simd128', answer: { bits: size * 4 }, verified: true, verified_by: 'x', work: size, work_unit: 'bytes',
      timing: { samples: 11, reps_per_sample: 2, median_ns: median, min_ns: median, mad_ns: median / 100, ns_per_unit: median / size, units_per_second: (size / median) * 1e9 },
    }));
    const state = {
      v: 1, puzzle: 'popcount', params: { mode: 'array' }, kernels: [], builds: ['simd128'],
      shared: { environment: { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: 'x', flags: '', timer_resolution_ns: 5, date: 'today' }, native: null, records },
    };
    const link = linkOf(baseUrl, state);
    expect(link.length - baseUrl.length).toBeLessThan(2000);
    const { page, errors } = await openPage(browser(), link); // Ready at once
    expect(await page.locator('.tabs a[data-puzzle]').count()).toBe((await pagePuzzles()).length);
    const notice = () => page.textContent('.notice[data-cause="link"]');
    expect(await notice()).toMatch(/^Shared link: 64 results from another browser \(x\) on 64 cases; .*re-checking their answers in the background: \d+ of 64 cases done/);
    expect(await page.locator('table.pivot thead th[data-case-key]').count()).toBe(64);
    // Meanwhile the page is the viewer's: another puzzle runs (the re-check waits for it).
    await page.click('a[data-puzzle="nqueens"]');
    await setN(page, 6);
    await runAndWait(page);
    expect((await rows(page)).length).toBeGreaterThan(0);
    expect(await notice()).toContain('re-checking their answers in the background');
    await page.click('.notice[data-cause="link"] button[data-action="cancel-recheck"]');
    await page.waitForFunction(() => /re-check cancelled after \d+ of 64 cases: the rest stay claimed/.test(document.querySelector('.notice[data-cause="link"]')?.textContent ?? ''));
    await page.click('a[data-puzzle="popcount"]');
    await page.waitForSelector('table.pivot');
    expect(await page.locator('table.pivot .claimed').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
