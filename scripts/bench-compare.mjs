// Runs the default benchmark cases in both wasm builds in headless Chromium (the page's workers
// and harness), pairs every record with its native counterpart from build/native-bench.json (the
// page's rule: same kernel, same vector width), and prints wasm ÷ native speed ratios.
// Writes build/compare-report.json and build/compare-report.md.
//
// Usage: node scripts/bench-compare.mjs [PUZZLE...] [--quick]   (--quick: 5 samples of 5 ms)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { nativeBenchPath, nativeBenchResponse, repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const puzzles = args.filter((a) => !a.startsWith('--'));
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

const request = { action: 'bench', ...(puzzles.length ? { puzzles } : {}), ...(quick ? { harness: { min_samples: 5, min_sample_ms: 5 } } : {}) };
const runs = {};
for (const build of ['simd128', 'baseline']) {
  console.log(`\nwasm ${build}:`);
  const result = await page.evaluate(([b, r]) => window.simdPuzzles.bench(b, r), [build, request]);
  if (!result.response.ok) {
    console.error(`bench-compare: ${build}: ${result.response.error}`);
    process.exit(1);
  }
  runs[build] = { environment: result.environment, records: result.response.report.records };
}
const nativeRecords = native.report.records;
const compared = {};
for (const build of Object.keys(runs)) compared[build] = await page.evaluate(([w, n]) => window.simdPuzzles.compare(w, n), [runs[build].records, nativeRecords]);
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
    case: c.record.case,
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
].join('\n');
writeFileSync(join(repoRoot, 'build', 'compare-report.md'), `${md}\n`);
writeFileSync(join(repoRoot, 'build', 'compare-report.json'), JSON.stringify({ date: new Date().toISOString(), sameMachine: native.sameMachine, native: env, browser: browserEnv, rows }, null, 2));
console.log(`\nwrote build/compare-report.md and build/compare-report.json`);
