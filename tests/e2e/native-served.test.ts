// While `npm start` still builds the native CLI and measures native numbers in the background, the
// page shows the progress and takes the numbers when they land, without a reload. The server's
// endpoint is played by page.route: building, then measuring with nothing yet, then "done" with a
// real report from the CLI.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { notices, pageRules, quickNativeReport, RATIO, ratioPattern, rows, runAndWait, setN, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
describe('native numbers measured after the page is served', () => {
  it('shows the benchmark progress, then picks its numbers up without a reload', async () => {
    const report = JSON.parse(readFileSync(quickNativeReport('nqueens', ['--case', 'n=8']), 'utf8'));
    let stage: 'build' | 'bench' | 'done' = 'build';
    const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
    await pageRules(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/native-bench.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(
          stage === 'done'
            ? { available: true, sameMachine: true, report, status: { state: 'done', fraction: 1 } }
            : stage === 'build'
              ? { available: false, sameMachine: false, report: null, status: { state: 'running', phase: 'build', fraction: 0 } }
              : { available: false, sameMachine: false, report: null, status: { state: 'running', phase: 'bench', fraction: 0.25, weights: 'this machine', seconds_left: 600, cores: 2, puzzle: 'nqueens', case: 'n=8', puzzle_case: 1, puzzle_cases: 4, kernel: 'bitmask-stack/scalar', kernel_index: 2, kernel_count: 13, recent: [{ puzzle: 'cube', case: 'op=order', seconds: 0.4, others_cores: 1.2 }] } },
        ),
      }),
    );
    await page.goto(`${baseUrl}#nqueens`);
    await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Building the native CLI'), null, { timeout: 30_000 });
    // The Native panel says what npm start is doing, not to run it.
    const panel = () => page.textContent('[data-env="native"]');
    await page.waitForFunction(() => (document.querySelector('[data-env="native"]')?.textContent ?? '').includes('is building the native CLI'));
    expect(await panel()).not.toContain('run `npm start`');

    stage = 'bench';
    await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Measuring native numbers'), null, { timeout: 30_000 });
    // A share of the expected time (cases weighed by how long they took before), the case and
    // kernel now, and a line per case measured last.
    expect((await notices(page)).join()).toContain('25 % of the expected time, about 10 min left (now nqueens, case 1 of 4: n=8, kernel bitmask-stack/scalar (2 of 13))');
    expect(await page.textContent('.notice-lines')).toBe('cube op=order: measured in 0.4 s, shared CPU');

    expect((await notices(page)).join()).not.toContain('Building the native CLI');
    await page.waitForFunction(() => (document.querySelector('[data-env="native"]')?.textContent ?? '').includes('`npm start` is measuring this machine'));
    expect(await panel()).not.toContain('run `npm start`');

    stage = 'done';
    await page.waitForFunction(() => !(document.querySelector('.notices')?.textContent ?? '').includes('Measuring native numbers'), null, { timeout: 30_000 });
    await setN(page, 8);
    await runAndWait(page);
    const table = await rows(page);
    expect(table.length).toBeGreaterThan(0);
    for (const row of table) expect(row['vs-native'], JSON.stringify(row)).toMatch(ratioPattern);
    // Beside each kernel, the best native kernel of this machine for the case (any kernel and ISA):
    // the ratio, then that kernel and its time, one for all rows, no slower than any row's
    // same-width counterpart (the Run pairs its rounds with native ones measured now, which then
    // stand for the case).
    const ns = (text: string) => {
      const [, v, unit] = /([\d.]+) (ns|µs|ms)/.exec(text)!;
      return Number(v) * { ns: 1, µs: 1e3, ms: 1e6 }[unit as 'ns' | 'µs' | 'ms'];
    };
    const best = new RegExp(`^${RATIO} vs ([\\d.]+ (ns|µs|ms) \\([\\w-]+/[\\w.]+\\)( measured now)?( shared CPU)?)$`);
    for (const row of table) {
      expect(row['vs-best-native'], JSON.stringify(row)).toMatch(best);
      if (row.native !== 'no native number') expect(ns(best.exec(row['vs-best-native']!)![1]!), JSON.stringify(row)).toBeLessThanOrEqual(ns(row.native!));
    }
    expect(new Set(table.map((r) => best.exec(r['vs-best-native']!)![1])).size).toBe(1);
    // SIMD kernels first, apart from the scalar ones, each group under its heading.
    const groups = await page.$$eval('table[data-table="run"] tbody', (bodies) => bodies.map((b) => `${(b as HTMLElement).dataset.group}: ${b.querySelector('tr.group-row th')?.textContent ?? ''}`));
    expect(groups).toEqual(['simd: SIMD kernels', 'scalar: Scalar kernels']);
    const order = await page.$$eval('table[data-table="run"] tbody tr[data-kernel]', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.group));
    expect(order).toEqual([...order].sort((a, b) => (a === 'simd' ? 0 : 1) - (b === 'simd' ? 0 : 1)));
    expect(errors).toEqual([]);
    await page.close();
  });
});
