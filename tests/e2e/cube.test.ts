// The cube page as a person uses it: enter a sequence, see the net and a ✓ for every kernel; get
// told about a bad move while typing and on Run; run the throughput/latency benchmarks into their
// table; share a link.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts, importNative, launch, openPage, quickNativeReport, rows, runAndWait } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

// From tests/data/cube_vectors.json (research §5.2): the facelets of R U R' U'.
const SEXY_MOVE = "R U R' U'";
const SEXY_FACELETS = 'UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB';

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function setParams(page: Page, params: { op?: string; moves?: string; with?: string }) {
  if (params.op) await page.selectOption('#param-op', params.op);
  if (params.moves !== undefined) await page.fill('#param-moves', params.moves);
  if (params.with !== undefined) await page.fill('#param-with', params.with);
}

describe('Rubik’s cube page', () => {
  it('applies a sequence: the net, and a ✓ for every kernel', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#cube`);
    await setParams(page, { op: 'apply', moves: SEXY_MOVE });
    expect(await page.textContent('[data-check="moves"]')).toContain('✓ 4 face turns');
    await runAndWait(page);
    const table = await rows(page);
    expect(table.map((r) => r[0])).toEqual(['scalar', 'simd128']);
    for (const row of table) {
      expect(row[3], row.join(' | ')).toBe(`facelets=${SEXY_FACELETS}`);
      expect(row[4], row.join(' | ')).toBe(row[0] === 'scalar' ? 'ref' : '✓');
      expect(row[5]).toMatch(/[\d.]+ (ns|µs|ms|s)$/);
    }
    const svg = page.locator('svg.cube-net');
    expect(await svg.getAttribute('data-facelets')).toBe(SEXY_FACELETS);
    expect(await page.locator('svg.cube-net rect').count()).toBe(54);
    // Stickers sit where the net puts them: U3 (top right of U, above F) shows L's colour after
    // R U R' U', and R1 (top left of R, right of F) shows R's.
    const sticker = (x: number, y: number) => page.locator(`svg.cube-net rect[x="${x}"][y="${y}"]`);
    expect(await sticker(100, 0).getAttribute('data-facelet')).toBe(SEXY_FACELETS[2]);
    expect(SEXY_FACELETS[2]).toBe('L');
    expect(await sticker(100, 0).getAttribute('fill')).toBe('#ff6a13');
    expect(await sticker(120, 60).getAttribute('data-facelet')).toBe(SEXY_FACELETS[9]);
    expect(await page.textContent('figure figcaption')).toContain(`${SEXY_MOVE}, from the solved cube.`);
    await page.screenshot({ path: join(artifacts, 'cube-apply.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds the order of R U and inverts', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#cube`);
    await setParams(page, { op: 'order', moves: 'R U' });
    await runAndWait(page);
    for (const row of await rows(page)) {
      expect(row[3], row.join(' | ')).toContain('order=105');
      expect(row[4]).toMatch(/^(ref|✓)$/);
    }
    expect(await page.textContent('figure figcaption')).toContain('repeated 105 times');
    await setParams(page, { op: 'invert', moves: "U' R'" });
    await runAndWait(page);
    // (U' R')^-1 = R U: the order run's net shows R U too.
    const inverse = await page.locator('svg.cube-net').getAttribute('data-facelets');
    await setParams(page, { op: 'apply', moves: 'R U' });
    await runAndWait(page);
    expect(await page.locator('svg.cube-net').getAttribute('data-facelets')).toBe(inverse);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('flags a bad move while typing, and the engine names it on Run', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#cube`);
    await setParams(page, { op: 'apply', moves: 'R U X F' });
    const check = await page.textContent('[data-check="moves"]');
    expect(check).toContain("✗ bad move 'X' (move 3, column 5)");
    await page.click('#run');
    await page.waitForSelector('.notice.error');
    expect(await page.textContent('.notices')).toContain("moves: bad move 'X' (move 3, column 5): a move starts with a face letter U R F D L B");
    // A facelet string with a twisted corner passes the live check (pieces and twists are left to
    // the engine) and is refused on Run with the reason.
    const twisted = `UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`;
    await setParams(page, { moves: twisted });
    expect(await page.textContent('[data-check="moves"]')).toContain('✓ a facelet string');
    await page.click('#run');
    await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('a corner is twisted'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the throughput and latency benchmarks into their table', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}#cube`);
    await page.click('.kernel-actions button:text("none")');
    await page.check('input[data-kernel="simd128/simd128"]');
    await page.check('input[data-build="baseline"]');
    await page.check('input[data-kernel="scalar/scalar"]');
    await page.click('button[data-bench-group="0"]');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 150_000 });
    const headers = await page.$$eval('table.cube-bench th', (ths) => ths.map((th) => th.textContent));
    expect(headers).toEqual(['kernel', 'build', 'compose throughput (M ops/s)', 'compose latency (M ops/s)', 'invert throughput (M ops/s)', 'invert latency (M ops/s)']);
    const mine = await page.$$eval('table.cube-bench tbody tr[data-source="you"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(mine.map((r) => `${r[0]} ${r[1]}`).sort()).toEqual(['scalar/scalar baseline', 'scalar/scalar simd128', 'simd128/simd128 simd128']);
    for (const r of mine) for (const v of r.slice(2)) expect(v, r.join(' | ')).toMatch(/^[\d,.]+/);
    // Every benchmark answer was verified against the reference.
    expect(await page.locator('table.pivot .bad').count()).toBe(0);
    expect(await page.locator('.cube-extra canvas').count()).toBe(1);
    await page.screenshot({ path: join(artifacts, 'cube-bench.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('puts native numbers beside the wasm ones, with ratios', async () => {
    const cases = ['compose-throughput', 'compose-latency', 'invert-throughput', 'invert-latency'].flatMap((op) => ['--case', `moves= op=${op} seed=1 with=`]);
    const file = quickNativeReport('cube', cases);
    const { page, errors } = await openPage(browser, `${baseUrl}#cube`);
    await importNative(page, file);
    // Native rows show at once, one per native kernel.
    expect(await page.locator('table.cube-bench tbody tr[data-source="native"]').count()).toBeGreaterThanOrEqual(2);
    await page.click('.kernel-actions button:text("none")');
    await page.check('input[data-kernel="simd128/simd128"]');
    await page.click('button[data-bench-group="0"]');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 150_000 });
    const cells = await page.$$eval('table.cube-bench tbody tr[data-source="you"] td', (tds) => tds.map((td) => td.textContent ?? ''));
    expect(cells[0]).toBe('simd128/simd128');
    // Each metric: M ops/s, then the ratio to the native kernel of the same width.
    for (const c of cells.slice(2)) expect(c).toMatch(/^[\d,.]+[\d.]+× native (sse4\.1|neon)$/);
    await page.screenshot({ path: join(artifacts, 'cube-native-ratios.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares a link that restores the moves and the results', async () => {
    const { page } = await openPage(browser, `${baseUrl}#cube`);
    await setParams(page, { op: 'compose', moves: 'R U', with: "U' R'" });
    await runAndWait(page);
    expect((await rows(page)).every((r) => r[3] === 'facelets=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB')).toBe(true);
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const link = await page.inputValue('#share-link');
    await page.close();
    const { page: other, errors } = await openPage(browser, link);
    expect(await other.inputValue('#param-moves')).toBe('R U');
    expect(await other.inputValue('#param-with')).toBe("U' R'");
    expect(await other.inputValue('#param-op')).toBe('compose');
    expect(await other.textContent('.notices')).toContain('results shared from another browser');
    expect((await rows(other)).length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await other.close();
  });
});
