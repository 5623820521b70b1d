// Paired native and wasm rounds (app/paired-run.ts): where the page's server measures natively, a
// Run alternates a round of its wasm kernels with a round of the native ones, pass by pass, and
// each ratio to native code comes from those pairs. Needs the native CLI (build/native/simd-puzzles).
import { existsSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { cli, notices, openPage, ratioPattern, rows, runAndWait, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('paired rounds', () => {
  it('pairs a cube Run with native rounds: the native rows are measured now, every ratio to native comes from the pairs', async () => {
    expect(existsSync(cli), 'build the native CLI first').toBe(true);
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`, undefined, { pairWithNative: true });
    await page.waitForSelector('[data-env="native"] #native-now:not([disabled])');
    await runAndWait(page, 180_000);
    const said = (await notices(page)).join(' ');
    expect(said).toMatch(/Paired with native code on this machine: \d+ passes/);
    const table = await rows(page);
    const wasm = table.filter((r) => r.build === 'simd128');
    expect(wasm.length).toBeGreaterThan(0);
    for (const r of wasm) {
      expect(r.verified, r.key).toMatch(/^(ref|✓)$/);
      expect(r.native, r.key).not.toBe('no native number');
      expect(r.native, r.key).toContain('measured now');
      if (r['vs-native']) expect(r['vs-native'], r.key).toMatch(ratioPattern);
    }
    expect(errors).toEqual([]);
  }, 240_000);
});
