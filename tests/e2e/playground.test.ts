// "Your kernel" (issue 31): the editor on the popcount screen, a link that carries a kernel, the
// confirmation before anything from a link is compiled, a compile error on its line, Stop, and a
// run on a build's own modules. The first part answers the playground API in the test
// (page.route, as scripts/lib/playground/api.mjs answers), so the page's side is checked on any
// machine; the second asks the real compile service (scripts/lib/playground/), sandbox and all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, axeViolations, linkOf, openPage, rows, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const root = fileURLToPath(new URL('../../', import.meta.url));
const starter = readFileSync(join(root, 'cpp/puzzles/popcount/playground/starter.cpp'), 'utf8');
const slot = { id: 'popcount', puzzle: 'popcount', title: 'Count the set bits of a byte array', signature: 'std::uint64_t kernel(const std::uint8_t* data, std::size_t size)', rules: ['Return the number of set bits.'], starter };

const section = '.playground[data-puzzle="popcount"]';
const statusOf = (page: Page) => page.textContent(`${section} .pg-status`);
const editorText = (page: Page) => page.$eval(`${section} .cm-content`, (el) => (el as HTMLElement).innerText);

/** A fake compile service on the page's own origin: `build(n)` answers the n-th GET of a build. */
interface Fake {
  posts: { slot: string; source: string }[];
  deletes: number;
  modules: string[];
}
async function fakeServer(page: Page, build: (id: string, n: number) => unknown, info: unknown = { available: true, slots: [slot], passes: { native: ['avx2'], wasm: ['simd128', 'baseline'] } }): Promise<Fake> {
  const fake: Fake = { posts: [], deletes: 0, modules: [] };
  let gets = 0;
  const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(/\/api\/playground(\/.*)?(\?.*)?$/, async (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname.replace(/^.*\/api\/playground/, '');
    if (path === '' && req.method() === 'GET') return json(route, 200, info);
    if (path === '/builds' && req.method() === 'POST') {
      fake.posts.push(req.postDataJSON() as { slot: string; source: string });
      return json(route, 200, { id: `b${fake.posts.length}` });
    }
    const wasm = /^\/builds\/([^/]+)\/wasm\/(simd128|relaxed|baseline)\/(simd-puzzles\.(mjs|wasm))$/.exec(path);
    if (wasm) {
      fake.modules.push(path);
      // The stock modules stand for a build of the user's kernel here.
      const file = join(root, 'wasm-build/out', wasm[2] === 'simd128' ? 'simd' : wasm[2]!, wasm[3]!);
      return route.fulfill({ status: 200, contentType: wasm[4] === 'mjs' ? 'text/javascript' : 'application/wasm', body: readFileSync(file) });
    }
    const id = /^\/builds\/([^/?]+)$/.exec(path)?.[1];
    if (id && req.method() === 'DELETE') {
      fake.deletes += 1;
      return json(route, 200, { ok: true });
    }
    if (id && req.method() === 'GET') {
      gets += 1;
      if (new URL(req.url()).searchParams.has('wait')) await new Promise((r) => setTimeout(r, 300));
      return json(route, 200, build(id, gets));
    }
    return json(route, 404, { error: 'no such thing' });
  });
  return fake;
}

/** A sharer's claims about their kernel, as a link carries them. */
const sharerRecord = { puzzle: 'popcount', case: 'x', params: { mode: 'array', size: 16384 }, kernel: 'yours', isa: 'simd128', build: 'wasm-simd128', answer: { bits: 0 }, verified: false, verified_by: 'reference', work: 16384, work_unit: 'bytes', timing: { samples: 6, reps_per_sample: 10, median_ns: 5000, min_ns: 4900, mad_ns: 50, ns_per_unit: 0.3, units_per_second: 3.2e9 } };
const sharerEnvironment = { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: 'em++', flags: '', timer_resolution_ns: 5000, date: '2026-11-29T00:00:00Z', user_agent: 'Mozilla/5.0 Chrome/140.0.0.0', cores: 2 };
/** A popcount kernel with this body. */
const kernelOf = (body: string) => `std::uint64_t kernel(const std::uint8_t* data, std::size_t size) {\n${body}\n}\n`;

