// The `js` build on the page: for every puzzle, the plain-JavaScript kernel runs beside its wasm
// counterpart when the viewer picks "plain JavaScript", its row is verified like every row and
// shows how much faster wasm is; a link carrying the rows opens elsewhere with them re-checked.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, axeViolations, checked, linkChecked, openPage, RATIO, rows, runAndWait, tableFit, useBrowser } from './browser';
import { JS_ISA, JS_KERNELS, jsKernelsOf } from '../../web/src/js-kernels/catalog';
import { pagePuzzles } from '../web/puzzles';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Each puzzle's small case (fields by id), its JavaScript kernels, and its reference kernel. */
const NAMED: [puzzle: string, fields: Record<string, string>, kernels: string[], reference: string][] = [
  ['nqueens', { n: '8' }, ['bitmask-recursive/scalar'], 'bitmask-recursive/scalar'],
  ['cube', { op: 'compose-throughput', seed: '3' }, ['scalar/scalar'], 'scalar/scalar'],
  ['popcount', { mode: 'array', size: '4096', k: '20' }, ['swar-array/scalar', 'table8-array/scalar'], 'scalar-builtin/scalar'],
  ['cephalopod', { board: '060222161', depth: '20' }, ['swar-bfs-sym/scalar'], 'reference/scalar'],
  ['chess', { mode: 'perft', fen: 'kiwipete', depth: '2' }, ['classical/scalar'], 'ray-walk/scalar'],
];
/** Any other puzzle with JavaScript kernels: its default case, all of them, against its reference
 * kernel (the engine's catalog), so a new puzzle runs here with no edit. */
const CATALOG = await pagePuzzles();
const CASES = [...NAMED, ...[...new Set(JS_KERNELS.map((k) => k.puzzle))]
  .filter((id) => !NAMED.some(([p]) => p === id))
  .map((id): (typeof NAMED)[number] => [id, {}, jsKernelsOf(id).map((k) => `${k.id}/${JS_ISA}`), `${CATALOG.find((p) => p.id === id)!.reference_kernel}/scalar`])];

async function fill(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const id = `#param-${name}`;
    if (await page.$eval(id, (e) => e.tagName === 'SELECT')) await page.selectOption(id, value);
    else await page.fill(id, value);
  }
  await checked(page);
}

/** Only `kernels`, in the SIMD128 build and, with `js`, in plain JavaScript. */
async function pick(page: Page, kernels: string[], js: boolean) {
  await page.click('.kernel-actions button:text("none")');
  for (const k of kernels) await page.check(`input[data-kernel="${k}"]`);
  if (js) await page.check('input[data-build="js"]');
}

describe('plain JavaScript beside wasm', () => {
  it('is offered as a build, never picked by default', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    expect(await page.textContent('label:has(input[data-build="js"])')).toBe(' plain JavaScript');
    expect(await page.isChecked('input[data-build="js"]')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits the run table with every build’s rows: a table at 1366 px, cards at 390 px', async () => {
    for (const [viewport, cards] of [[{ width: 1366, height: 900 }, false], [{ width: 390, height: 844 }, true]] as const) {
      const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, viewport);
      await fill(page, { mode: 'perft', fen: 'kiwipete', depth: '2' });
      await page.check('input[data-build="baseline"]');
      await page.check('input[data-build="js"]');
      await runAndWait(page);
      expect((await rows(page)).some((r) => r.build === 'JavaScript')).toBe(true);
      expect(await tableFit(page)).toEqual({ overflow: 0, outside: [], hidden: [], cards, page: 0 });
      await page.screenshot({ path: join(artifacts, `js-kernels-chess-${viewport.width}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows a long JavaScript run’s progress sample by sample, and Stop ends it at once', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await fill(page, { n: '15' }); // about a second a call in JavaScript: 13 calls at least
    await pick(page, ['bitmask-recursive/scalar'], true);
    await page.uncheck('input[data-build="simd128"]');
    await page.click('#run');
    await page.waitForFunction(() => /js · kernel 1\/1 bitmask-recursive\/scalar · (warming up|sample)/.test(document.querySelector('.status')?.textContent ?? ''));
    await page.click('#stop');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Stopped'));
    expect(await rows(page)).toEqual([]);
    // A new run works, on a fresh worker.
    await fill(page, { n: '6' });
    await runAndWait(page);
    expect((await rows(page)).map((r) => [r.build, r.verified, r.answer])).toEqual([['JavaScript', '✓', 'total=4 unique=1']]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(CASES)('runs %s in JavaScript: verified, with wasm ÷ JS; a link carries the rows, re-checked', async (puzzle, fields, kernels, reference) => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#${puzzle}`);
    await fill(page, fields);
    await pick(page, [...kernels, reference], true);
    await runAndWait(page);
    const table = await rows(page);
    const js = table.filter((r) => r.build === 'JavaScript');
    expect(js.map((r) => r.key).sort()).toEqual([...kernels].sort());
    for (const r of js) {
      expect(r.verified, JSON.stringify(r)).toBe('✓');
      expect(r['vs-js'], JSON.stringify(r)).toMatch(new RegExp(`^${RATIO}( \\(best wasm\\))?$`));
    }
    // The same answers as the wasm reference (Cephalopod's kernels agree on the sum; the rest
    // of its answer counts each kernel's own work).
    const compared = (answer?: string) => (puzzle === 'cephalopod' ? /sum=\d+/.exec(answer ?? '')?.[0] : answer);
    for (const r of js) expect(compared(r.answer)).toBe(compared(table.find((w) => w.build === 'simd128' && w.key === reference)?.answer));
    if (puzzle === 'nqueens') {
      await page.screenshot({ path: join(artifacts, 'js-kernels-nqueens.png'), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    }
    // Shared: the link decodes, keeps the js rows, and the receiving page re-checks their answers,
    // against the published answer or (cube, Cephalopod: none published) the viewer's own
    // reference run, made here first.
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const url = await page.inputValue('#share-link');
    const { page: other, errors: otherErrors } = await openPage(browser(), `${baseUrl}#${puzzle}`);
    await fill(other, fields);
    await pick(other, [reference], false);
    await runAndWait(other);
    await other.goto(url);
    await other.waitForSelector('table[data-table="run"] tr[data-build="js"]');
    await linkChecked(other);
    const shared = (await rows(other)).filter((r) => r.build === 'JavaScript');
    expect(shared.map((r) => r.key).sort()).toEqual([...kernels].sort());
    for (const r of shared) expect(r.verified, JSON.stringify(r)).toBe('✓');
    expect(otherErrors).toEqual([]);
    expect(errors).toEqual([]);
    await other.close();
    await page.close();
  });
});
