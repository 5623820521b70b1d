// The page as a person uses it: run N-queens, stop a long run, switch tabs during one, share a
// link, open it, import native numbers, and survive hostile links. No test measures wall-clock
// time: each waits for the condition it checks.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, checked, columns, importNative, linkChecked, linkOf, notices, openPage, quickNativeReport, ratioPattern, rows, runAndWait, setN, statusMatches, tableFit, useBrowser } from './browser';
import { pagePuzzles } from '../web/puzzles';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const DURATION = /^[\d.]+ (ns|µs|ms|s)$/;
const queens = (page: Page) => page.locator('svg.board text.queen').count();
const heading = (page: Page) => page.textContent('.results-heading h3');

async function copyLink(page: Page): Promise<string> {
  await page.click('#copy-link');
  await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
  return page.inputValue('#share-link');
}

describe('N-queens page', () => {
  it('runs N = 8 and shows 92 solutions, verified, for every kernel', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await setN(page, 8);
    await runAndWait(page);
    const table = await rows(page);
    expect(table.length).toBeGreaterThanOrEqual(6);
    for (const row of table) {
      expect(row.answer, JSON.stringify(row)).toContain('total=92');
      expect(row.answer).toContain('unique=12');
      expect(row.verified, JSON.stringify(row)).toBe('✓');
      expect(row.median).toMatch(DURATION);
    }
    expect(await queens(page)).toBe(8);
    expect(await page.locator('canvas').count()).toBe(1);
    await page.screenshot({ path: join(artifacts, 'nqueens-n8.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens on N-queens, the simplest puzzle, as the first tab', async () => {
    const { page, errors } = await openPage(browser(), baseUrl);
    expect(await page.textContent('.area-params h2')).toBe('N-queens');
    expect(await page.$$eval('.tabs a[data-puzzle]', (tabs) => tabs.map((a) => a.getAttribute('data-puzzle')))).toEqual((await pagePuzzles()).map((p) => p.id));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks before a case expected to run for hours (n = 20), and runs nothing unless told', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 20);
    await checked(page);
    await page.click('#run');
    await page.waitForSelector('.confirm p');
    expect(await page.textContent('.confirm p')).toMatch(/^N-queens: N = 20 may take about [\d.]+ days: one call of its slowest kernel takes about [\d.]+ (h|days) here \(an estimate\)/);
    expect(await page.textContent('.status')).toBe('Ready.'); // nothing started
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-confirm'))).toBe('cancel');
    await page.click('button[data-confirm="cancel"]');
    expect(await page.locator('.confirm p').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('run');
    // A case of seconds asks nothing.
    await setN(page, 8);
    await runAndWait(page);
    expect(await page.locator('.confirm p').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a solution as N changes, before anything runs, and no drawing for an invalid N', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 8);
    await setN(page, 13);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 13);
    await setN(page, 3);
    await page.waitForFunction(() => (document.querySelector('.illustration')?.textContent ?? '').includes('No solution exists for N = 3'));
    expect(await page.locator('table.results').count()).toBe(0);
    // An invalid N: the engine's message under the field, Run disabled, and the old drawing gone.
    await setN(page, 13);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 13);
    await page.fill('#param-n', '13x');
    await page.waitForFunction(() => (document.querySelector('[data-error-for="n"]')?.textContent ?? '') !== '');
    expect(await page.textContent('[data-error-for="n"]')).toBe("n must be an integer in 1..20, got '13x'");
    expect(await page.getAttribute('#param-n', 'aria-invalid')).toBe('true');
    expect(await page.isDisabled('#run')).toBe(true);
    expect(await page.locator('.illustration svg').count()).toBe(0);
    await setN(page, 21);
    await page.waitForFunction(() => (document.querySelector('[data-error-for="n"]')?.textContent ?? '').includes('got 21'));
    expect(await page.isDisabled('#run')).toBe(true);
    await setN(page, 5);
    await checked(page);
    expect(await page.textContent('[data-error-for="n"]')).toBe('');
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 5);
    // A number with spaces around it is that number, as a FEN with a trailing space is that FEN.
    await page.fill('#param-n', ' 7 ');
    await checked(page);
    expect(await page.textContent('[data-error-for="n"]')).toBe('');
    expect(await heading(page)).toBe('Results for N-queens: N = 7');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the field and the table in agreement, and every case’s results', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 6);
    await runAndWait(page);
    expect((await rows(page)).every((r) => r.answer === 'total=4 unique=1')).toBe(true);
    // Another N on screen: no row of N = 6 under it.
    await setN(page, 5);
    await checked(page);
    expect(await heading(page)).toBe('Results for N-queens: N = 5');
    expect(await rows(page)).toEqual([]);
    expect(await page.textContent('.table-wrap')).toBe('Press Run to time the selected kernels on this case.');
    // The N = 6 results are still held: back to 6, or one click on their case, shows them.
    expect(await page.textContent('.case-chips')).toContain('n=6');
    await page.click('.case-chips button[data-case-key="{\\"n\\":6}"]');
    await checked(page);
    expect(await page.inputValue('#param-n')).toBe('6');
    expect(await heading(page)).toBe('Results for N-queens: N = 6');
    expect((await rows(page)).length).toBeGreaterThanOrEqual(6);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs both wasm builds side by side', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 6);
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    const builds = (await rows(page)).map((r) => r.build);
    expect(new Set(builds)).toEqual(new Set(['simd128', 'baseline']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the quick benchmark cases into a pivot table', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
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

  it('locks the inputs during a run, stops N = 16 at once, and keeps the drawing and the bar', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 16);
    await page.waitForFunction(() => document.querySelectorAll('svg.board text.queen').length === 16);
    await checked(page);
    await page.click('#run');
    await statusMatches(page, /kernel \d+\/\d+/);
    // Nothing a run reads can change under it.
    expect(await page.isDisabled('#param-n')).toBe(true);
    expect(await page.isDisabled('input[data-kernel="simd-lanes/simd128"]')).toBe(true);
    expect(await page.isDisabled('input[data-build="baseline"]')).toBe(true);
    expect(await page.isDisabled('button[data-bench-group="0"]')).toBe(true);
    // The main thread stays free while a kernel runs: the elapsed time keeps ticking.
    const before = await page.textContent('.status');
    await page.waitForFunction((t) => document.querySelector('.status')?.textContent !== t, before);
    // N = 16 takes seconds per call in wasm and the reference is timed 11 times: a run that ends
    // with 0 results was stopped, not finished.
    await page.click('#stop');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Stopped'));
    expect(await page.textContent('.status')).toMatch(/^Stopped after 0 results/);
    expect(await page.isEnabled('#run')).toBe(true);
    expect(await page.isDisabled('#stop')).toBe(true);
    expect(await page.isEnabled('#param-n')).toBe(true);
    expect(Number(await page.getAttribute('progress', 'value'))).toBeLessThan(1);
    expect(await queens(page)).toBe(16);
    // A new run works, on a fresh worker.
    await setN(page, 6);
    await runAndWait(page);
    expect((await rows(page)).every((r) => r.answer.includes('total=4'))).toBe(true);
    expect(Number(await page.getAttribute('progress', 'value'))).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a run’s results with its puzzle and case when the tab changes during the run', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 12);
    await checked(page);
    await page.click('#run');
    await page.click('a[data-puzzle="cube"]');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 120_000 });
    expect(await page.textContent('.status')).toMatch(/^Done: 7 results for N-queens/);
    expect(await page.textContent('.area-params h2')).toBe("Rubik's cube");
    expect(await rows(page)).toEqual([]); // N-queens results never show under the cube
    await page.click('a[data-puzzle="nqueens"]');
    await checked(page);
    expect(await page.inputValue('#param-n')).toBe('12');
    const table = await rows(page);
    expect(table).toHaveLength(7);
    for (const row of table) expect(row.answer).toBe('total=14200 unique=1787');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says on other tabs what is running, and opens a link that arrives mid-run once the run ends', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 16);
    await checked(page);
    await page.click('#run');
    await statusMatches(page, /kernel \d+\/\d+/);
    expect(await page.isVisible('.busy')).toBe(false);
    await page.click('a[data-puzzle="cube"]');
    await page.waitForFunction(() => document.querySelector('.area-params h2')?.textContent === "Rubik's cube");
    expect(await page.textContent('.busy')).toBe('N-queens, n=16 is running; its results go to its own tab. Run is free again when it ends (Stop ends it now).');
    expect(await page.textContent('.status')).toMatch(/^N-queens, n=16: wasm-simd128 · kernel \d+\/\d+/);
    // A link arrives: the run's fields stay as they are, and the link waits, saying so.
    await page.click('a[data-puzzle="nqueens"]');
    await page.evaluate((l) => (location.hash = l.slice(l.indexOf('#'))), linkOf(baseUrl, { v: 1, puzzle: 'nqueens', params: { n: 9 }, kernels: ['symmetry/scalar'], builds: ['simd128'] }));
    await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('A run is in progress: the shared link opens when it ends'));
    expect(await page.inputValue('#param-n')).toBe('16');
    expect(await page.isDisabled('#param-n')).toBe(true);
    await page.click('#stop');
    await page.waitForFunction(() => (document.querySelector('#param-n') as HTMLInputElement).value === '9');
    await checked(page);
    expect(await page.isChecked('input[data-kernel="symmetry/scalar"]')).toBe(true);
    expect(await page.isChecked('input[data-kernel="simd-lanes/simd128"]')).toBe(false);
    expect((await notices(page)).join()).not.toContain('A run is in progress');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares results with the case they were measured on, beside the viewer’s own', async () => {
    const { page } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(page, 8);
    await page.uncheck('input[data-kernel="bitmask-stack/scalar"]');
    await runAndWait(page);
    const mine = await rows(page);
    // N changed to 9 without running: the link says n=9 on screen, and its results say n=8.
    await setN(page, 9);
    await checked(page);
    const link = await copyLink(page);
    await page.close();

    const { page: other, errors } = await openPage(browser(), link);
    await checked(other);
    await linkChecked(other);
    expect(await other.inputValue('#param-n')).toBe('9');
    expect(await other.isChecked('input[data-kernel="bitmask-stack/scalar"]')).toBe(false);
    expect((await notices(other)).join()).toMatch(/6 results from another browser .* on 1 case; answers re-checked here: 6, claimed only: 0/);
    expect(await heading(other)).toBe('Results for N-queens: N = 9');
    expect(await rows(other)).toEqual([]); // nothing was measured on n=9
    await other.click('.case-chips button[data-case-key="{\\"n\\":8}"]');
    await checked(other);
    expect(await heading(other)).toBe('Results for N-queens: N = 8');
    const shared = await rows(other);
    expect(shared.map((r) => r.kernel)).toEqual(mine.map((r) => r.kernel));
    // The sharer's medians, each marked as their claim: timings cannot be re-checked here.
    expect(shared.map((r) => r.sharer)).toEqual(mine.map((r) => `${r.median} claim`));
    expect(shared.every((r) => r.verified === '✓')).toBe(true); // re-checked against OEIS here
    expect(await other.textContent('[data-env="sharer"]')).toContain('From the shared link');
    // Run here: the sharer's numbers stay beside the viewer's.
    await runAndWait(other);
    expect(await columns(other)).toEqual(['kernel', 'build', 'verified', 'median', 'spread', 'sharer', 'vs-sharer', 'native', 'vs-native', 'vs-best-native', 'rate', 'answer']);
    const compared = await rows(other);
    expect(compared.map((r) => r.sharer!.replace(/ claim$/, ''))).toEqual(mine.map((r) => r.median));
    expect(compared.every((r) => DURATION.test(r.median!))).toBe(true);
    await other.screenshot({ path: join(artifacts, 'nqueens-shared-link.png'), fullPage: true });
    expect(errors).toEqual([]);
    await other.close();
  });

  it('re-checks shared data: wrong answers are ✗, impossible timings and invented kernels are left out', async () => {
    const timing = (median: number, mad = median / 100) => ({ samples: 11, reps_per_sample: Math.ceil(1e7 / median), median_ns: median, min_ns: median, mad_ns: mad, ns_per_unit: median / 2057, units_per_second: (2057 / median) * 1e9 });
    const record = (patch: Record<string, unknown>) => ({
      puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'simd-lanes', isa: 'simd128', build: 'wasm-simd128',
      answer: { total: 92, unique: 12 }, verified: true, verified_by: 'OEIS', work: 2057, work_unit: 'nodes', timing: timing(5000), ...patch,
    });
    const state = {
      v: 1, puzzle: 'nqueens', params: { n: 8 }, kernels: [], builds: ['simd128'],
      shared: {
        environment: { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'claims', features: '', compiler: 'x', flags: '', timer_resolution_ns: 5000, date: 'today' },
        native: null,
        records: [
          record({}),
          record({ kernel: 'bitmask-recursive', isa: 'scalar', answer: { total: 999, unique: 12 } }),
          record({ kernel: 'symmetry', isa: 'scalar', timing: timing(1, 10865.4) }), // 1 ns, ±1,086,540 %
          record({ kernel: 'bitmask-stack', isa: 'scalar', timing: timing(1e308) }),
          record({ kernel: 'warp-drive' }),
          record({ kernel: 'simd-compact', params: { n: 32.5 } }),
          // Claims no measurement makes (issue 17): 2,057 nodes in 0.2 ns, 1e15 nodes for n = 8, a day a call.
          record({ kernel: 'simd-lanes', isa: 'scalar', timing: timing(0.2) }),
          record({ kernel: 'simd-compact', isa: 'simd128', work: 1e15, timing: { ...timing(5000), ns_per_unit: 5000 / 1e15, units_per_second: 1e15 / 5000 * 1e9 } }),
          record({ kernel: 'simd-symmetry', isa: 'simd128', timing: { ...timing(86_400e9), samples: 3 } }),
        ],
      },
    };
    const { page, errors } = await openPage(browser(), linkOf(baseUrl, state));
    await checked(page);
    await linkChecked(page);
    // One notice says which records were refused and why.
    const said = await notices(page);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('2 results from another browser');
    expect(said[0]).toContain('7 left out (symmetry/scalar on N = 8: a spread of ±1086540%');
    expect(said[0]).toContain('bitmask-stack/scalar on N = 8: a median of 1e+308 ns');
    expect(said[0]).toContain("warp-drive/simd128 on N = 8: N-queens has no kernel 'warp-drive'");
    expect(said[0]).toContain('and 4 more');
    const table = await rows(page);
    expect(table.map((r) => [r.kernel, r.verified])).toEqual([['simd-lanes/simd128', '✓'], ['bitmask-recursive/scalar', '✗']]);
    // The timings that pass are the sharer's claim, apart from the answer's mark.
    expect(table.map((r) => r.sharer)).toEqual(['5.00 µs claim', '5.00 µs claim']);
    expect(await page.getAttribute('tr[data-kernel="bitmask-recursive/scalar"] td[data-col="verified"] span', 'title')).toMatch(/differs from the published answer/);
    // The viewer runs the case: where the sharer's answer is not theirs, both answers show.
    await page.click('.kernel-actions button:text("all")');
    await runAndWait(page);
    expect(await page.textContent('tr[data-kernel="bitmask-recursive/scalar"] td[data-col="answer"]')).toBe('total=92 unique=12sharer’s: total=999 unique=12 ✗');
    expect(await page.textContent('tr[data-kernel="simd-lanes/simd128"] td[data-col="answer"]')).toBe('total=92 unique=12');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('imports native results and shows wasm ÷ native ratios, leaving out a timing no machine makes', async () => {
    const file = quickNativeReport('nqueens', ['--case', 'n=8']);
    // One record of the report claims 0.2 ns for N = 8 (2,057 nodes): refused, with its reason.
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const forged = report.records.find((r: { kernel: string }) => r.kernel === 'symmetry');
    forged.timing = { ...forged.timing, reps_per_sample: 1e7, median_ns: 0.2, min_ns: 0.2, mad_ns: 0, ns_per_unit: 0.2 / forged.work, units_per_second: forged.work / 0.2 * 1e9, round_ns: forged.timing.round_ns.map(() => 0.2), ci_lo_ns: 0.2, ci_hi_ns: 0.2 };
    writeFileSync(file, JSON.stringify(report));
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    await importNative(page, file);
    expect(await page.textContent('[data-env="native"]')).toContain('Imported from native.json');
    expect((await notices(page)).join()).toMatch(/1 left out \(symmetry\/scalar on N = 8: [\d,]+ nodes per ns on one core/);
    await setN(page, 8);
    await runAndWait(page);
    for (const row of await rows(page)) {
      if (row.key === 'symmetry/scalar') {
        expect(row.native).toBe('no native number');
        continue;
      }
      // Imported numbers were measured elsewhere: claims, labelled so.
      expect(row.native, JSON.stringify(row)).toMatch(/\((scalar|sse4\.1|neon)\) claim$/);
      expect(row['vs-native']).toMatch(ratioPattern);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits the run table at 1366 px as a table and at 390 px as cards, with the results near the top', async () => {
    const file = quickNativeReport('nqueens', ['--case', 'n=8']);
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`, { width: 1366, height: 768 });
    await importNative(page, file);
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    await page.screenshot({ path: join(artifacts, 'nqueens-1366.png') });
    // Every column of the run table inside its box (no hidden scrollbar), and the page no wider.
    expect(await tableFit(page)).toEqual({ overflow: 0, outside: [], hidden: [], cards: false, page: 0 });
    await page.close();

    const { page: phone, errors: phoneErrors } = await openPage(browser(), `${baseUrl}#nqueens`, { width: 390, height: 844 });
    await runAndWait(phone);
    const top = await phone.$eval('.results-heading', (e) => e.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(844); // on the first screen, not 2,560 px down
    expect(await tableFit(phone)).toEqual({ overflow: 0, outside: [], hidden: [], cards: true, page: 0 });
    // Every tab in sight: none hides past the edge of a phone.
    const tabs = await phone.$$eval('.tabs a', (as) => as.map((a) => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth && r.width > 0; }));
    expect(tabs).toEqual(Array((await pagePuzzles()).length + 2).fill(true)); // every puzzle, Suite and History
    await phone.screenshot({ path: join(artifacts, 'nqueens-390x844.png') });
    await phone.screenshot({ path: join(artifacts, 'nqueens-390x844-full.png'), fullPage: true });
    expect([...errors, ...phoneErrors]).toEqual([]);
    await phone.close();
  });

  it('rejects a garbled link with a message and runs nothing', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#s=1.this-is-not-a-real-link`);
    expect(await page.textContent('.notices')).toContain('Could not open the shared link');
    expect(await page.textContent('.status')).toBe('Ready.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps one notice per cause, replaced not stacked, and dismissable', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    const addresses = ['#s=1.garbled', '#nope', '#100%', '#s=2.abc', '#%E0%A4%A'];
    for (let i = 0; i < 30; ++i) {
      const hash = addresses[i % addresses.length]!;
      await page.evaluate((h) => (location.hash = h), hash);
      await page.waitForFunction(() => document.querySelectorAll('.notice[data-cause="address"]').length === 1);
    }
    // The last address was '#%E0%A4%A': its notice, alone.
    expect(await notices(page)).toEqual(["The address ends in '#%E0%A4%A', which names no puzzle here; showing N-queens."]);
    await page.click('.notice[data-cause="address"] button');
    expect(await page.locator('.notice').count()).toBe(0);
    await page.evaluate(() => (location.hash = 'nqueens'));
    await page.waitForFunction(() => location.hash === '#nqueens');
    expect(await page.locator('.notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('survives a percent sign or a broken escape in the fragment, also on reload', async () => {
    for (const fragment of ['100%', '%', '%E0%A4%A']) {
      const { page, errors } = await openPage(browser(), `${baseUrl}#${fragment}`);
      expect(await page.locator('.tabs a').count()).toBeGreaterThanOrEqual(3);
      expect(await page.textContent('.notices')).toContain(`'#${fragment}', which names no puzzle here`);
      await page.reload();
      await page.waitForFunction(() => /^Ready/.test(document.querySelector('.status')?.textContent ?? ''));
      expect(await page.locator('.tabs a').count()).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows markup from a link as text, never as markup, and neutralises bidi controls', async () => {
    const RLO = '\u202E';
    const state = {
      v: 1, puzzle: 'nqueens', params: { n: 5 }, kernels: ['symmetry/scalar'], builds: ['simd128'],
      shared: {
        environment: {
          side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: `<img src=x onerror="window.__pwned=1"> ${RLO}gnp.exe`, features: 'simd128',
          compiler: '<script>window.__pwned=2</script>', flags: '', timer_resolution_ns: 5000, date: 'today',
          user_agent: '<svg onload="window.__pwned=3">',
        },
        native: null,
        records: [],
      },
    };
    const { page, errors } = await openPage(browser(), linkOf(baseUrl, state));
    await page.waitForSelector('[data-env="sharer"]');
    expect(await page.textContent('[data-env="sharer"]')).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await page.locator('.env-panel img, .env-panel script, .env-panel svg').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The override cannot reverse the text around it: it shows as U+FFFD, in place.
    const text = await page.evaluate(() => document.body.textContent ?? '');
    expect(text).not.toContain(RLO);
    expect(await page.textContent('[data-env="sharer"]')).toContain('\uFFFDgnp.exe');
    expect(errors).toEqual([]);
    await page.close();
  });
});
