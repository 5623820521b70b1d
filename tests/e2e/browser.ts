// Debian's Chromium under playwright-core: never a downloaded browser. The flags keep it from
// reaching for the network, which this machine refuses.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/browsers.mjs';

/** Screenshots the tests leave for a person to look at. */
export const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
/** The native CLI; the native layer of npm test builds it before this one runs. */
export const cli = fileURLToPath(new URL('../../build/native/simd-puzzles', import.meta.url));

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

/** One Chromium per test file, launched before its tests and closed after them (the artifacts
 * folder made on the way); call the returned function inside a test to get the browser. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is used before its beforeAll ran');
    return browser;
  };
}

/** What a test page runs by (before it loads): a Run pairs its rounds with native ones where the
 * server measures natively (app/paired-run.ts), and times by the engine's own rules; tests of
 * other things keep their Runs wasm-only (quicker, and the server's one native run free) and
 * time by the smoke rules (3 rounds of 1 ms batches), unless they ask. */
export async function pageRules(page: Page, { pairWithNative = false, fullHarness = false } = {}) {
  await page.addInitScript(([pair, full]) => {
    try {
      if (!pair) localStorage.setItem('simd-puzzles.pair-with-native', 'off');
      if (!full) localStorage.setItem('simd-puzzles.harness-profile', 'smoke');
    } catch {
      // a page whose storage a test refuses: it runs by the page's own rules
    }
  }, [pairWithNative, fullHarness] as const);
}

