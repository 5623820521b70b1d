// The cube page as a person uses it: enter a sequence, see the net and a ✓ for every kernel; get
// told about a bad move while typing (by the engine, under the field); run the throughput/latency
// benchmarks into their table; share a link; two long inputs stay two cases.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, checked, importNative, notices, openPage, quickNativeReport, RATIO, rows, runAndWait, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

// From tests/data/cube_vectors.json (research §5.2): the facelets of R U R' U'.
const SEXY_MOVE = "R U R' U'";
const SEXY_FACELETS = 'UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB';

async function setParams(page: Page, params: { op?: string; moves?: string; with?: string }) {
  await page.waitForFunction(() => !(document.querySelector('#param-moves') as HTMLInputElement).disabled);
  if (params.op) await page.selectOption('#param-op', params.op);
  if (params.moves !== undefined) await page.fill('#param-moves', params.moves);
  if (params.with !== undefined) await page.fill('#param-with', params.with);
}

describe('Rubik’s cube page', () => {
  it('applies a sequence: the net, and a ✓ for every kernel', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
    await setParams(page, { op: 'apply', moves: SEXY_MOVE });
    await runAndWait(page);
    const table = await rows(page);
    expect(table.map((r) => r.kernel)).toEqual(['simd128/simd128', 'scalar/scalar']); // SIMD kernels first
    for (const row of table) {
      expect(row.answer, JSON.stringify(row)).toBe(`facelets=${SEXY_FACELETS}`);
      expect(row.verified, JSON.stringify(row)).toBe(row.key === 'scalar/scalar' ? 'ref' : '✓');
      expect(row.median).toMatch(/[\d.]+ (ns|µs|ms|s)$/);
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
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
    await setParams(page, { op: 'order', moves: 'R U' });
    await runAndWait(page);
    for (const row of await rows(page)) {
      expect(row.answer, JSON.stringify(row)).toContain('order=105');
      expect(row.verified).toMatch(/^(ref|✓)$/);
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

  it('shows the engine’s message under the field as a bad cube is typed, and disables Run', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
    await setParams(page, { op: 'apply', moves: SEXY_MOVE });
    await checked(page);
    await page.waitForSelector('svg.cube-net');
    const error = (field: string) => page.textContent(`[data-error-for="${field}"]`);
    const refused = (field: string, text: string) =>
      page.waitForFunction(([f, t]) => (document.querySelector(`[data-error-for="${f}"]`)?.textContent ?? '').includes(t!), [field, text]);
    await setParams(page, { moves: 'R U X F' });
    await refused('moves', "bad move 'X'");
    expect(await error('moves')).toBe("moves: bad move 'X' (move 3, column 5): a move starts with a face letter U R F D L B");
    expect(await page.isDisabled('#run')).toBe(true);
    expect(await page.locator('svg.cube-net').count()).toBe(0); // no drawing of a cube that is not one
    // Pieces, twists and parity of a facelet string are the engine's too, as it is typed.
    await setParams(page, { moves: 'UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB' });
    await refused('moves', 'a corner is twisted');
    expect(await page.isDisabled('#run')).toBe(true);
    // `with` is checked where the op reads it, under its own field.
    await setParams(page, { op: 'compose', moves: 'R', with: 'R w' });
    await refused('with', 'with: bad move');
    expect(await error('moves')).toBe('');
    expect(await page.isDisabled('#run')).toBe(true);
    await setParams(page, { op: 'apply' });
    await checked(page);
    expect(await error('with')).toBe('');
    await page.waitForSelector('svg.cube-net');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps two long move strings that differ in the last character two cases, also through a link', async () => {
    // 51 characters: the case labels are shortened to the same text; the keys never are.
    const stem = "R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2 R U ";
    const { page } = await openPage(browser(), `${baseUrl}#cube`);
    await page.click('.kernel-actions button:text("none")');
    await page.check('input[data-kernel="scalar/scalar"]');
    const answers: string[] = [];
    for (const last of ['F', 'B']) {
      await setParams(page, { op: 'apply', moves: stem + last });
      await runAndWait(page);
      const table = await rows(page);
      expect(table).toHaveLength(1);
      answers.push(table[0]!.answer!);
    }
    expect(answers[0]).not.toBe(answers[1]);
    const keys = await page.$$eval('.case-chips button', (bs) => bs.map((b) => b.getAttribute('data-case-key')));
    expect(keys).toHaveLength(1); // the F case, while B is on screen
    expect(keys[0]).toContain(`${stem}F`);
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const link = await page.inputValue('#share-link');
    await page.close();

    const { page: other, errors } = await openPage(browser(), link);
    await checked(other);
    // A link with two cases opens on both, side by side; each case keeps its own answer.
    expect(await other.locator('table.pivot thead th').count()).toBe(4);
    for (const [i, last] of ['F', 'B'].entries()) {
      await other.click(`.case-chips button[data-case-key*="${stem}${last}"]`);
      await checked(other);
      expect(await other.inputValue('#param-moves')).toBe(stem + last);
      const table = await rows(other);
      expect(table.map((r) => r.answer)).toEqual([answers[i]]);
    }
    expect(errors).toEqual([]);
    await other.close();
  });

  it('wraps the facelet string on a phone, with no sideways scrolling', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`, { width: 390, height: 844 });
    await setParams(page, { op: 'apply', moves: SEXY_MOVE });
    await runAndWait(page);
    await page.waitForSelector('code.facelets');
    const box = await page.$eval('code.facelets', (e) => e.getBoundingClientRect().right);
    expect(box).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const top = await page.$eval('.results-heading', (e) => e.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(1000);
    await page.screenshot({ path: join(artifacts, 'cube-390x844.png') });
    await page.screenshot({ path: join(artifacts, 'cube-390x844-full.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the throughput and latency benchmarks into their table', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
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
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
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
    for (const c of cells.slice(2)) expect(c).toMatch(new RegExp(`^[\\d,.]+${RATIO} native (sse4\\.1|neon)$`));
    await page.screenshot({ path: join(artifacts, 'cube-native-ratios.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares a link that restores the moves and the results', async () => {
    const { page } = await openPage(browser(), `${baseUrl}#cube`);
    await setParams(page, { op: 'compose', moves: 'R U', with: "U' R'" });
    await runAndWait(page);
    expect((await rows(page)).every((r) => r.answer === 'facelets=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB')).toBe(true);
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const link = await page.inputValue('#share-link');
    await page.close();
    const { page: other, errors } = await openPage(browser(), link);
    expect(await other.inputValue('#param-moves')).toBe('R U');
    expect(await other.inputValue('#param-with')).toBe("U' R'");
    expect(await other.inputValue('#param-op')).toBe('compose');
    await checked(other);
    expect(await other.textContent('.notices')).toContain('2 results from another browser');
    // Nobody publishes cube answers: the sharer's stay "claimed" until the viewer runs the reference.
    expect((await rows(other)).map((r) => r.verified)).toEqual(['claimed', 'claimed']);
    await runAndWait(other);
    expect((await rows(other)).map((r) => r.sharer!.replace(/^[\d.]+ (ns|µs|ms|s)/, ''))).toEqual([' claim', ' claim']);
    expect(await other.locator('td[data-col="sharer"] .claimed').count()).toBe(0);
    // The link's notice follows: the viewer's reference run re-checked both answers.
    expect((await notices(other)).join()).toContain('answers re-checked here: 2, claimed only: 0');
    expect(errors).toEqual([]);
    await other.close();
  });
});
