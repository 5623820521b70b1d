// The chess page as a person uses it: type a FEN and see the board; a bad FEN gets the engine's
// own message and Run is disabled; perft runs every kernel and the two browser peers (Stockfish.js
// and chess.js, each in a worker of its own) on the same case, all with the published count;
// clicking a rook shows its attack squares and the Hyperbola Quintessence steps; divide sums to
// the total; without Stockfish.js's files the page says why and runs the rest.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, loadModule } from '../web/wasm-module';
import { artifacts, checked, linkChecked, linkOf, notices, openPage, ratioPattern, rows, runAndWait, tableFit, useBrowser, pageRules } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

// The wiki's Position 2 and its published counts (chessprogramming wiki, Perft Results).
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const KIWIPETE_PIECES = 32;
const KIWIPETE_D2 = 2039;
const KIWIPETE_D3 = 97862;
const PEERS = ['stockfish.js', 'chess.js'];
// What the page's server sends with every response (web/vite.config.ts): a worker script must too.
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

async function setPerft(page: Page, params: { fen?: string; depth?: number; divide?: boolean }) {
  await page.waitForFunction(() => !(document.querySelector('#param-fen') as HTMLInputElement | null)?.disabled);
  await page.selectOption('#param-mode', 'perft');
  if (params.fen !== undefined) await page.fill('#param-fen', params.fen);
  if (params.depth !== undefined) await page.fill('#param-depth', String(params.depth));
  if (params.divide !== undefined) await page.setChecked('#param-divide', params.divide);
}

/** Only these kernels (and the peers named) run. */
async function pick(page: Page, keys: string[]) {
  await page.click('.kernel-actions button:text("none")');
  for (const key of keys) await page.check(`input[data-kernel="${key}"]`);
}

const answerNodes = (answer: string) => Number(/nodes=(\d+)/.exec(answer)?.[1]);