const step = (target: string, state: string, extra: object = {}) => ({ target, state, seconds: state === 'ok' || state === 'failed' ? 1.5 : null, diagnostics: [], ...extra });

async function openPopcount(page: Page) {
  await page.waitForSelector(`${section} .cm-content`);
}

describe('Your kernel, the page side (the API answered by the test)', () => {
  it('shows our kernel with the slot’s note, and on a page without a server says how to compile locally', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    // A static copy of the page: nothing answers at api/playground.
    await page.route(/\/api\/playground/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
    await page.reload();
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    await openPopcount(page);
    expect(await page.textContent(`${section} h2`)).toBe('Your kernel');
    expect(await page.textContent(`${section} .pg-signature`)).toBe(slot.signature);
    expect(await editorText(page)).toContain(starter.split('\n')[0]!); // CodeMirror draws the lines in view
    expect(await page.locator(`${section} .pg-rules li`).count()).toBeGreaterThan(0);
    expect(await statusOf(page)).toContain('npm start');
    expect(await page.isDisabled(`${section} .pg-compile`)).toBe(true);
    // A link's kernel there: its source, the sharer's numbers as claims, and how to compile it.
    const theirs = kernelOf('  return 7;  // the sharer’s');
    await page.goto(linkOf(baseUrl, { v: 1, puzzle: 'popcount', params: { mode: 'array', size: 16384 }, kernels: [], builds: ['simd128'], shared: { environment: sharerEnvironment, native: null, records: [{ ...sharerRecord, verified: true }] }, playground: { slot: 'popcount', source: theirs } }));
    await page.waitForFunction((s) => (document.querySelector(`${s} .cm-content`) as HTMLElement | null)?.innerText.includes('the sharer’s'), section);
    expect(await statusOf(page)).toMatch(/came with the link, with the sharer’s numbers below \(claims: nothing here measured them\)\. This copy of the page has no server to compile it\. To compile it on your machine: clone the project, run `npm start`/);
    expect(await page.textContent(`${section} .pg-claims`)).toMatch(/yours\/simd128 \(simd128\): 5\.00 µs/);
    expect(await page.isDisabled(`${section} .pg-compile`)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a link with a kernel fresh: the source in the editor, nothing compiled until Compile and run is confirmed', async () => {
    const hostile = '// from a link\n#include "/etc/shadow"\n<img src=x onerror="window.__pwned=1">\nstd::uint64_t kernel(const std::uint8_t*, std::size_t) { return 0; }\n';
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('simd-puzzles.harness-profile', 'smoke'));
    const fake = await fakeServer(page, () => ({ id: 'b1', slot: 'popcount', state: 'failed', steps: [step('native-avx2', 'failed', { why: 'test' })] }));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const record = { ...sharerRecord };
    const environment = sharerEnvironment;
    await page.goto(linkOf(baseUrl, { v: 1, puzzle: 'popcount', params: { mode: 'array', size: 16384 }, kernels: [], builds: ['simd128'], shared: { environment, native: null, records: [record] }, playground: { slot: 'popcount', source: hostile } }));
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    await openPopcount(page);
    await page.waitForFunction((s) => (document.querySelector(`${s} .cm-content`) as HTMLElement | null)?.innerText.includes('/etc/shadow'), section);
    expect(await editorText(page)).toContain('<img src=x onerror="window.__pwned=1">'); // text, never markup
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator(`${section} img`).count()).toBe(0);
    expect(await statusOf(page)).toContain('came with the link');
    expect(await page.textContent(`${section} .pg-claims`)).toContain('claims');
    expect(fake.posts).toEqual([]);

    await page.click(`${section} .pg-compile`);
    await page.waitForSelector(`${section} dialog.pg-confirm[open]`);
    expect(await page.textContent(`${section} .pg-confirm-source`)).toBe(hostile);
    expect(await page.textContent(`${section} dialog.pg-confirm`)).toContain('in a sandbox');
    await page.screenshot({ path: join(artifacts, 'playground-confirm-1366.png') });
    expect((await axeViolations(page)).filter((v) => /^(critical|serious|moderate)/.test(v))).toEqual([]);
    await page.click(`${section} .pg-confirm-cancel`);
    expect(await statusOf(page)).toBe('Not compiled: you cancelled.');
    expect(fake.posts).toEqual([]);

    await page.click(`${section} .pg-compile`);
    await page.click(`${section} .pg-confirm-go`);
    await page.waitForFunction((s) => /failed/.test(document.querySelector(`${s} .pg-status`)?.textContent ?? ''), section);
    expect(fake.posts).toEqual([{ slot: 'popcount', source: hostile }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks a compile error on its line and in the list, and Stop ends a build', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    const diag = { line: 3, column: 5, severity: 'error', message: "'bogus' was not declared in this scope" };
    let stopAfter = false;
    const fake = await fakeServer(page, (id, n) => (stopAfter
      ? { id, slot: 'popcount', state: n > 100 ? 'stopped' : 'building', steps: [step('native-avx2', 'running'), step('wasm-simd128', 'waiting')] }
      : { id, slot: 'popcount', state: 'failed', steps: [step('native-avx2', 'failed', { diagnostics: [diag], log: 'kernel.cpp:3:5: error: ...' }), step('native-sse41', 'failed', { diagnostics: [diag] }), step('wasm-simd128', 'skipped')] }));
    await page.reload();
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    await openPopcount(page);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    await page.click(`${section} .cm-content`);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// edited');
    await page.click(`${section} .pg-compile`);
    await page.waitForFunction((s) => /Does not compile/.test(document.querySelector(`${s} .pg-status`)?.textContent ?? ''), section);
    expect(await statusOf(page)).toBe('Does not compile: 1 error, the first on line 3.');
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.source).toContain('// edited');
    // The mark is on line 3 of the editor, and the list names it once for both passes.
    const marked = await page.$$eval(`${section} .cm-lintRange-error`, (els) => els.map((el) => {
      const line = el.closest('.cm-line')!;
      return [...line.parentElement!.children].indexOf(line) + 1;
    }));
    expect(marked).toEqual([3]);
    const items = await page.$$eval(`${section} .pg-diagnostic-list li`, (lis) => lis.map((li) => li.textContent));
    expect(items).toEqual(["line 3, column 5: error: 'bogus' was not declared in this scope (g++ AVX2, g++ SSE4.1)"]);
    expect(await page.textContent(`${section} .pg-steps`)).toContain('g++ AVX2 failed');
    await page.screenshot({ path: join(artifacts, 'playground-error-1366.png'), fullPage: true });

    stopAfter = true;
    await page.click(`${section} .pg-compile`);
    await page.waitForSelector(`${section} .pg-stop:not([disabled])`);
    await page.click(`${section} .pg-stop`);
    await page.waitForFunction((s) => /^Stopped/.test(document.querySelector(`${s} .pg-status`)?.textContent ?? ''), section);
    expect(fake.deletes).toBe(1);
    expect(await page.isDisabled(`${section} .pg-compile`)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs a finished build on its own modules (the worker loads the build’s URLs), beside ours, at 390 px too', async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`, viewport);
      const fake = await fakeServer(page, (id) => ({
        id, slot: 'popcount', state: 'done', steps: [step('native-avx2', 'ok'), step('link-native', 'ok'), step('wasm-simd128', 'ok'), step('wasm-relaxed', 'ok'), step('wasm-baseline', 'ok')],
        native: { available: false }, wasm: { simd128: `/api/playground/builds/${id}/wasm/simd128/simd-puzzles.mjs`, relaxed: `/api/playground/builds/${id}/wasm/relaxed/simd-puzzles.mjs`, baseline: `/api/playground/builds/${id}/wasm/baseline/simd-puzzles.mjs` },
      }));
      await page.reload();
      await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
      await openPopcount(page);
      await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
      await page.click(`${section} .pg-compile`);
      await page.waitForFunction((s) => /^(Your kernel|Stopped|The run)/.test(document.querySelector(`${s} .pg-status`)?.textContent ?? '') || /^Done/.test(document.querySelector('.status')?.textContent ?? ''), section, { timeout: 120_000 });
      // relaxed too: Chromium validates Relaxed SIMD, so the build's relaxed module runs in the relaxed worker.
      expect(fake.modules).toEqual(expect.arrayContaining(['/builds/b1/wasm/simd128/simd-puzzles.mjs', '/builds/b1/wasm/simd128/simd-puzzles.wasm', '/builds/b1/wasm/relaxed/simd-puzzles.mjs', '/builds/b1/wasm/relaxed/simd-puzzles.wasm']));
      expect((await rows(page)).length).toBeGreaterThan(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(width).toBe(0);
      await page.screenshot({ path: join(artifacts, `playground-built-${viewport.width}.png`), fullPage: true });
      expect((await axeViolations(page)).filter((v) => /^(critical|serious|moderate)/.test(v))).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

// ---- with the real compile service -----------------------------------------------------------------

// The server's playground, if this tree has one (scripts/lib/playground/, mounted by
// web/vite.config.ts): null where the preview server answers nothing there.
const served = await fetch(`${baseUrl}api/playground`).then(async (r) => (r.ok ? (await r.json()) as { available: boolean; why?: string } : null)).catch(() => null);

// One source for every test that builds for real, so only the first of them compiles (whichever
// runs first: each passes alone and in any order) and the others are cache hits: one real build
// in this file, not three (each about 100 CPU-s of g++ and em++). Right and faster than ours on
// the page's 16 KiB case; wrong by one on WRONG_SIZE bytes; never returning on ENDLESS_SIZE.
const WRONG_SIZE = 8000;
const ENDLESS_SIZE = 4096;
const WORDS = kernelOf(`  // Eight bytes at a time with the CPU's own popcount: fewer steps than the nibble table.
  if (size == ${ENDLESS_SIZE}) {
    volatile std::uint64_t spin = 0;
    for (;;) spin = spin + 1;  // never returns (the Stop test)
  }
  std::uint64_t bits = size == ${WRONG_SIZE} ? 1 : 0;  // one too many there (the ✗ test)
  std::size_t i = 0;
  for (; size - i >= 8; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, data + i, 8);
    bits += static_cast<std::uint64_t>(std::popcount(word));
  }
  for (; i < size; ++i) bits += static_cast<std::uint64_t>(std::popcount(data[i]));
  return bits;`);

/** Replaces the editor's text (as a person would: select all, type). */
async function typeKernel(page: Page, text: string) {
  await page.click(`${section} .cm-content`);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // insertText: one edit, without the editor's auto-indent and bracket closing re-shaping it.
  await page.keyboard.insertText(text);
}

const sectionStatus = (page: Page, pattern: RegExp, timeout = 240_000) =>
  page.waitForFunction(([s, p]) => new RegExp(p).test(document.querySelector(`${s} .pg-status`)?.textContent ?? ''), [section, pattern.source] as const, { timeout });

describe.skipIf(served === null)('Your kernel, compiled by the server in its sandbox', () => {
  it('can compile here (else the server says why)', () => {
    expect(served!.available, served!.why).toBe(true);
  });

  it('runs an edited kernel natively and in every wasm build (relaxed: Chromium validates it), verified, with ratios to ours and to its own native build', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`, { width: 1366, height: 900 });
    await openPopcount(page);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    // What Compile will make, said before it is pressed (which vector passes depends on the CPU).
    expect(await page.textContent(`${section} .pg-builds`)).toMatch(/^On this server it compiles natively for .*scalar with POPCNT, and to wasm SIMD128, relaxed SIMD and baseline \(no SIMD\)\.$/);
    await typeKernel(page, WORDS);
    await page.click(`${section} .pg-compile`);
    await sectionStatus(page, /^(Your kernel|Does not compile|The build failed|Built, but)/);
    expect(await statusOf(page)).toMatch(/^Your kernel ran in \d+ builds, every answer verified/);
    const mine = (await rows(page)).filter((r) => r.key.startsWith('yours/'));
    expect(mine.map((r) => r.build).sort()).toEqual(['baseline', 'relaxed', 'simd128']);
    for (const row of mine) {
      expect(row.verified, JSON.stringify(row)).toBe('✓');
      expect(row.native, JSON.stringify(row)).toMatch(/measured now/); // its own native build, this machine, just now
      expect(row['vs-native'], JSON.stringify(row)).toMatch(/×/);
      expect(row['vs-best-native'], JSON.stringify(row)).toMatch(/×/);
      // The relaxed row against its own SIMD128 row, as ours (the relaxed module's records say wasm-relaxed).
      if (row.build === 'relaxed') expect(row['vs-simd128'], JSON.stringify(row)).toMatch(/×/);
    }
    // Ours ran in the same measurement, from the same module.
    expect((await rows(page)).some((r) => r.key.startsWith('nibble-lookup/'))).toBe(true);
    await page.screenshot({ path: join(artifacts, 'playground-yours-1366.png'), fullPage: true });
    expect((await axeViolations(page)).filter((v) => /^(critical|serious|moderate)/.test(v))).toEqual([]);
    // Its listings, natively and in wasm, in the Instructions panel beside ours.
    await page.click('#instructions summary');
    await page.waitForFunction(() => [...document.querySelectorAll('#listing-kernel option')].some((o) => (o as HTMLOptionElement).value === 'yours'), null, { timeout: 30_000 });
    await page.selectOption('#listing-kernel', 'yours');
    expect(await page.$$eval('#listing-wasm option', (os) => os.map((o) => o.textContent))).toEqual(expect.arrayContaining(['simd128 (simd128)', 'simd128 (relaxed)']));
    expect((await page.$$eval('#listing-native option', (os) => os.map((o) => o.textContent ?? ''))).some((t) => /\((x86-64|aarch64)\)$/.test(t))).toBe(true);
    expect(await page.textContent('#instructions .listing-sides')).toContain('playground::kernel');
    // The download carries the source (JSON), and so does the run kept in the History.
    await page.selectOption('#download-format', 'json');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const report = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { playground?: { slot: string; source: string }; records: { kernel: string }[] };
    expect(report.playground).toEqual({ slot: 'popcount', source: WORDS });
    expect(report.records.some((r) => r.kernel === 'yours')).toBe(true);
    await page.click('a[data-screen="history"]');
    await page.waitForSelector('.history-kernel');
    expect(await page.textContent('.history-kernel pre')).toBe(WORDS);
    expect(errors).toEqual([]);
    await page.close();
  }, 400_000);

  it('opens a link with a kernel in a fresh browser: its source, nothing compiled before the confirmation, then built and run', async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } }); // nothing stored: a fresh browser
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('simd-puzzles.harness-profile', 'smoke'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(playground\/builds|native-run)/.test(r.url()) && r.method() !== 'GET') sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(linkOf(baseUrl, { v: 1, puzzle: 'popcount', params: { mode: 'array', k: 32, size: 16384 }, kernels: [], builds: ['simd128'], playground: { slot: 'popcount', source: WORDS } }));
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    await page.waitForFunction((s) => (document.querySelector(`${s} .cm-content`) as HTMLElement | null)?.innerText.includes('own popcount'), section);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    expect(sent).toEqual([]);
    await page.click(`${section} .pg-compile`);
    await page.waitForSelector(`${section} dialog.pg-confirm[open]`);
    expect(await page.textContent(`${section} .pg-confirm-source`)).toBe(WORDS);
    expect(sent).toEqual([]); // asked first
    await page.click(`${section} .pg-confirm-go`);
    await sectionStatus(page, /^(Your kernel|Does not compile|The build failed|Built, but)/);
    expect(await statusOf(page)).toMatch(/^Your kernel ran in \d+ builds, every answer verified/);
    expect(sent[0]).toBe('POST /api/playground/builds');
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);

  it('shows a wrong kernel as ✗, with no ratio', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await openPopcount(page);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    await page.fill('#param-size', String(WRONG_SIZE));
    await typeKernel(page, WORDS); // on this size: wrong
    await page.click(`${section} .pg-compile`);
    await sectionStatus(page, /^(Your kernel|Does not compile|The build failed|Built, but)/);
    expect(await statusOf(page)).toMatch(/^Your kernel’s answer is wrong \(✗\)/);
    const mine = (await rows(page)).filter((r) => r.key.startsWith('yours/'));
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) {
      expect(row.verified, JSON.stringify(row)).toBe('✗');
      expect(row['vs-native'], JSON.stringify(row)).toBe('–');
      expect(row['vs-best-native'], JSON.stringify(row)).toMatch(/^– vs /); // the best native kernel named, no ratio
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 400_000);

  it('points a compile error at its line, and a file read outside the sandbox at the #include', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await openPopcount(page);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    await typeKernel(page, kernelOf('  std::uint64_t bits = 0;\n  bits += undeclared_thing;\n  return bits;'));
    await page.click(`${section} .pg-compile`);
    await sectionStatus(page, /^(Does not compile|The build failed|Your kernel|Built)/);
    // g++ and em++ (clang) word it differently: an error each, both on line 3.
    expect(await statusOf(page)).toMatch(/^Does not compile: [12] errors?, the first on line 3\./);
    expect([...new Set(await page.$$eval(`${section} .pg-diagnostic-list li[data-severity="error"]`, (lis) => lis.map((li) => li.getAttribute('data-line'))))]).toEqual(['3']);
    expect(await page.$$eval(`${section} .cm-lintRange-error`, (els) => [...new Set(els.map((el) => {
      const line = el.closest('.cm-line')!;
      return [...line.parentElement!.children].indexOf(line) + 1;
    }))])).toEqual([3]);
    expect(await page.textContent(`${section} .pg-diagnostic-list`)).toContain('undeclared_thing');

    await typeKernel(page, `#include "/etc/shadow"\n${WORDS}`);
    await page.click(`${section} .pg-compile`);
    await sectionStatus(page, /^(Does not compile|The build failed|Your kernel|Built)/);
    expect(await statusOf(page)).toMatch(/^(Does not compile: [12] errors?, the first on line 1\.|The build failed)/);
    expect(await page.textContent(`${section} .pg-diagnostics`)).toMatch(/shadow/);
    expect((await rows(page)).filter((r) => r.key.startsWith('yours/'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 400_000);

  it('ends a kernel that never returns: the page stops it with a clear message, and Stop works', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#popcount`);
    await page.evaluate(() => localStorage.setItem('simd-puzzles.playground-silent-ms', '8000'));
    await openPopcount(page);
    await page.waitForSelector(`${section} .pg-compile:not([disabled])`);
    await page.fill('#param-size', String(ENDLESS_SIZE));
    await typeKernel(page, WORDS); // on this size: endless
    await page.click(`${section} .pg-compile`);
    await sectionStatus(page, /^(Stopped|Your kernel|Does not compile|The build failed)/);
    expect(await statusOf(page)).toMatch(/^Stopped: a kernel gave no sign of progress for 8 s/);
    expect(await page.textContent('.status')).toMatch(/^Stopped/);
    // The native side of the run is stopped too, not left to the server's 3-minute cap holding
    // the native runner (the cancel, then a kill after the engine's 2 s grace).
    const nativeState = () => fetch(`${baseUrl}api/native-run`).then(async (r) => ((await r.json()) as { state: string }).state);
    await expect.poll(nativeState, { timeout: 15_000, interval: 500 }).not.toBe('running');
    // Run again (the build is in use): Stop ends it at once, and the page runs ours after Restore.
    await page.click('#run');
    await page.waitForSelector('#stop:not([disabled])');
    await page.click('#stop');
    await page.waitForFunction(() => /^Stopped/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 30_000 });
    await page.click(`${section} .pg-restore`);
    await page.click('#run');
    await page.waitForFunction(() => /^Done/.test(document.querySelector('.status')?.textContent ?? ''), null, { timeout: 120_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 400_000);
});
