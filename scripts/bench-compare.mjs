// Runs the default benchmark cases in both wasm builds in headless Chromium (the page's workers
// and harness), pairs every record with its native counterpart from build/native-bench.json (the
// page's rule: same kernel, same vector width), and prints wasm ÷ native speed ratios. Then the
// page's plain-JavaScript kernels (build js, web/src/js-kernels/) on the cases whose fastest
// SIMD128 scalar kernel took under JS_CASE_BUDGET_MS a call (JavaScript is up to several times
// slower, and the heavy cases would take many minutes), with wasm ÷ JS for the same kernel.
// Writes build/compare-report.json and build/compare-report.md.
//
// Usage: node scripts/bench-compare.mjs [PUZZLE...] [--quick] [--case NAME]...
//   --quick: 5 samples of 5 ms; --case: only the bench cases of that name or alias (repeatable)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { nativeBenchPath, nativeBenchResponse, repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const caseNames = args.flatMap((a, i) => (args[i - 1] === '--case' ? [a] : []));
const puzzles = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--case');
const JS_CASE_BUDGET_MS = 50;
const native = nativeBenchResponse();
if (!native.available) {
  console.error(`bench-compare: ${nativeBenchPath} is missing; run scripts/native-bench.mjs first`);
  process.exit(1);
}

const server = await preview({ configFile: join(repoRoot, 'web', 'vite.config.ts'), preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = `http://127.0.0.1:${server.httpServer.address().port}/bench.html`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
});
const page = await browser.newPage();
page.on('console', (m) => {
  const text = m.text();
  if (!text.startsWith('progress ')) return;
  const e = JSON.parse(text.slice(9));
  if (e.phase === 'sample' && e.sample === e.samples)
    console.log(`  [case ${e.case_index}/${e.case_count} ${e.puzzle} ${e.case}] ${e.kernel}/${e.isa} done (${e.elapsed_s.toFixed(1)} s)`);
});
await page.goto(url);
await page.waitForFunction(() => document.body.dataset.ready === 'true');

const request = { action: 'bench', ...(puzzles.length ? { puzzles } : {}), ...(caseNames.length ? { cases: caseNames } : {}), ...(quick ? { harness: { min_samples: 5, min_sample_ms: 5 } } : {}) };
const runs = {};
for (const build of ['simd128', 'baseline']) {
  console.log(`\nwasm ${build}:`);
  const result = await page.evaluate(([b, r]) => window.simdPuzzles.bench(b, r), [build, request]);
  if (!result.response.ok) {
    console.error(`bench-compare: ${build}: ${result.response.error}`);
    process.exit(1);
  }
  runs[build] = { environment: result.environment, aliases: result.aliases, records: result.response.report.records };
}
// Plain JavaScript on the cases light enough for it.
const fastestScalar = new Map();
for (const r of runs.simd128.records)
  if (r.isa === 'scalar' && r.timing) fastestScalar.set(r.case, Math.min(fastestScalar.get(r.case) ?? Infinity, r.timing.median_ns));
const jsCases = [...fastestScalar].filter(([, ns]) => ns < JS_CASE_BUDGET_MS * 1e6).map(([name]) => name);
let jsRecords = [];
if (jsCases.length) {
  console.log(`\nplain JavaScript (${jsCases.length} of ${fastestScalar.size} cases: those a scalar kernel does in under ${JS_CASE_BUDGET_MS} ms a call in wasm):`);
  const result = await page.evaluate(([b, r]) => window.simdPuzzles.bench(b, r), ['js', { ...request, cases: jsCases }]);
  if (!result.response.ok) {
    console.error(`bench-compare: js: ${result.response.error}`);
    process.exit(1);
  }
  jsRecords = result.response.report.records;
}
const nativeRecords = native.report.records;
const compared = {};
for (const build of Object.keys(runs)) compared[build] = await page.evaluate(([w, n]) => window.simdPuzzles.compare(w, n), [runs[build].records, nativeRecords]);

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
await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