/** Opens the page and waits until the wasm builds are loaded. Collects page errors. */
export async function openPage(browser: Browser, url: string, viewport = { width: 1400, height: 1000 }, rules: { pairWithNative?: boolean; fullHarness?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  await pageRules(page, rules);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`unexpected dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(url);
  await statusMatches(page, /^(Ready|Done)/, 60_000);
  return { page, errors };
}

export async function setN(page: Page, n: number) {
  await page.fill('#param-n', String(n));
}

/** Waits until the engine has checked the params on screen (Run is enabled only then). */
export async function checked(page: Page) {
  await page.waitForFunction(() => !(document.querySelector('#run') as HTMLButtonElement).disabled);
}

export async function runAndWait(page: Page, timeout = 120_000) {
  await checked(page);
  await page.click('#run');
  await statusMatches(page, /^(Done|Stopped|No results)/, timeout);
}

/** Waits for the status line to match `pattern`. A timeout says what the line and the notices read
 * instead, so a CI log tells a stuck run from a slow one. */
export async function statusMatches(page: Page, pattern: RegExp, timeout = 120_000) {
  try {
    await page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(document.querySelector('.status')?.textContent ?? ''), [pattern.source, pattern.flags] as const, { timeout });
  } catch (e) {
    const status = await page.textContent('.status').catch(() => null);
    const shown = await notices(page).catch(() => []);
    throw new Error(`the status did not match ${pattern} within ${timeout / 1000} s; it reads ${JSON.stringify(status)}, the notices ${JSON.stringify(shown)}`, { cause: e });
  }
}

/** Numbers in `text` with more than six significant digits (3730000.000000006): none in a download. */
export const overPrecise = (text: string): string[] =>
  (text.match(/-?\d+\.\d+/g) ?? []).filter((n) => n.replace(/[-.]/g, '').replace(/^0+/, '').length > 6);

/** A row of the run table, cell texts by column name (data-col: kernel, build, verified, median,
 * spread, sharer, vs-sharer, native, vs-native, vs-best-native (the ratio to the best native
 * kernel, then "vs <time> (<kernel>/<isa>)"), vs-wasm, vs-js, rate, answer), and `key`, the row's kernel and ISA ("hq/scalar", "stockfish.js/peer"). */
export type Row = Record<string, string>;

/** The rows of the page's run table (puzzle views add tables of their own, e.g. native numbers):
 * its kernels' rows, SIMD kernels first, not the groups' heading rows. */
export function rows(page: Page): Promise<Row[]> {
  return page.$$eval('table[data-table="run"] tbody tr[data-kernel]', (trs) =>
    trs.map((tr) => ({ ...Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.col ?? '', td.textContent ?? ''])), key: (tr as HTMLElement).dataset.kernel ?? '' })));
}

/** A ratio as the page shows it (web/src/app/ratio.ts): "1.80× (1.62–2.01)", "≈ 1× (0.91–1.12)"
 * where the range holds 1, ", doubtful" after it when a side was measured on a shared CPU. A
 * source for patterns that embed it; ratioPattern for a whole cell. */
const NUMBER = String.raw`\d+(?:\.\d+)?(?:e-\d+)?`;
export const RATIO = `(?:≈ 1|${NUMBER})× \\(${NUMBER}–(?:${NUMBER}|∞)\\)(?:, another machine)?(?:, doubtful)?`;
export const ratioPattern = new RegExp(`^${RATIO}$`);

/** How the run table sits in its box: how far it overflows, the cells outside the box (by their
 * column), and whether its rows are cards. */
export function tableFit(page: Page) {
  return page.$eval('.area-results .table-wrap', (wrap) => {
    const box = wrap.getBoundingClientRect();
    const table = wrap.querySelector('table[data-table="run"]')!;
    const outside = [...table.querySelectorAll('th, td')].filter((cell) => {
      const r = cell.getBoundingClientRect();
      return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
    }).map((cell) => (cell as HTMLElement).dataset.col ?? '?');
    // Cells a person cannot see: hidden, or with no width (an empty one in a card is left out).
    const hidden = [...table.querySelectorAll('td:not([data-empty])')].filter((td) => td.getBoundingClientRect().width === 0).map((td) => (td as HTMLElement).dataset.col ?? '?');
    return { overflow: wrap.scrollWidth - wrap.clientWidth, outside, hidden, cards: table.classList.contains('cards'), page: document.documentElement.scrollWidth - window.innerWidth };
  });
}

/** The run table's column names, in order. */
export function columns(page: Page): Promise<string[]> {
  return page.$$eval('table[data-table="run"] thead th', (ths) => ths.map((th) => (th as HTMLElement).dataset.col ?? ''));
}

/** A fresh temporary path named `name` (the page shows imported file names). */
export function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'sp-e2e-')), name);
}

/** A quick native benchmark (3 samples of 2 ms) of `puzzle` into native.json; returns its path. */
export function quickNativeReport(puzzle: string, args: string[]): string {
  expect(existsSync(cli), 'build the native CLI first').toBe(true);
  const file = tempFile('native.json');
  execFileSync(cli, ['bench', puzzle, ...args, '--samples', '3', '--min-sample-ms', '2', '--quiet', '--json', file]);
  return file;
}

/** Imports a native report through the page's file picker and waits until the page confirms. */
export async function importNative(page: Page, file: string) {
  await page.setInputFiles('#import-native', file);
  await page.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Imported'));
}

/** Waits until the answers of the share link the page opened are re-checked (in the background). */
export async function linkChecked(page: Page) {
  await page.waitForFunction(() => !(document.querySelector('.notice[data-cause="link"]')?.textContent ?? '').includes('re-checking'), null, { timeout: 60_000 });
}

/** How many lines the text of the first element matching `selector` takes on screen. */
export function lineCount(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/** The text of the notices, one entry per notice. */
export function notices(page: Page): Promise<string[]> {
  return page.$$eval('.notices .notice', (els) => els.map((e) => e.querySelector('span')?.textContent ?? ''));
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now: "impact rule-id: first elements". */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: { run(root: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document);
    return violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** A share link carrying `state`, built independently of the page's codec. */
export function linkOf(baseUrl: string, state: unknown): string {
  return `${baseUrl}#s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url')}`;
}
