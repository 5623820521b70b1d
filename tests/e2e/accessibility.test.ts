// Accessibility as a test (issue 17, item 8; issue 29, item 8): axe-core finds no critical,
// serious or moderate violation, nor a part of the page outside a landmark, on any tab and on the
// Suite and History screens, before and after a run, as a table or as cards; Tab follows the
// reading order; the keyboard focus stays somewhere useful after choosing a tab and around a run;
// and every mark in a table is explained in visible words under it.
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, axeViolations, checked, linkChecked, linkOf, openPage, runAndWait, setN, statusMatches, useBrowser } from './browser';
import { pagePuzzles } from '../web/puzzles';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Every tab the page has (the engine's catalog), so a new puzzle is checked here too. */
const PUZZLES = (await pagePuzzles()).map((p) => p.id);
/** What the issues found, and anything as bad: moderate or worse (landmarks, headings...). */
const blocking = (violations: string[]) => violations.filter((v) => /^(critical|serious|moderate) |^\w+ region:/.test(v));

describe('accessibility', () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    it(`has no critical or serious violation on any tab, before and after a run, at ${viewport.width} px`, async () => {
      const { page, errors } = await openPage(browser(), baseUrl, viewport);
      for (const id of PUZZLES) {
        await page.click(`a[data-puzzle="${id}"]`);
        await page.waitForFunction((p) => document.querySelector('a.tab.active')?.getAttribute('data-puzzle') === p, id);
        await checked(page);
        expect(blocking(await axeViolations(page)), `${id} before a run`).toEqual([]);
      }
      // The Suite and History screens: the page's one <main> holds them too.
      for (const screen of ['suite', 'history']) {
        await page.click(`a[data-screen="${screen}"]`);
        await page.waitForFunction((x) => !(document.querySelector(`section.${x}`) as HTMLElement).hidden, screen);
        expect(blocking(await axeViolations(page)), `#${screen}`).toEqual([]);
      }
      // After a run (a table, or cards on a phone) and after a benchmark (a pivot that may scroll).
      await page.click('a[data-puzzle="nqueens"]');
      await setN(page, 8);
      await runAndWait(page);
      expect(blocking(await axeViolations(page)), 'after a run').toEqual([]);
      await page.click('button[data-bench-group="0"]');
      await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 120_000 });
      expect(blocking(await axeViolations(page)), 'after a benchmark').toEqual([]);
      await page.click('a[data-puzzle="popcount"]');
      await runAndWait(page);
      expect(blocking(await axeViolations(page)), 'after a popcount run').toEqual([]);
      // Nothing wider than a phone: the summary tables turn into cards rather than scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(await page.$$eval('.area-results table', (ts) => ts.filter((t) => t.getBoundingClientRect().width > t.parentElement!.clientWidth + 1).length)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    it(`moves Tab in reading order past the Benchmark buttons at ${viewport.width} px`, async () => {
      const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`, viewport);
      await checked(page);
      const last = await page.$$eval('button[data-bench-group]', (bs) => bs.length - 1);
      await page.focus(`button[data-bench-group="${last}"]`);
      await page.keyboard.press('Tab');
      // Wide: the left column goes on (params, Run, kernels) before the results beside it;
      // stacked: the results come next, as they do on the screen.
      const where = await page.evaluate(() => document.activeElement?.closest('section')?.className ?? '');
      expect(where).toBe(viewport.width > 900 ? 'area-kernels' : 'area-results');
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('keeps the focus on a tab chosen with Enter, and moves it to Stop and then to the results around a run', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#cube`);
    await page.focus('a[data-puzzle="nqueens"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.area-params h2')?.textContent === 'N-queens');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.puzzle)).toBe('nqueens');
    // Run from the keyboard: N = 16 runs for seconds, so Stop has the focus while it runs...
    await setN(page, 16);
    await checked(page);
    await page.focus('#run');
    await page.keyboard.press('Enter');
    await statusMatches(page, /kernel \d+\/\d+/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('stop');
    // ...and Enter on it stops the run and hands the focus to the results, not to the page's body.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Stopped'));
    await page.waitForFunction(() => document.activeElement?.matches('.results-heading h3') === true);
    // A run that finishes does the same.
    await setN(page, 6);
    await checked(page);
    await page.focus('#run');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '').startsWith('Done'), null, { timeout: 60_000 });
    await page.waitForFunction(() => document.activeElement?.matches('.results-heading h3') === true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains every mark of a table in visible words', async () => {
    // A link with an answer the page re-checks (✓), one it cannot (claimed: nobody publishes cube
    // answers) and their timings (claims).
    const timing = (median: number) => ({ samples: 11, reps_per_sample: Math.ceil(1e7 / median), median_ns: median, min_ns: median, mad_ns: median / 100, ns_per_unit: median, units_per_second: 1e9 / median });
    const state = {
      v: 1, puzzle: 'cube', params: { op: 'apply', moves: 'R' }, kernels: ['scalar/scalar', 'simd128/simd128'], builds: ['simd128'],
      shared: {
        environment: { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: 'x', flags: '', timer_resolution_ns: 5, date: 'today' },
        native: null,
        records: [{ puzzle: 'cube', case: 'R', params: { op: 'apply', moves: 'R' }, kernel: 'simd128', isa: 'simd128', build: 'wasm-simd128', answer: { facelets: 'x' }, verified: true, verified_by: 'x', work: 1, work_unit: 'cube ops', timing: timing(20) }],
      },
    };
    const { page, errors } = await openPage(browser(), linkOf(baseUrl, state));
    await linkChecked(page);
    const legend = () => page.$$eval('.legend dt', (dts) => dts.map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent ?? ''}`));
    const explained = (marks: string[]) => marks.map((m) => m.split(' ')[0]);
    expect(explained(await legend())).toEqual(['claimed', 'claim']);
    expect(await page.isVisible('.legend dl')).toBe(true);
    // The viewer's own run adds ✓ and the reference's mark; the sharer's answer now differs (✗);
    // the ratio to the sharer's speed shows with its range, explained by an example; it compares
    // another machine's numbers (the link's) and a side without rounds (doubtful): both said.
    await runAndWait(page);
    expect(explained(await legend())).toEqual(['✓', '✗', 'ref', 'claim', '1.80×', 'another', 'doubtful']);
    for (const line of await legend()) expect(line.split(' ').length, line).toBeGreaterThan(4); // words, not a symbol alone
    await page.locator('.area-results').screenshot({ path: join(artifacts, 'legend-1400.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
