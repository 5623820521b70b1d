// The Instructions panel: it opens from the keyboard, shows a kernel's native and wasm listings
// side by side with their counts and the explainer's instructions highlighted, fits the page at
// 1366 and 390 px, and axe finds nothing serious in it. Needs build/listings (x86-64, simd128): the
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
      expect(await wasm.locator('pre').textContent()).toMatch(/i8x16\.\w+/);

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
