// The rate column names what the case's work counts (issue 17, item 10: chess's attack cases
// showed a "nodes/s" header over records counted in lookups).
import { describe, expect, inject, it } from 'vitest';
import { openPage, runAndWait, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('the rate column', () => {
  it('counts lookups for chess’s sliding attacks and nodes for perft', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`);
    await page.selectOption('#param-mode', 'attacks');
    await runAndWait(page);
    expect(await page.textContent('table[data-table="run"] th[data-col="rate"]')).toBe('lookups/s');
    await page.selectOption('#param-mode', 'perft');
    await page.fill('#param-depth', '2');
    await runAndWait(page);
    expect(await page.textContent('table[data-table="run"] th[data-col="rate"]')).toBe('nodes/s');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the built page’s assets', () => {
  it('are cached for good (their names carry their content’s hash), the page itself is not', async () => {
    const page = await browser().newPage();
    const wasm: { url: string; cache: string | undefined }[] = [];
    page.on('response', (r) => {
      // Our own modules (a peer program's files are served as installed, not hashed).
      if (r.url().endsWith('.wasm') && r.url().includes('/assets/')) wasm.push({ url: r.url(), cache: r.headers()['cache-control'] });
    });
    const main = await page.goto(`${baseUrl}#nqueens`);
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    expect(wasm.length).toBeGreaterThan(0);
    for (const w of wasm) {
      expect(w.url).toMatch(/\/assets\/simd-puzzles-[\w-]{8}\.wasm$/);
      expect(w.cache).toBe('public, max-age=31536000, immutable');
    }
    expect(main?.headers()['cache-control'] ?? '').not.toContain('immutable');
    await page.close();
  });
});
