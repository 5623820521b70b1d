// The playground as a static site (`npm run build`, web/dist), hosted as anyone could host it: by
// a plain static server that sends no headers (Python's http.server), under a sub-path
// (/simd-puzzles/, as a GitHub Pages project site would be). The page must load, become
// cross-origin isolated through its service worker, run N-queens in both builds with every row
// verified, show the native numbers the site ships as shipped (and on which CPU), and a link
// copied there must open the same state for a new visitor: a fresh browser context.
//
// It reuses web/dist when it holds a shipped report (the e2e layer of npm test builds it with the
// small fixture tests/data/native-report-nqueens.json), else builds the site that way first.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts, checked, linkChecked, openPage, ratioPattern, rows, runAndWait, setN, useBrowser } from './browser';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'web', 'dist');
const shipped = join(dist, 'native-report.json');
const fixture = join(root, 'tests', 'data', 'native-report-nqueens.json');
const DURATION = /^[\d.]+ (ns|µs|ms|s)$/;

const browser = useBrowser();
let server: ChildProcess | undefined;
let siteUrl = '';

beforeAll(async () => {
  if (!existsSync(shipped)) execFileSync('bash', [join(root, 'scripts', 'build-site.sh'), '--native-report', fixture], { cwd: root, stdio: 'inherit' });
  // The host's folder holds the site at simd-puzzles/: the page is served from a sub-path.
  const host = mkdtempSync(join(tmpdir(), 'sp-static-'));
  symlinkSync(dist, join(host, 'simd-puzzles'));
  server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', host], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const m = /port (\d+)/.exec(said);
      if (m) resolve(Number(m[1]));
    });
    server!.on('exit', (code) => reject(new Error(`python3 -m http.server exited (${code}): ${said}`)));
  });
  siteUrl = `http://127.0.0.1:${port}/simd-puzzles/`;
}, 300_000);

afterAll(() => {
  server?.kill();
});

async function copyLink(page: Page): Promise<string> {
  await page.click('#copy-link');
  await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
  return page.inputValue('#share-link');
}

describe('the static site, on a host that sends no headers, under a sub-path', () => {
  it('is served without COOP/COEP headers: isolation is the page’s own doing', async () => {
    const res = await fetch(siteUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(res.headers.get('cross-origin-embedder-policy')).toBeNull();
  });

  it('becomes isolated by its service worker, runs N-queens in both builds verified, shows the shipped native numbers, and its link opens for a new visitor', async () => {
    const cpu = (JSON.parse(readFileSync(shipped, 'utf8')) as { environment: { cpu: string } }).environment.cpu;
    const { page, errors } = await openPage(browser(), `${siteUrl}#nqueens`);
    expect(page.url()).toBe(`${siteUrl}#nqueens`); // the one reload kept the address
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${siteUrl}coi-sw.js`);
    expect(await page.textContent('[data-env="browser"]')).toContain('yes, by this site’s service worker');

    // The shipped report, labelled as shipped and with its CPU, in the panel and on every row.
    await page.waitForFunction(() => (document.querySelector('[data-env="native"]')?.textContent ?? '').includes('Shipped with this site'), null, { timeout: 60_000 });
    const panel = (await page.textContent('[data-env="native"]')) ?? '';
    expect(panel).toContain(`measured on ${cpu}`);
    expect(panel).toContain('simd-puzzles bench --json native.json'); // how to get one's own

    await setN(page, 8);
    await page.check('input[data-build="baseline"]');
    await runAndWait(page);
    const table = await rows(page);
    expect(new Set(table.map((r) => r.build))).toEqual(new Set(['simd128', 'baseline']));
    for (const row of table) {
      expect(row.verified, JSON.stringify(row)).toBe('✓');
      expect(row.answer).toContain('total=92');
      expect(row.median).toMatch(DURATION);
    }
    const withNative = table.filter((r) => r.native !== 'no native number');
    expect(withNative.length).toBeGreaterThan(0);
    for (const row of withNative) {
      expect(row.native, JSON.stringify(row)).toContain(`shipped, measured on ${cpu}`);
      expect(row['vs-native']).toMatch(ratioPattern);
      // Numbers the site builder's machine measured, against this browser's: said on the ratio.
      expect(row['vs-native'], JSON.stringify(row)).toContain(', another machine');
    }
    for (const row of table) {
      expect(row['vs-best-native'], JSON.stringify(row)).toMatch(/, another machine.* vs [\d.]+ (ns|µs|ms) \([\w-]+\/[\w.]+\)/);
      expect(row['vs-best-native'], JSON.stringify(row)).toContain(`shipped, measured on ${cpu}`);
    }
    // The answer above says it too.
    expect(await page.textContent('.answer-sentence')).toContain(', another machine');
    await page.screenshot({ path: join(artifacts, 'static-site-nqueens.png'), fullPage: true });

    // A link copied here names this host and sub-path, and opens the same state elsewhere.
    await setN(page, 9);
    await checked(page);
    const link = await copyLink(page);
    expect(link.startsWith(`${siteUrl}#s=1.`)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();

    const { page: other, errors: otherErrors } = await openPage(browser(), link); // a new context: a new visitor
    expect(await other.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await checked(other);
    await linkChecked(other);
    expect(await other.inputValue('#param-n')).toBe('9');
    expect(await other.isChecked('input[data-build="baseline"]')).toBe(true);
    await other.click('.case-chips button[data-case-key="{\\"n\\":8}"]');
    // The chip redraws the table from the state, and each shared row is re-checked in the background:
    // wait for that case's whole table, every row re-checked, before reading it.
    await expect.poll(async () => (await rows(other)).map((r) => `${r.key} ${r.build} ${r.verified}`).sort(), { timeout: 30_000 })
      .toEqual(table.map((r) => `${r.key} ${r.build} ✓`).sort());
    await checked(other);
    const shared = await rows(other);
    expect(shared.map((r) => `${r.key} ${r.build}`).sort()).toEqual(table.map((r) => `${r.key} ${r.build}`).sort());
    expect(shared.every((r) => r.verified === '✓')).toBe(true); // re-checked by the new visitor's page
    expect(shared.map((r) => r.sharer).sort()).toEqual(table.map((r) => `${r.median} claim`).sort());
    expect(otherErrors).toEqual([]);
    await other.context().close();
  });
});

describe('links made on a page npm start serves', () => {
  it('name the public address npm start -- --base-url gives, and the panel says the server isolates', async () => {
    const page = await browser().newPage();
    // The server's answer for `--base-url https://example.org/simd-puzzles/` (scripts/site-address.mjs).
    await page.route('**/api/site.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ baseUrl: 'https://example.org/simd-puzzles/' }) }));
    await page.goto(`${inject('baseUrl')}#nqueens`);
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    expect(await page.textContent('[data-env="browser"]')).toContain('yes, by the server’s COOP/COEP headers');
    await checked(page);
    expect(await copyLink(page)).toMatch(/^https:\/\/example\.org\/simd-puzzles\/#s=1\./);
    await page.context().close();
  });
});
