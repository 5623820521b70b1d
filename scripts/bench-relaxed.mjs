// What relaxed SIMD buys, kernel by kernel: the relaxed build against SIMD128 in Chromium (V8) and
// Firefox ESR (SpiderMonkey), the two builds taking turns case by case and round by round (the
// order alternating), so that a busy machine's slow phases hit both; bench:compare runs each build
// whole, one after the other, and on a shared machine its relaxed ÷ SIMD128 ranges span 0.3-5x.
// Each round is one bench call of one case in one build (the page's harness, the quick profile:
// 5 samples of 5 ms); a kernel's ratio is the geometric mean over rounds of SIMD128's median ÷
// relaxed's (relaxed speed ÷ SIMD128 speed), with the rounds' range. Scalar kernels (and SIMD
// kernels without a swizzle or a select) are the same code in both builds: the noise they show is
// the noise of the method. Against native: the same kernel's median in build/native-bench.json (same
// width, SSE4.1; measured before, not interleaved). Writes build/relaxed-report.{md,json}.
//
// Usage: node scripts/bench-relaxed.mjs [--rounds N (6)] [--engines v8,spidermonkey]
// (npm run bench:compare first, or at least scripts/native-bench.mjs and the page build.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';
import { BENCH_ENGINES } from './lib/bench-browsers.mjs';
import { nativeBenchPath, repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const ROUNDS = Number(opt('--rounds', 6)); // even: each order equally often
const engineIds = opt('--engines', 'v8,spidermonkey').split(',');

// Each: a puzzle, a bench case (name or alias), the kernels to time (ids; every ISA of each).
const TARGETS = [
  { puzzle: 'cube', case: 'moves= op=compose-throughput seed=1 with=', kernels: ['simd128', 'scalar'] },
  { puzzle: 'cube', case: 'moves= op=compose-latency seed=1 with=', kernels: ['simd128', 'scalar'] },
  { puzzle: 'cube', case: 'moves= op=invert-throughput seed=1 with=', kernels: ['simd128', 'scalar'] },
  { puzzle: 'cube', case: 'moves= op=invert-latency seed=1 with=', kernels: ['simd128', 'scalar'] },
  { puzzle: 'chess', case: 'kiwipete d4', kernels: ['hq-simd', 'hq'] },
  { puzzle: 'chess', case: 'rook throughput', kernels: ['hq-simd', 'hq'] },
  { puzzle: 'popcount', case: 'k=32 mode=array offset=0 order=sorted seed=1 size=16384', kernels: ['nibble-lookup', 'byte-popcnt', 'harley-seal'] },
  { puzzle: 'nqueens', case: 'n=12', kernels: ['simd-state', 'simd-lanes', 'simd-compact', 'simd-symmetry'] },
  { puzzle: 'cephalopod', case: 'board=000000000 depth=20', kernels: ['simd-dfs', 'lanes', 'layered'] },
];
const HARNESS = { min_samples: 5, min_sample_ms: 5 };


const native = JSON.parse(readFileSync(nativeBenchPath, 'utf8'));
const nativeRecords = native.records ?? native.report?.records ?? [];
const server = await preview({ configFile: join(repoRoot, 'web', 'vite.config.ts'), preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = `http://127.0.0.1:${server.httpServer.address().port}/bench.html`;
const engines = {};
for (const id of engineIds) {
  const e = await BENCH_ENGINES[id].launch();
  await e.page.goto(url);
  await e.page.waitForFunction(() => document.body.dataset.ready === 'true');
  if (!(await e.page.evaluate(() => window.simdPuzzles.relaxedSimd()))) {
    console.error(`bench-relaxed: ${BENCH_ENGINES[id].name} does not validate Relaxed SIMD`);
    process.exit(1);
  }
  engines[id] = e;
}

// samples[engine][puzzle|case|kernel|isa][build] = medians, one a round.
const samples = {};
let environment = {};
for (let round = 1; round <= ROUNDS; ++round) {
  for (const [index, t] of TARGETS.entries()) {
    // Each target's engine order and build order flip from one round to the next.
    const flip = (index + round) % 2 === 1;
    for (const id of flip ? [...engineIds].reverse() : engineIds) {
      for (const build of flip ? ['relaxed', 'simd128'] : ['simd128', 'relaxed']) {
        const request = { action: 'bench', puzzles: [t.puzzle], cases: [t.case], kernels: t.kernels, harness: HARNESS };
        const result = await engines[id].page.evaluate(([b, r]) => window.simdPuzzles.bench(b, r), [build, request]);
        if (!result.response.ok) throw new Error(`${id} ${build} ${t.puzzle} ${t.case}: ${result.response.error}`);
        environment[id] = result.environment;
        for (const r of result.response.report.records) {
          if (r.verified === false) throw new Error(`${id} ${build} ${r.kernel}/${r.isa} ${t.case}: wrong answer`);
          const key = `${t.puzzle}|${t.case}|${r.kernel}|${r.isa}`;
          ((samples[id] ??= {})[key] ??= { case_key: r.case_key, simd128: [], relaxed: [] })[build].push(r.timing.median_ns);
        }
      }
    }
  }
  console.log(`round ${round} of ${ROUNDS} done`);
}
for (const e of Object.values(engines)) await e.browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

const gm = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const x = (v) => `${v.toFixed(2)}×`;
const rows = [];
for (const [id, byKey] of Object.entries(samples)) {
  for (const [key, s] of Object.entries(byKey)) {
    const [puzzle, caseName, kernel, isa] = key.split('|');
    const n = Math.min(s.simd128.length, s.relaxed.length);
    const perRound = Array.from({ length: n }, (_, i) => s.simd128[i] / s.relaxed[i]);
    const nat = isa === 'scalar' ? null : nativeRecords.find((r) => r.puzzle === puzzle && r.case_key === s.case_key && r.kernel === kernel && r.isa === 'sse4.1' && r.timing);
    const relaxedNs = gm(s.relaxed), simdNs = gm(s.simd128);
    rows.push({
      engine: BENCH_ENGINES[id].name, puzzle, case: caseName, kernel, isa,
      relaxedOverSimd: gm(perRound), lo: Math.min(...perRound), hi: Math.max(...perRound), rounds: n,
      simd128_ns: simdNs, relaxed_ns: relaxedNs, native_ns: nat?.timing.median_ns ?? null,
      relaxedOverNative: nat ? nat.timing.median_ns / relaxedNs : null, simdOverNative: nat ? nat.timing.median_ns / simdNs : null,
    });
  }
}
const header = '| engine | puzzle | case | kernel | relaxed ÷ SIMD128 (rounds\' range) | relaxed ÷ native SSE4.1 | SIMD128 ÷ native SSE4.1 |';
const lines = rows.map((r) => `| ${r.engine} | ${r.puzzle} | ${r.case} | ${r.kernel}/${r.isa} | ${x(r.relaxedOverSimd)} (${x(r.lo)}–${x(r.hi)}) | ${r.relaxedOverNative ? x(r.relaxedOverNative) : '–'} | ${r.simdOverNative ? x(r.simdOverNative) : '–'} |`);
const describe = (env) => (env.engine ? `${env.engine.browser} (${env.engine.name} ${env.engine.version})` : env.user_agent);
const md = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${native.environment?.cpu ?? 'this machine'}; ${Object.values(environment).map(describe).join(' and ')}; ${ROUNDS} rounds, the builds alternating; native from build/native-bench.json (${native.environment?.date ?? ''}).`,
  '',
  header,
  '|---|---|---|---|---:|---:|---:|',
  ...lines,
].join('\n');
writeFileSync(join(repoRoot, 'build', 'relaxed-report.md'), `${md}\n`);
writeFileSync(join(repoRoot, 'build', 'relaxed-report.json'), JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, environment, native: native.environment ?? null, rows, samples }, null, 2));
console.log(md);