describe('chess page', () => {
  it('draws the typed FEN, and refuses a bad one with the engine’s message', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, { width: 1366, height: 900 });
    await setPerft(page, { fen: KIWIPETE, depth: 3 });
    await checked(page);
    await page.waitForSelector(`svg.chess-board[data-fen="${KIWIPETE}"]`);
    expect(await page.locator('svg.chess-board text.piece').count()).toBe(KIWIPETE_PIECES);
    expect(await page.locator('svg.chess-board [data-square="e1"] text.piece').getAttribute('data-piece')).toBe('K');
    expect(await page.locator('svg.chess-board [data-square="e8"] text.piece').getAttribute('data-piece')).toBe('k');

    // The engine says what is wrong (checked by the same module in Node), under the field.
    const bad = KIWIPETE.replace(' w ', ' x ');
    const m = await loadModule('simd');
    const engine = call(m, { action: 'validate', puzzle: 'chess', params: { mode: 'perft', fen: bad, depth: 3, divide: false, piece: 'queen', measure: 'throughput' } });
    expect(engine.ok).toBe(false);
    expect(engine.error).toMatch(/^fen: /);
    await setPerft(page, { fen: bad });
    await page.waitForFunction((text) => document.querySelector('[data-error-for="fen"]')?.textContent === text, engine.error);
    expect(await page.isDisabled('#run')).toBe(true);
    expect(await page.locator('svg.chess-board').count()).toBe(0); // no drawing of a position that is not one
    await setPerft(page, { fen: KIWIPETE });
    await checked(page);
    expect(await page.textContent('[data-error-for="fen"]')).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs perft 3 on Kiwipete: ✓ for every kernel and both peers, with the same count', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, { width: 1366, height: 900 });
    await setPerft(page, { fen: KIWIPETE, depth: 3, divide: false });
    for (const peer of PEERS) expect(await page.isChecked(`input[data-kernel="${peer}/peer"]`)).toBe(true);
    await runAndWait(page, 170_000);
    const table = await rows(page);
    const kernels = table.filter((r) => !r.key.endsWith('/peer'));
    expect(kernels.length).toBeGreaterThanOrEqual(6);
    for (const row of kernels) {
      expect(row.verified, JSON.stringify(row)).toBe('✓');
      expect(answerNodes(row.answer), JSON.stringify(row)).toBe(KIWIPETE_D3);
    }
    for (const peer of PEERS) {
      const row = table.find((r) => r.key === `${peer}/peer`);
      expect(row, `${peer} row`).toBeDefined();
      expect(row!.kernel).toMatch(/^\S+ peer ?loading and warm-up .+, untimed$/); // marked as a peer, its start-up apart
      expect(row!.verified, JSON.stringify(row)).toBe('✓');
      expect(answerNodes(row!.answer), JSON.stringify(row)).toBe(KIWIPETE_D3);
      expect(row!['vs-wasm'], JSON.stringify(row)).toMatch(ratioPattern); // a ratio to our best wasm kernel
      expect(row!.spread).toMatch(/^(1 run|±[\d.]+%, \d+ runs)$/);
    }
    await page.screenshot({ path: join(artifacts, 'chess-perft.png'), fullPage: true });

    // A share link carries the peers' rows; the receiving page re-checks their counts.
    await page.click('#copy-link');
    await page.waitForFunction(() => (document.querySelector('#share-link') as HTMLInputElement).value.includes('#s=1.'));
    const link = await page.inputValue('#share-link');
    const other = await openPage(browser(), link, { width: 1366, height: 900 });
    await other.page.waitForFunction(() => document.querySelectorAll('table[data-table="run"] tr[data-peer]').length === 2);
    await linkChecked(other.page);
    const sharedRows = await rows(other.page);
    for (const peer of PEERS) {
      const row = sharedRows.find((r) => r.key === `${peer}/peer`);
      expect(row?.verified, JSON.stringify(row)).toBe('✓');
      expect(answerNodes(row!.answer)).toBe(KIWIPETE_D3);
    }
    expect(await other.page.locator('tr[data-peer="stockfish.js"]').getAttribute('data-source')).toBe('sharer');

    // The widest table there is: the viewer's rows, the sharer's, and two peers. At 1366 px every
    // column stays inside the results box, as a table; on a phone every row is a card.
    await runAndWait(other.page, 170_000);
    expect(await tableFit(other.page)).toEqual({ overflow: 0, outside: [], hidden: [], cards: false, page: 0 });
    await other.page.screenshot({ path: join(artifacts, 'chess-table-1366.png') });
    await other.page.locator('table[data-table="run"]').screenshot({ path: join(artifacts, 'chess-table-1366-table.png') });
    expect(other.errors).toEqual([]);
    await other.page.close();
    const phone = await openPage(browser(), link, { width: 390, height: 844 });
    await linkChecked(phone.page);
    await runAndWait(phone.page, 170_000);
    expect(await tableFit(phone.page)).toEqual({ overflow: 0, outside: [], hidden: [], cards: true, page: 0 });
    await phone.page.locator('table[data-table="run"]').screenshot({ path: join(artifacts, 'chess-table-390.png') });
    expect(phone.errors).toEqual([]);
    await phone.page.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a rook’s attack squares and its steps, by click and by keyboard', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, { width: 1366, height: 900 });
    await setPerft(page, { fen: KIWIPETE, depth: 1 });
    await page.waitForSelector(`svg.chess-board[data-fen="${KIWIPETE}"]`);
    expect(await page.locator('svg.chess-board g.attacked').count()).toBe(0);
    await page.click('svg.chess-board g[data-square="a1"]');
    // The a1 rook sees a2 (a pawn, captured square included) up the file and b1, c1, d1 up to the
    // king on e1 along the rank.
    const attacked = () => page.$$eval('svg.chess-board g.attacked', (gs) => gs.map((g) => g.getAttribute('data-square')).sort());
    expect(await attacked()).toEqual(['a2', 'b1', 'c1', 'd1', 'e1']);
    const steps = page.locator('.hq-steps[data-slider="a1"]');
    expect(await steps.locator('.hq-line').count()).toBe(2);
    for (const line of ['file', 'rank']) expect(await steps.locator(`.hq-line[data-line="${line}"] .hq-step`).count()).toBe(9);
    expect(await steps.locator('.hq-line[data-line="file"] .hq-line-title').textContent()).toContain('byte swap');
    expect(await steps.locator('.hq-line[data-line="rank"] .hq-line-title').textContent()).toContain('bit reversal');
    const value = (line: string, step: string) => steps.locator(`.hq-line[data-line="${line}"] [data-step="${step}"] svg`).getAttribute('data-value');
    expect(await value('file', 'attacks')).toBe('0x0000000000000100'); // a2
    expect(await value('rank', 'attacks')).toBe('0x000000000000001e'); // b1 c1 d1 e1
    expect(await value('file', 'r')).toBe('0x0000000000000001');

    // Keyboard: Tab to the h1 rook and press Enter.
    await page.focus('svg.chess-board g[data-square="h1"]');
    await page.keyboard.press('Enter');
    expect(await attacked()).toEqual(['e1', 'f1', 'g1', 'h2']);
    expect(await page.locator('svg.chess-board g[data-square="h1"]').getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: join(artifacts, 'chess-rook.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('divides perft 2: one row per root move, summing to the total', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#chess`, { width: 390, height: 844 });
    await setPerft(page, { fen: KIWIPETE, depth: 2, divide: true });
    await pick(page, ['hq/scalar', 'hq-simd/simd128', 'stockfish.js/peer']);
    await runAndWait(page);
    const check = page.locator('.divide-check');
    expect(await check.getAttribute('data-divide-sum')).toBe(String(KIWIPETE_D2));
    expect(await check.getAttribute('data-divide-nodes')).toBe(String(KIWIPETE_D2));
    expect(await check.textContent()).toContain('All 3 runs with a divide list agree');
    const moves = await page.$$eval('table[data-table="divide"] tbody tr', (trs) => trs.map((tr) => Number(tr.children[1]!.textContent!.replace(/,/g, ''))));
    expect(moves.length).toBe(48);
    expect(moves.reduce((a, b) => a + b, 0)).toBe(KIWIPETE_D2);
    expect([...moves].sort((a, b) => b - a)).toEqual(moves); // sorted, largest first
    await page.screenshot({ path: join(artifacts, 'chess-divide-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('flags a peer whose count differs from ours', async () => {
    // A stand-in for the engine's script that speaks the same UCI lines but miscounts (Kiwipete
    // has 48 moves).
    const fake = `onmessage = (e) => {
      const c = String(e.data);
      if (c === 'uci') postMessage('uciok');
      else if (c === 'isready') postMessage('readyok');
      else if (c.startsWith('go perft ')) postMessage('Nodes searched: 49');
    };`;
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await pageRules(page);
    await page.route('**/peers/stockfish/stockfish-19-lite-single.js', (route) =>
      route.request().method() === 'HEAD' ? route.fulfill({ status: 200 }) : route.fulfill({ status: 200, contentType: 'text/javascript', body: fake, headers: ISOLATION }));
    await page.goto(`${baseUrl}#chess`);
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''));
    await setPerft(page, { fen: KIWIPETE, depth: 1, divide: false });
    await pick(page, ['hq/scalar', 'stockfish.js/peer']);
    await runAndWait(page);
    const row = (await rows(page)).find((r) => r.key === 'stockfish.js/peer');
    expect(row, await page.textContent('.notices') ?? '').toBeDefined();
    expect(answerNodes(row!.answer)).toBe(49);
    expect(row!.verified).toBe('✗');
    expect(await page.textContent('.notices')).toContain('stockfish.js/peer answers nodes=49');
    await page.close();
  });

  it('refuses shared timings no machine makes, in one notice, and labels the rest as claims', async () => {
    // The examples: perft(4) in 0.2 ns, a work of 1e15 for 197,281 nodes, Stockfish.js in
    // 0.5 ns from one sample, a day a call; and one plausible timing.
    const nodes = 197_281;
    const timing = (median: number, patch: Record<string, number> = {}, work = nodes) => ({
      samples: 11, reps_per_sample: Math.max(1, Math.ceil(1e7 / median)), median_ns: median, min_ns: median, mad_ns: median / 100,
      ns_per_unit: median / work, units_per_second: (work / median) * 1e9, ...patch,
    });
    const record = (kernel: string, isa: string, build: string, t: object, work = nodes) => ({
      puzzle: 'chess', case: 'startpos d4', params: { mode: 'perft', fen: 'startpos', depth: 4, divide: false }, kernel, isa, build,
      answer: { nodes }, verified: true, verified_by: 'x', work, work_unit: 'nodes', timing: t,
    });
    const state = {
      v: 1, puzzle: 'chess', params: { mode: 'perft', fen: 'startpos', depth: 4, divide: false }, kernels: [], builds: ['simd128'],
      shared: {
        environment: { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'claims', features: '', compiler: 'x', flags: '', timer_resolution_ns: 5, date: 'today' },
        native: null,
        records: [
          record('hq', 'scalar', 'wasm-simd128', timing(5e6)),
          record('hq-simd', 'simd128', 'wasm-simd128', timing(0.2)),
          record('kogge-stone', 'scalar', 'wasm-simd128', timing(5e6, {}, 1e15), 1e15),
          record('stockfish.js', 'peer', 'peer-wasm', timing(0.5, { samples: 1, reps_per_sample: 1 })),
          record('fancy-magic', 'scalar', 'wasm-simd128', timing(86_400e9, { samples: 3 })),
        ],
      },
    };
    const { page, errors } = await openPage(browser(), linkOf(baseUrl, state), { width: 1366, height: 900 });
    await checked(page);
    await linkChecked(page);
    const said = await notices(page);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('1 results from another browser');
    expect(said[0]).toContain('4 left out (hq-simd/simd128 on perft 4 from the start position: 986,000 nodes per ns on one core');
    expect(said[0]).toContain("kogge-stone/scalar on perft 4 from the start position: work of 1,000,000,000,000,000 nodes for a perft of 197,281 nodes");
    expect(said[0]).toContain('stockfish.js/peer on perft 4 from the start position: one timed call of 0.5 ns');
    expect(said[0]).toContain('and 1 more');
    const table = await rows(page);
    expect(table.map((r) => [r.kernel, r.verified, r.sharer])).toEqual([['hq/scalar', '✓', '5.00 ms claim']]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says why Stockfish.js is unavailable when its files are missing, and runs the rest', async () => {
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await pageRules(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/peers/stockfish/**', (route) => route.fulfill({ status: 404, body: 'not installed' }));
    await page.goto(`${baseUrl}#chess`);
    await page.waitForFunction(() => /^(Ready|Done)/.test(document.querySelector('.status')?.textContent ?? ''));
    const box = page.locator('input[data-kernel="stockfish.js/peer"]');
    await page.waitForFunction(() => (document.querySelector('input[data-kernel="stockfish.js/peer"]') as HTMLInputElement | null)?.disabled === true);
    expect(await box.isDisabled()).toBe(true);
    // It says how to get it: a static site's builder opts in (its GPL terms), npm start serves it.
    const why = await page.locator('label.kernel.unavailable').textContent();
    expect(why).toContain('is not served here');
    expect(why).toContain('npm run build -- --with-stockfish');
    await setPerft(page, { fen: KIWIPETE, depth: 1, divide: false });
    await pick(page, ['hq/scalar', 'chess.js/peer']);
    await runAndWait(page);
    const table = await rows(page);
    expect(table.map((r) => r.key)).toEqual(['hq/scalar', 'chess.js/peer']);
    for (const row of table) expect(answerNodes(row.answer)).toBe(48);
    expect(errors).toEqual([]);
    await page.close();
  });
});
