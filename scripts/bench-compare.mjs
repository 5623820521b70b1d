// Runs the default benchmark cases in the wasm builds (SIMD128, relaxed SIMD where the engine
// validates it, baseline) in two browser engines, headless: Debian's
// Chromium (V8, under playwright-core) and Debian's Firefox ESR (SpiderMonkey, under puppeteer-core
// over WebDriver BiDi), the page's workers and harness in each; pairs every record with its native
// counterpart from build/native-bench.json (the page's rule: same kernel, same vector width), and
// prints wasm ÷ native speed ratios per engine and SpiderMonkey against V8. The engines take turns
// puzzle by puzzle and build by build (the order alternating), so a noisy phase of a shared machine
// hits both rather than one. Browser peers (chess) run in Chromium only. Then the page's
// plain-JavaScript kernels (build js, web/src/js-kernels/), in the first engine, on the cases whose
// fastest SIMD128 scalar kernel took under JS_CASE_BUDGET_MS a call (JavaScript is up to several
// times slower, and the heavy cases would take many minutes), with wasm ÷ JS for the same kernel.
// The relaxed build gets a table of its own per engine: each kernel against itself in SIMD128 and
// against its native counterpart (README, "Relaxed SIMD").
// Writes build/compare-report.json and build/compare-report.md.
//
// Usage: node scripts/bench-compare.mjs [PUZZLE...] [--puzzle PUZZLE]... [--case LABEL]... [--quick] [--engines v8,spidermonkey]
//   PUZZLE / --puzzle: only these puzzles (bench-compare.sh passes --puzzle to the native benchmark too);
//   --case: only these bench cases (a name or an alias, e.g. "kiwipete d4"; puzzles without one
//   of them are left out); --quick: 5 samples of 5 ms; --engines: which engines (default both; the
//   first is the one the per-build and peer tables use)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';
import { BENCH_ENGINES } from './lib/bench-browsers.mjs';
import { CpuLoadMeter } from './lib/cpu-load.mjs';
import { nativeBenchPath, nativeBenchResponse, repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const engineArg = args.includes('--engines') ? args[args.indexOf('--engines') + 1] : 'v8,spidermonkey';
const valueOf = (i) => args[i - 1] === '--engines' || args[i - 1] === '--case' || args[i - 1] === '--puzzle';
const puzzles = [...args.filter((a, i) => !a.startsWith('--') && !valueOf(i)), ...args.flatMap((a, i) => (args[i - 1] === '--puzzle' ? [a] : []))];
const cases = args.flatMap((a, i) => (args[i - 1] === '--case' ? [a] : []));
const JS_CASE_BUDGET_MS = 50;
const native = nativeBenchResponse();
if (!native.available) {
  console.error(`bench-compare: ${nativeBenchPath} is missing; run scripts/native-bench.mjs first`);
  process.exit(1);
}

// Each engine: a browser and one page on bench.html (lib/bench-browsers.mjs).
const engineIds = engineArg.split(',').map((e) => e.trim().toLowerCase());
for (const id of engineIds) if (!BENCH_ENGINES[id]) {
  console.error(`bench-compare: unknown engine '${id}' (known: ${Object.keys(BENCH_ENGINES).join(', ')})`);
  process.exit(2);
}
const primary = engineIds[0];

// How busy other programs kept the CPU while each case ran in a browser, recorded as the native
// benchmark records its own (lib/cpu-load.mjs): everything this script started (the server, the
// browsers and their content processes, whatever process groups they made) is ours; the rest is
// others'. By "<engine>|<build>": { cores, cases: { "<puzzle>|<case>": cores others used } }.
const meter = new CpuLoadMeter(process.pid, { tree: true });
const browserLoad = {};
let measuring = null; // { engine, build, case: "<puzzle>|<case>" | null }
function endBrowserCase() {
  const others = meter.window();
  if (!measuring?.case || others === null) return;
  const load = (browserLoad[`${measuring.engine}|${measuring.build}`] ??= { cores: meter.cores, cases: {} });
  load.cases[measuring.case] = Math.round(others * 100) / 100;
}
/** Runs `request` in `build` in engine `id`'s page, its cases' CPU load recorded. */
async function benchIn(id, build, request) {
  meter.window(); // a window from here
  measuring = { engine: id, build, case: null };
  const result = await engines[id].page.evaluate(([b, r]) => window.simdPuzzles.bench(b, r), [build, request]);
  endBrowserCase();
  measuring = null;
  return result;
}

const server = await preview({ configFile: join(repoRoot, 'web', 'vite.config.ts'), preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = `http://127.0.0.1:${server.httpServer.address().port}/bench.html`;
const engines = {};
for (const id of engineIds) {
  const { browser, page } = await BENCH_ENGINES[id].launch();
  page.on('console', (m) => {
    const text = m.text();
    if (!text.startsWith('progress ')) return;
    const e = JSON.parse(text.slice(9));
    if (measuring && measuring.case !== `${e.puzzle}|${e.case}`) {
      endBrowserCase();
      measuring.case = `${e.puzzle}|${e.case}`;
    } else {
      meter.sample();
    }
    if (e.phase === 'sample' && e.sample === e.samples)
      console.log(`  [${BENCH_ENGINES[id].name} case ${e.case_index}/${e.case_count} ${e.puzzle} ${e.case}] ${e.kernel}/${e.isa} done (${e.elapsed_s.toFixed(1)} s)`);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const relaxed = await page.evaluate(() => window.simdPuzzles.relaxedSimd());
  if (!relaxed) console.log(`${BENCH_ENGINES[id].name}: no Relaxed SIMD here, so no relaxed build`);
  engines[id] = { browser, page, runs: {}, relaxed };
}
const page = engines[primary].page;

const harness = quick ? { harness: { min_samples: 5, min_sample_ms: 5 } } : {};
// Each puzzle with the --case labels that are its own (all its cases without --case).
const catalog = await page.evaluate((b) => window.simdPuzzles.puzzles(b), 'simd128');
const plan = catalog
  .filter((p) => !puzzles.length || puzzles.includes(p.id))
  .map((p) => ({ puzzle: p.id, cases: cases.filter((c) => p.cases.includes(c)) }))
  .filter((p) => !cases.length || p.cases.length);
const unknownPuzzle = puzzles.find((id) => !catalog.some((p) => p.id === id));
if (unknownPuzzle) {
  console.error(`bench-compare: no puzzle '${unknownPuzzle}' (known: ${catalog.map((p) => p.id).join(', ')})`);
  process.exit(2);
}
const unknownCase = cases.find((c) => !catalog.some((p) => p.cases.includes(c)));
if (unknownCase || !plan.length) {
  console.error(`bench-compare: ${unknownCase ? `no puzzle has a bench case '${unknownCase}'` : 'nothing to run'}`);
  process.exit(2);
}
let turn = 0;
for (const { puzzle, cases: only } of plan) {
  for (const build of ['simd128', 'relaxed', 'baseline']) {
    const order = turn++ % 2 ? [...engineIds].reverse() : engineIds;
    for (const id of order) {
      if (build === 'relaxed' && !engines[id].relaxed) continue;
      console.log(`\n${BENCH_ENGINES[id].name}, wasm ${build}, ${puzzle}:`);
      const result = await benchIn(id, build, { action: 'bench', puzzles: [puzzle], ...(only.length ? { cases: only } : {}), ...harness });
      if (!result.response.ok) {
        console.error(`bench-compare: ${BENCH_ENGINES[id].name} ${build} ${puzzle}: ${result.response.error}`);
        process.exit(1);
      }
      const run = (engines[id].runs[build] ??= { environment: result.environment, aliases: {}, records: [] });
      Object.assign(run.aliases, result.aliases);
      run.records.push(...result.response.report.records);
    }
  }
}
const runs = engines[primary].runs;

// Plain JavaScript on the cases light enough for it.
const fastestScalar = new Map();
for (const r of runs.simd128.records)
  if (r.isa === 'scalar' && r.timing) fastestScalar.set(r.case, Math.min(fastestScalar.get(r.case) ?? Infinity, r.timing.median_ns));
const jsCases = [...fastestScalar].filter(([, ns]) => ns < JS_CASE_BUDGET_MS * 1e6).map(([name]) => name);
let jsRecords = [];
if (jsCases.length) {
  console.log(`\nplain JavaScript (${jsCases.length} of ${fastestScalar.size} cases: those a scalar kernel does in under ${JS_CASE_BUDGET_MS} ms a call in wasm):`);
  const result = await benchIn(primary, 'js', { action: 'bench', ...(puzzles.length ? { puzzles } : {}), ...harness, cases: jsCases });
  if (!result.response.ok) {
    console.error(`bench-compare: js: ${result.response.error}`);
    process.exit(1);
  }
  jsRecords = result.response.report.records;
}
const nativeRecords = native.report.records;
const compared = {};
// The relaxed build per engine: each kernel (its CPU-marked record from compare) against itself in
// SIMD128 and against native, with the page's ratio texts.
const relaxedRows = [];
for (const id of engineIds) {
  const own = engines[id].runs;
  if (!own.relaxed) continue;
  const [rel, simd] = await Promise.all(['relaxed', 'simd128'].map((b) =>
    page.evaluate(([w, n, l, wl]) => window.simdPuzzles.compare(w, n, l, wl), [own[b].records, nativeRecords, native.cpu_load ?? null, browserLoad[`${id}|${b}`] ?? null])));
  const pairs = rel.map((c) => ({ c, s: simd.find((x) => x.record.case_key === c.record.case_key && x.record.kernel === c.record.kernel && x.record.isa === c.record.isa) ?? null }));
  const texts = await ratioTextsIn(pairs.map(({ c, s }) => [c.record, s?.record ?? null]));
  for (const [i, { c, s }] of pairs.entries())
    relaxedRows.push({
      engine: BENCH_ENGINES[id].name, puzzle: c.record.puzzle, case: own.relaxed.aliases[c.record.case] ?? c.record.case, kernel: c.record.kernel, isa: c.record.isa,
      nativeIsa: c.native ? `${c.native.isa}${c.sameWidth ? '' : ' (other width)'}` : '–',
      native: c.native?.timing?.median_ns ?? null, simd128: s?.record.timing?.median_ns ?? null, relaxed: c.record.timing?.median_ns ?? null,
      relaxedOverSimd: texts[i], relaxedOverNative: c.ratioText, simdOverNative: s?.ratioText ?? '–',
      verified: c.record.verified !== false,
      cpu: cpuCell([['native', c.native], ['SIMD128', s?.record], ['relaxed', c.record]]),
    });
}
for (const build of Object.keys(runs)) compared[build] = await page.evaluate(([w, n, l, wl]) => window.simdPuzzles.compare(w, n, l, wl), [runs[build].records, nativeRecords, native.cpu_load ?? null, browserLoad[`${primary}|${build}`] ?? null]);
// The CPU each side had, in words for the report: native (the served load), then each engine and build.
const loadLines = [];
const nativeLoad = await page.evaluate((l) => window.simdPuzzles.loadText(l), native.cpu_load ?? null);
loadLines.push(`native: ${nativeLoad ? nativeLoad.text : 'CPU load unknown (the native report has none)'}`);
for (const [key, load] of Object.entries(browserLoad)) {
  const [id, build] = key.split('|');
  const values = Object.values(load.cases);
  const marked = await page.evaluate(([l]) => window.simdPuzzles.markShared(Object.keys(l.cases).map((k) => ({ puzzle: k.split('|')[0], case: k.slice(k.indexOf('|') + 1) })), l), [load]);
  const shared = marked.filter((r) => r.cpu_shared).length;
  loadLines.push(`${BENCH_ENGINES[id].name} ${build}: ${shared ? `shared CPU while ${shared} of ${values.length} cases ran` : `quiet CPU for all ${values.length} cases`}; other programs used up to ${Math.max(0, ...values).toFixed(1)} of ${load.cores} cores`);
}
const anyShared = loadLines.some((l) => /shared CPU/i.test(l));

function ratioTextsIn(pairs) {
  return page.evaluate((p) => window.simdPuzzles.ratios(p), pairs);
}

// Browser peers (chess: Stockfish.js, chess.js) on every case our kernels ran that they have a
// counterpart for, in the same page and run, after our kernels.
const peerRuns = [];
const PEER_ISA = 'peer';
for (const puzzle of new Set(runs.simd128.records.map((r) => r.puzzle))) {
  const peers = await page.evaluate((p) => window.simdPuzzles.peers(p), puzzle);
  if (!peers.length) continue;
  const caseKeys = [...new Set(runs.simd128.records.filter((r) => r.puzzle === puzzle).map((r) => r.case_key))];
  for (const key of caseKeys) {
    const ours = runs.simd128.records.filter((r) => r.case_key === key && r.verified !== false);
    const works = [...new Set(ours.map((r) => r.work))];
    for (const kernel of peers) {
      console.log(`  [peer ${kernel}] ${runs.simd128.aliases[ours[0].case] ?? ours[0].case}`);
      const result = await page.evaluate(([p, k, params, work]) => window.simdPuzzles.peer(p, k, params, work), [puzzle, kernel, ours[0].params, works.length === 1 ? works[0] : null]);
      if ('skipped' in result || 'error' in result) {
        if ('error' in result) console.log(`    ${kernel}: ${result.error}`);
        continue;
      }
      const agrees = works.length === 1 && result.work === works[0];
      peerRuns.push({ puzzle, case_key: key, case: ours[0].case, kernel, agrees, ...result });
    }
  }
}
// Records marked where their side's CPU was shared, and ratios read as the page reads them (its
// own functions, in the page: web/src/bench.ts).
const marked = (records, load) => page.evaluate(([r, l]) => window.simdPuzzles.markShared(r, l), [records, load ?? null]);
const ratioTexts = (pairs) => page.evaluate((p) => window.simdPuzzles.ratios(p), pairs);
// SpiderMonkey against V8 (and each against native), SIMD128 build, kernel by kernel.
const engineRows = [];
const engineSummary = [];
if (engines.v8 && engines.spidermonkey) {
  const sm = engines.spidermonkey.runs;
  const same = (a, b) => a.puzzle === b.puzzle && a.case_key === b.case_key && a.kernel === b.kernel && a.isa === b.isa;
  const smRecords = await marked(sm.simd128.records, browserLoad['spidermonkey|simd128']);
  const others = compared.simd128.map((c) => smRecords.find((r) => same(r, c.record)) ?? null);
  // SpiderMonkey ÷ native and SpiderMonkey ÷ V8, with their ranges (V8 ÷ native came with compare).
  const texts = await ratioTexts(compared.simd128.flatMap((c, i) => [[others[i], c.native], [others[i], c.record]]));
  for (const [i, c] of compared.simd128.entries()) {
    const other = others[i];
    const v8 = c.record.timing?.median_ns ?? null;
    const spider = other?.timing?.median_ns ?? null;
    const nat = c.native?.timing?.median_ns ?? null;
    engineRows.push({
      puzzle: c.record.puzzle, case: runs.simd128.aliases[c.record.case] ?? c.record.case, kernel: c.record.kernel, isa: c.record.isa,
      nativeIsa: c.native ? `${c.native.isa}${c.sameWidth ? '' : ' (other width)'}` : '–',
      native: nat, v8, spidermonkey: spider,
      v8Ratio: c.ratioText, spidermonkeyRatio: texts[2 * i], smOverV8: texts[2 * i + 1],
      verified: c.record.verified !== false && other?.verified !== false,
      cpu: cpuCell([['native', c.native], ['V8', c.record], ['SpiderMonkey', other]]),
    });
  }
  // Geometric means of SpiderMonkey ÷ V8 speed per puzzle and build: one number each, with the range.
  for (const build of ['simd128', 'baseline']) {
    for (const puzzle of new Set(engines.v8.runs[build].records.map((r) => r.puzzle))) {
      const ratios = engines.v8.runs[build].records.filter((r) => r.puzzle === puzzle && r.timing).flatMap((r) => {
        const o = sm[build].records.find((x) => same(x, r));
        return o?.timing ? [r.timing.median_ns / o.timing.median_ns] : [];
      });
      if (!ratios.length) continue;
      const geo = Math.exp(ratios.reduce((a, x) => a + Math.log(x), 0) / ratios.length);
      engineSummary.push({ puzzle, build, kernels: ratios.length, geomean: geo, min: Math.min(...ratios), max: Math.max(...ratios) });
    }
  }
}
// wasm ÷ JS: each JavaScript kernel against the same kernel id in SIMD128 (where it has one), its
// native counterpart, and the case's fastest SIMD128 kernel; every side marked with its CPU.
const jsMarked = await marked(jsRecords, browserLoad[`${primary}|js`]);
const wasmMarked = compared.simd128.map((c) => c.record);
const nativeMarked = await marked(nativeRecords, native.cpu_load);
const jsPairs = jsMarked.map((js) => {
  const inCase = wasmMarked.filter((r) => r.case_key === js.case_key && r.timing && r.verified !== false);
  const same = inCase.find((r) => r.kernel === js.kernel && r.isa === js.isa) ?? null;
  const best = [...inCase].sort((a, b) => a.timing.median_ns - b.timing.median_ns)[0] ?? null;
  const nat = nativeMarked.find((r) => r.case_key === js.case_key && r.kernel === js.kernel && r.isa === js.isa && r.timing) ?? null;
  return { js, same, nat, best };
});
const jsTexts = await ratioTexts(jsPairs.flatMap(({ js, same, nat, best }) => [[same, js], [nat, js], [best, js]]));
for (const e of Object.values(engines)) await e.browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

// One row per (puzzle, case, kernel id): native counterpart, simd128 and baseline medians. Cases
// pair on case_key (the engine's identity; the label may be shortened).
const fmt = (ns) => (ns == null ? '–' : ns < 1e3 ? `${ns.toFixed(0)} ns` : ns < 1e6 ? `${(ns / 1e3).toPrecision(3)} µs` : ns < 1e9 ? `${(ns / 1e6).toPrecision(3)} ms` : `${(ns / 1e9).toPrecision(3)} s`);
// A bare ratio, for the geometric means and the peers below; every kernel's ratio comes with its
// range from the page's own ratioText (c.ratioText, ratioTexts).
const ratio = (r) => (r == null ? '–' : `${r.toFixed(2)}×`);
const rows = [];
for (const c of compared.simd128) {
  const base = compared.baseline.find((b) => b.record.puzzle === c.record.puzzle && b.record.case_key === c.record.case_key && b.record.kernel === c.record.kernel);
  rows.push({
    puzzle: c.record.puzzle,
    case: runs.simd128.aliases[c.record.case] ?? c.record.case,
    kernel: c.record.kernel,
    wasmIsa: c.record.isa,
    nativeIsa: c.native ? `${c.native.isa}${c.sameWidth ? '' : ' (other width)'}` : '–',
    native: c.native?.timing?.median_ns ?? null,
    simd128: c.record.timing?.median_ns ?? null,
    simd128Ratio: c.ratioText,
    baseline: base?.record.timing?.median_ns ?? null,
    baselineRatio: base?.ratioText ?? '–',
    verified: c.record.verified !== false && (base ? base.record.verified !== false : true),
    cpu: cpuCell([['native', c.native], ['SIMD128', c.record], ['baseline', base?.record]]),
  });
}
/** Which sides of a row were measured on a shared CPU (cores others used), or "quiet". */
function cpuCell(sides) {
  const shared = sides.filter(([, r]) => r?.cpu_shared).map(([name, r]) => `${name} ${r.cpu_shared.others_cores.toFixed(1)}`);
  return shared.length ? `shared: ${shared.join(', ')}` : 'quiet';
}
const header = ['puzzle', 'case', 'kernel', 'wasm ISA', 'native ISA', 'native', 'wasm SIMD128', 'SIMD128 ÷ native', 'wasm baseline', 'baseline ÷ native', 'CPU (others\' cores)'];
const table = rows.map((r) => [r.puzzle, r.case, r.kernel, r.wasmIsa, r.nativeIsa, fmt(r.native), fmt(r.simd128), r.simd128Ratio, fmt(r.baseline), r.baselineRatio, r.cpu]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
console.log(`\n${header.map((h, i) => h.padEnd(widths[i])).join('  ')}`);
for (const t of table) console.log(t.map((c, i) => (i >= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
if (rows.some((r) => !r.verified)) console.log('\nWARNING: some wasm results did not verify');
console.log(`\nCPU while measuring:\n${loadLines.map((l) => `  ${l}`).join('\n')}`);
if (anyShared) console.log('  Ratios with a side measured on a shared CPU are marked "doubtful", their range widened on that side by 1 + the cores others used.');

// Our best kernel against the peers, per case: natively (Debian's Stockfish, a peer record in the
// native report) and in this browser (the browser peers above against our best SIMD128 kernel).
const peerRows = [];
const perSecond = (r) => r?.timing?.units_per_second ?? null;
const bestOf = (records) => records.filter((r) => r.isa !== PEER_ISA && r.verified !== false && perSecond(r)).sort((a, b) => perSecond(b) - perSecond(a))[0];
const browserPeers = [...new Set(peerRuns.map((p) => p.kernel))];
const nativePeers = [...new Set(nativeRecords.filter((r) => r.isa === PEER_ISA).map((r) => r.kernel))];
for (const key of [...new Set([...peerRuns.map((p) => p.case_key), ...nativeRecords.filter((r) => r.isa === PEER_ISA).map((r) => r.case_key)])]) {
  const wasm = runs.simd128.records.filter((r) => r.case_key === key);
  const nat = nativeRecords.filter((r) => r.case_key === key);
  if (!wasm.length) continue; // a case this run did not cover
  const bestNative = bestOf(nat);
  const bestWasm = bestOf(wasm);
  const label = runs.simd128.aliases[wasm[0].case] ?? wasm[0].case;
  const cells = [label, bestNative ? `${bestNative.kernel}/${bestNative.isa}` : '–', mega(perSecond(bestNative))];
  for (const k of nativePeers) {
    const peer = nat.find((r) => r.kernel === k && r.isa === PEER_ISA);
    cells.push(mega(perSecond(peer)), times(perSecond(bestNative), perSecond(peer)));
  }
  cells.push(bestWasm ? `${bestWasm.kernel}/${bestWasm.isa}` : '–', mega(perSecond(bestWasm)));
  for (const k of browserPeers) {
    const peer = peerRuns.find((p) => p.case_key === key && p.kernel === k);
    cells.push(peer ? mega(perSecond(peer)) + (peer.agrees ? '' : ' (count differs!)') : '–', times(perSecond(bestWasm), perSecond(peer)));
  }
  peerRows.push(cells);
}
const peerHeader = ['case', 'best native', 'M/s', ...nativePeers.flatMap((k) => [`${k} (native) M/s`, `best ÷ ${k}`]), 'best wasm', 'M/s', ...browserPeers.flatMap((k) => [`${k} M/s`, `best wasm ÷ ${k}`])];
function mega(x) {
  return x == null ? '–' : (x / 1e6).toPrecision(3);
}
function times(a, b) {
  return a == null || b == null ? '–' : `${(a / b).toFixed(2)}×`;
}
const peerTitle = 'Against the peers, million nodes per second (native peers from the native report; browser peers in this page, after our kernels):';
if (peerRows.length) {
  console.log(`\n${peerTitle}`);
  const w = peerHeader.map((h, i) => Math.max(h.length, ...peerRows.map((r) => r[i].length)));
  console.log(peerHeader.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const r of peerRows) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
}

// wasm ÷ JS: each JavaScript kernel against the same kernel id in SIMD128 (where it has one) and
// against the case's fastest SIMD128 kernel, with the native counterpart.
const jsHeader = ['puzzle', 'case', 'JS kernel', 'JS', 'same kernel SIMD128', 'wasm ÷ JS', 'native (same kernel)', 'native ÷ JS', 'best SIMD128', 'best wasm ÷ JS'];
const jsTable = jsPairs.map(({ js, same, nat, best }, i) => {
  return [js.puzzle, runs.simd128.aliases[js.case] ?? js.case, `${js.kernel}${js.verified === true ? '' : js.verified === false ? ' (WRONG)' : ' (unchecked)'}`, fmt(js.timing?.median_ns),
    fmt(same?.timing.median_ns), jsTexts[3 * i], fmt(nat?.timing.median_ns), jsTexts[3 * i + 1], best ? `${fmt(best.timing.median_ns)} (${best.kernel}/${best.isa})` : '–', jsTexts[3 * i + 2]];
});
if (jsTable.length) {
  console.log('\nwasm ÷ JS (speed of wasm relative to the page\'s plain-JavaScript kernels, same case):');
  const w = jsHeader.map((h, i) => Math.max(h.length, ...jsTable.map((r) => r[i].length)));
  console.log(jsHeader.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const r of jsTable) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
}

const env = native.report.environment;
const browserEnv = runs.simd128.environment;
// "Firefox 153.0 (SpiderMonkey 153.0)", from the engine the page's worker names (share/js-engine.ts).
function describe(environment) {
  return environment.engine ? `${environment.engine.browser} (${environment.engine.name} ${environment.engine.version})` : environment.user_agent;
}
const engineHeader = ['puzzle', 'case', 'kernel', 'wasm ISA', 'native ISA', 'native', 'V8', 'V8 ÷ native', 'SpiderMonkey', 'SpiderMonkey ÷ native', 'SpiderMonkey ÷ V8', 'CPU (others\' cores)'];
const engineTable = engineRows.map((r) => [r.puzzle, r.case, r.kernel, r.isa, r.nativeIsa, fmt(r.native), fmt(r.v8), r.v8Ratio, fmt(r.spidermonkey), r.spidermonkeyRatio, r.smOverV8, r.cpu]);
const engineTitle = 'SpiderMonkey against V8 against native, wasm SIMD128 build (speed ratios with their ranges, read as above: > 1 means the first is faster):';
const summaryHeader = ['puzzle', 'build', 'kernels', 'SpiderMonkey ÷ V8 (geometric mean of the medians\' ratios)', 'range over the kernels'];
// Medians' ratios without ranges: doubtful, in words, where any side had a shared CPU.
const summaryTable = engineSummary.map((e) => [e.puzzle, e.build, String(e.kernels), `${ratio(e.geomean)}${anyShared ? ', doubtful' : ''}`, `${ratio(e.min)}–${ratio(e.max)}`]);
if (engineRows.length) {
  console.log(`\n${engineTitle}`);
  const w = engineHeader.map((h, i) => Math.max(h.length, ...engineTable.map((t) => t[i].length)));
  console.log(engineHeader.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const t of engineTable) console.log(t.map((c, i) => (i >= 5 ? c.padStart(w[i]) : c.padEnd(w[i]))).join('  '));
  console.log('');
  for (const t of summaryTable) console.log(`  ${t[0]} ${t[1]}: SpiderMonkey ÷ V8 ${t[3]} over ${t[2]} kernels (${t[4]})`);
  if (engineRows.some((r) => !r.verified)) console.log('\nWARNING: some SpiderMonkey results did not verify');
}
const relaxedHeader = ['engine', 'puzzle', 'case', 'kernel', 'ISA', 'native ISA', 'native', 'SIMD128', 'relaxed', 'relaxed ÷ SIMD128', 'relaxed ÷ native', 'SIMD128 ÷ native', 'CPU (others\' cores)'];
const relaxedTable = relaxedRows.map((r) => [r.engine, r.puzzle, r.case, `${r.kernel}${r.verified ? '' : ' (WRONG)'}`, r.isa, r.nativeIsa, fmt(r.native), fmt(r.simd128), fmt(r.relaxed), r.relaxedOverSimd, r.relaxedOverNative, r.simdOverNative, r.cpu]);
const relaxedTitle = 'Relaxed SIMD: each kernel of the relaxed build against itself in SIMD128 and against native (speed ratios with their ranges; scalar kernels are the same code in both builds, a check of the noise):';
if (relaxedTable.length) {
  console.log(`\n${relaxedTitle}`);
  const w = relaxedHeader.map((h, i) => Math.max(h.length, ...relaxedTable.map((t) => t[i].length)));
  console.log(relaxedHeader.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const t of relaxedTable) console.log(t.map((c, i) => c.padEnd(w[i])).join('  '));
  if (relaxedRows.some((r) => !r.verified)) console.log('\nWARNING: some relaxed results did not verify');
}
const md = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${env.cpu} (${env.arch}); native ${env.compiler}, ${env.flags}; ` +
    `wasm in ${engineIds.map((id) => describe(engines[id].runs.simd128.environment)).join(' and ')}, cross-origin isolated: ${engineIds.map((id) => engines[id].runs.simd128.environment.cross_origin_isolated).join(' / ')}.` +
    `${native.sameMachine ? ' Same machine, one run.' : ' WARNING: native numbers are not from this machine.'}`,
  '',
  'Ratios as the page shows them (web/src/app/ratio.ts): the ratio of the two sides\' rounds (geometric means), then its 95 % range from the spread between rounds, ' +
    'widened by how much two sessions differ (the native report and the browser\'s run are two sessions; docs/architecture.md, "Measurement method"); ' +
    '"≈ 1×" where that range holds 1 (either side may be faster); ", doubtful" where a side says why in words: measured while other programs kept the CPU busy ' +
    '(less than 1.5 cores left to it: scripts/lib/cpu-load.mjs; its range then widened on that side by 1 + the cores the others used, at most 3×), rounds that disagree ' +
    '(the slowest over 1.3× the fastest), drift between the earlier and later rounds, a warm-up that never settled.',
  '',
  `CPU while measuring${anyShared ? ' (SHARED: the ratios marked doubtful may be off by more than their spread shows)' : ''}:`,
  '',
  ...loadLines.map((l) => `- ${l}`),
  '',
  `| ${header.join(' | ')} |`,
  `| ${header.map((_, i) => (i >= 5 && i < 10 ? '---:' : '---')).join(' | ')} |`,
  ...table.map((t) => `| ${t.join(' | ')} |`),
  ...(engineRows.length
    ? ['', engineTitle, '', `| ${engineHeader.join(' | ')} |`, `| ${engineHeader.map((_, i) => (i >= 5 && i < 11 ? '---:' : '---')).join(' | ')} |`, ...engineTable.map((t) => `| ${t.join(' | ')} |`),
       '', `| ${summaryHeader.join(' | ')} |`, '| --- | --- | ---: | ---: | ---: |', ...summaryTable.map((t) => `| ${t.join(' | ')} |`)]
    : []),
  ...(relaxedTable.length
    ? ['', relaxedTitle, '', `| ${relaxedHeader.join(' | ')} |`, `| ${relaxedHeader.map((_, i) => (i >= 6 && i < 12 ? '---:' : '---')).join(' | ')} |`, ...relaxedTable.map((t) => `| ${t.join(' | ')} |`)]
    : []),
  ...(jsTable.length
    ? ['', 'wasm ÷ JS: the page\'s plain-JavaScript kernels (build js) against SIMD128 and native, same case:', '',
       `| ${jsHeader.join(' | ')} |`, `| ${jsHeader.map((_, i) => (i < 3 ? '---' : '---:')).join(' | ')} |`, ...jsTable.map((r) => `| ${r.join(' | ')} |`)]
    : []),
  ...(peerRows.length
    ? ['', peerTitle, '',
       `| ${peerHeader.join(' | ')} |`, `| ${peerHeader.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...peerRows.map((r) => `| ${r.join(' | ')} |`)]
    : []),
].join('\n');
writeFileSync(join(repoRoot, 'build', 'compare-report.md'), `${md}\n`);
writeFileSync(join(repoRoot, 'build', 'compare-report.json'), JSON.stringify({ date: new Date().toISOString(), sameMachine: native.sameMachine, cpuLoad: { native: native.cpu_load ?? null, browsers: browserLoad }, native: env, browser: browserEnv, browsers: Object.fromEntries(engineIds.map((id) => [id, engines[id].runs.simd128.environment])), rows, engines: engineRows, engineSummary, relaxed: relaxedRows, peers: peerRuns, js: jsRecords }, null, 2));
console.log(`\nwrote build/compare-report.md and build/compare-report.json`);
