// The Instructions panel: it opens from the keyboard on the SIMD kernel selected to run, shows its
// native and wasm listings side by side (SIMD128 beside the native ISA of the same width) with
// their counts and the instructions of real classes highlighted (vpshufb, i8x16.swizzle, popcnt…),
// the hot functions first under short names and the rest folded, lines that wrap in their box;
// it fits the page at 1366 and 390 px, and axe finds nothing serious in it. Needs build/listings (x86-64, simd128): the
// `listings` layer of npm test makes them before it runs this file.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, axeViolations, openPage, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const blocking = (violations: string[]) => violations.filter((v) => /^(critical|serious) |^\w+ region:/.test(v));

async function openPanel(page: Page) {
  // From the keyboard: focus the panel's summary and press Enter.
  await page.focus('#instructions > summary');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#instructions[open] .listing-side[data-build]', { timeout: 30_000 });
}

describe('instruction listings on the page', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`shows a kernel natively and in wasm, side by side, at ${viewport.width} px`, async () => {
      const { page, errors } = await openPage(browser(), `${baseUrl}#cube`, viewport);
      await openPanel(page);
      await page.selectOption('#listing-kernel', 'simd128');
      await page.selectOption('#listing-native', 'x86-64|sse4.1');
      await page.selectOption('#listing-wasm', 'simd128|simd128');
      const native = page.locator('.listing-side[data-build="x86-64"]');
      const wasm = page.locator('.listing-side[data-build="simd128"]');
      await native.waitFor();
      await wasm.waitFor();
      // Both sides list instructions, count them, and mark the byte shuffle the explainer names.
      expect(await native.locator('h3').textContent()).toContain('sse4.1');
      expect(Number(await native.locator('td[data-class="total"]').textContent())).toBeGreaterThan(0);
      expect(Number(await wasm.locator('td[data-class="vector"]').textContent())).toBeGreaterThan(0);
      expect(await native.locator('mark').allTextContents()).toContain('pshufb');
      expect(await wasm.locator('mark').allTextContents()).toContain('i8x16.swizzle');
      expect(await wasm.locator('.listing-code').textContent()).toMatch(/i8x16\.\w+/);

      const boxes = await Promise.all([native, wasm].map((side) => side.boundingBox()));
      if (viewport.width >= 1366) expect(boxes[0]!.y).toBe(boxes[1]!.y);  // side by side
      else expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);              // stacked
      // Nothing wider than the page: the listings scroll in their own boxes.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The listing box is a keyboard stop (it scrolls).
      expect(await native.locator('.listing-code').getAttribute('tabindex')).toBe('0');
      expect(blocking(await axeViolations(page))).toEqual([]);
      await native.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `listings-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('opens on the SIMD kernel beside its same-width counterpart, highlights by class, folds the rest', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, { width: 1366, height: 900 });
    await openPanel(page);
    // Every kernel is selected to run: the first SIMD kernel, not the scalar reference.
    expect(await page.inputValue('#listing-kernel')).toBe('hq-simd');
    expect(await page.inputValue('#listing-wasm')).toBe('simd128|simd128');
    expect(await page.inputValue('#listing-native')).toBe('x86-64|sse4.1'); // 128 bits beside 128 bits
    // AVX2: its byte shuffles are highlighted as what they are, and the legend counts them.
    await page.selectOption('#listing-native', 'x86-64|avx2');
    const native = page.locator('.listing-side[data-build="x86-64"][data-isa="avx2"]');
    await native.waitFor();
    const shuffles = await native.locator('mark[data-class="shuffle"]').allTextContents();
    expect(shuffles.length).toBeGreaterThan(0);
    expect(new Set(shuffles)).toEqual(new Set(['vpshufb']));
    expect(await page.textContent('.listing-legend li[data-class="shuffle"]')).toMatch(/^byte shuffle, table lookup: \d+ vpshufb in avx2; \d+ i8x16\.swizzle in simd128$/);
    // The hot functions first, open, under short names; the rest folded until asked for.
    const fns = await native.locator('.listing-fn').evaluateAll((els) => els.map((e) => ({ hot: e.classList.contains('listing-hot'), open: e.tagName !== 'DETAILS' || (e as HTMLDetailsElement).open, name: e.querySelector('.listing-fn-name')?.textContent ?? '' })));
    expect(fns[0]!.hot).toBe(true);
    expect(fns.some((f) => !f.hot)).toBe(true);
    expect(fns.filter((f) => !f.hot).every((f) => !f.open)).toBe(true);
    for (const f of fns) expect(f.name, f.name).not.toMatch(/<[^…]|\([^…)]/); // template arguments and parameters cut to …
    expect(Math.max(...fns.map((f) => f.name.length))).toBeLessThan(120);
    await native.locator('button.listing-whole').click();
    expect(await native.locator('details.listing-fn:not([open])').count()).toBe(0);
    // Lines wrap in their box: no listing scrolls sideways, nothing is wider than the page.
    for (const box of await page.locator('.listing-code').all())
      expect(await box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    // N-queens' simd-compact: real instructions highlighted, no words from the explainer.
    await page.click('a.tab[data-puzzle="nqueens"]');
    await page.waitForFunction(() => location.hash.startsWith('#nqueens'));
    await page.waitForSelector('#instructions[open] .listing-side[data-build]');
    await page.selectOption('#listing-kernel', 'simd-compact');
    const wasm = page.locator('.listing-side[data-build="simd128"]');
    await wasm.waitFor();
    expect(await wasm.locator('mark').count()).toBeGreaterThan(0);
    expect(await page.textContent('.listing-legend')).not.toMatch(/compaction/);
    await page.screenshot({ path: join(artifacts, 'listings-classes-1366.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the puzzle: chess shows pext natively for the pext kernel', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`);
    await openPanel(page);
    // Kernels with a listing only: Stockfish, a peer, is another program.
    const offered = await page.locator('#listing-kernel option').allTextContents();
    expect(offered).toContain('hq-simd');
    expect(offered).not.toContain('stockfish');
    await page.selectOption('#listing-kernel', 'pext');
    const native = page.locator('.listing-side[data-build="x86-64"]');
    await native.waitFor();
    expect(await native.locator('h3').textContent()).toContain('bmi2');
    expect(await native.locator('mark').allTextContents()).toContain('pext');
    // pext has no wasm kernel: the wasm side says so instead of showing another kernel.
    expect(await page.locator('.listing-side[aria-label="wasm listing"]').textContent()).toContain('has no wasm listing');
    expect(errors).toEqual([]);
    await page.close();
  });
});