// One row per (puzzle, case, kernel id): native counterpart, simd128 and baseline medians. Cases
// pair on case_key (the engine's identity; the label may be shortened).
const fmt = (ns) => (ns == null ? '–' : ns < 1e3 ? `${ns.toFixed(0)} ns` : ns < 1e6 ? `${(ns / 1e3).toPrecision(3)} µs` : ns < 1e9 ? `${(ns / 1e6).toPrecision(3)} ms` : `${(ns / 1e9).toPrecision(3)} s`);
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
    simd128Ratio: c.ratio,
    baseline: base?.record.timing?.median_ns ?? null,
    baselineRatio: base?.ratio ?? null,
    verified: c.record.verified !== false && (base ? base.record.verified !== false : true),
  });
}
const header = ['puzzle', 'case', 'kernel', 'wasm ISA', 'native ISA', 'native', 'wasm SIMD128', 'SIMD128 ÷ native', 'wasm baseline', 'baseline ÷ native'];
const table = rows.map((r) => [r.puzzle, r.case, r.kernel, r.wasmIsa, r.nativeIsa, fmt(r.native), fmt(r.simd128), ratio(r.simd128Ratio), fmt(r.baseline), ratio(r.baselineRatio)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
console.log(`\n${header.map((h, i) => h.padEnd(widths[i])).join('  ')}`);
for (const t of table) console.log(t.map((c, i) => (i >= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
if (rows.some((r) => !r.verified)) console.log('\nWARNING: some wasm results did not verify');

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
const jsTable = jsRecords.map((js) => {
  const inCase = runs.simd128.records.filter((r) => r.case_key === js.case_key && r.timing && r.verified !== false);
  const same = inCase.find((r) => r.kernel === js.kernel && r.isa === js.isa);
  const best = [...inCase].sort((a, b) => a.timing.median_ns - b.timing.median_ns)[0];
  const nat = nativeRecords.find((r) => r.case_key === js.case_key && r.kernel === js.kernel && r.isa === js.isa && r.timing);
  const over = (r) => (r ? ratio(js.timing.median_ns / r.timing.median_ns) : '–');
  return [js.puzzle, runs.simd128.aliases[js.case] ?? js.case, `${js.kernel}${js.verified === true ? '' : js.verified === false ? ' (WRONG)' : ' (unchecked)'}`, fmt(js.timing?.median_ns),
    fmt(same?.timing.median_ns), over(same), fmt(nat?.timing.median_ns), over(nat), best ? `${fmt(best.timing.median_ns)} (${best.kernel}/${best.isa})` : '–', over(best)];
});
if (jsTable.length) {
  console.log('\nwasm ÷ JS (speed of wasm relative to the page\'s plain-JavaScript kernels, same case):');
  const w = jsHeader.map((h, i) => Math.max(h.length, ...jsTable.map((r) => r[i].length)));
  console.log(jsHeader.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const r of jsTable) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
}

const env = native.report.environment;
const browserEnv = runs.simd128.environment;
const md = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${env.cpu} (${env.arch}); native ${env.compiler}, ${env.flags}; ` +
    `wasm in ${browserEnv.user_agent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, cross-origin isolated: ${browserEnv.cross_origin_isolated}.` +
    `${native.sameMachine ? ' Same machine, one run.' : ' WARNING: native numbers are not from this machine.'}`,
  '',
  `| ${header.join(' | ')} |`,
  `| ${header.map((_, i) => (i >= 5 ? '---:' : '---')).join(' | ')} |`,
  ...table.map((t) => `| ${t.join(' | ')} |`),
  ...(peerRows.length
    ? ['', peerTitle, '',
       `| ${peerHeader.join(' | ')} |`, `| ${peerHeader.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...peerRows.map((r) => `| ${r.join(' | ')} |`)]
    : []),
  ...(jsTable.length
    ? ['', 'wasm ÷ JS: the page\'s plain-JavaScript kernels (build js) against SIMD128 and native, same case:', '',
       `| ${jsHeader.join(' | ')} |`, `| ${jsHeader.map((_, i) => (i < 3 ? '---' : '---:')).join(' | ')} |`, ...jsTable.map((r) => `| ${r.join(' | ')} |`)]
    : []),
].join('\n');
writeFileSync(join(repoRoot, 'build', 'compare-report.md'), `${md}\n`);
writeFileSync(join(repoRoot, 'build', 'compare-report.json'), JSON.stringify({ date: new Date().toISOString(), sameMachine: native.sameMachine, native: env, browser: browserEnv, rows, peers: peerRuns, js: jsRecords }, null, 2));
console.log(`\nwrote build/compare-report.md and build/compare-report.json`);
