// A/A across sessions: the same kernels on the same cases, measured in several separate sessions
// (a fresh browser and page each time; natively, a fresh `simd-puzzles bench` process), to
// measure how much two sessions of identical code differ beyond what their own rounds show. That
// is SESSION_SIGMA (web/src/share/rounds.ts), which widens every ratio whose two sides come from
// different sessions (History, links, a served native report against a page Run).
//
// For each unit (engine, case, kernel): session s gives rounds r_s1..r_sk, its log mean m_s and
// that mean's squared standard error se²_s = var(ln r_s·)/k. Then (research/measurement.md, 8.3)
//   σ² = var over sessions of m_s − mean over sessions of se²_s     (floored at 0)
// the spread of session means that the rounds inside a session do not account for. The units'
// σ² are pooled by their mean, per engine and over all engines.
//
// Sessions take turns: session 1 in every engine, then session 2, ..., so a slow phase of the
// machine lands on one session of each engine rather than on all sessions of one.
//
// Usage: node scripts/aa-sessions.mjs [--sessions N (6)] [--engines v8,spidermonkey,native]
// (after the page and the native CLI are built: npm run bench:compare builds both). Writes
// build/aa-sessions.{md,json}.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { BENCH_ENGINES } from './lib/bench-browsers.mjs';
import { repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const SESSIONS = Number(opt('--sessions', 6));
const engineIds = opt('--engines', 'v8,spidermonkey,native').split(',');
if (!(SESSIONS >= 3)) throw new Error('--sessions: at least 3 (a variance of session means needs them)');
for (const id of engineIds) if (id !== 'native' && !(id in BENCH_ENGINES)) {
  console.error(`aa-sessions: unknown engine '${id}' (known: ${[...Object.keys(BENCH_ENGINES), 'native'].join(', ')})`);
  process.exit(2);
}

// One SIMD kernel and one scalar kernel per puzzle where both exist: short cases (each a second or
// two a session), the kinds of kernels whose ratios the page shows.
const TARGETS = [
  { puzzle: 'nqueens', case: 'n=12', kernels: ['simd-lanes', 'bitmask-stack'] },
  { puzzle: 'cube', case: 'moves= op=compose-throughput seed=1 with=', kernels: ['simd128', 'scalar'] },
  { puzzle: 'popcount', case: 'k=32 mode=array offset=0 order=sorted seed=1 size=16384', kernels: ['nibble-lookup', 'harley-seal'] },
  { puzzle: 'chess', case: 'rook throughput', kernels: ['hq-simd', 'hq'] },
];
// Natively the same kernels in the SSE4.1 pass (the same width as SIMD128) and the scalar ones.
const NATIVE_ISAS = new Set(['sse4.1', 'scalar', 'popcnt']);
const cli = join(repoRoot, 'build', 'native', 'simd-puzzles');


const server = engineIds.some((e) => e in BENCH_ENGINES)
  ? await preview({ configFile: join(repoRoot, 'web', 'vite.config.ts'), preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' })
  : null;
const url = server && `http://127.0.0.1:${server.httpServer.address().port}/bench.html`;
if (engineIds.includes('native') && !existsSync(cli)) throw new Error(`no native CLI at ${cli}: build it first (npm run bench:compare does)`);

/** One browser session: a fresh browser, the page loaded, every target once (SIMD128 build). */
async function browserSession(id) {
  const { browser, page } = await BENCH_ENGINES[id].launch();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const records = [];
    let environment = null;
    for (const t of TARGETS) {
      const request = { action: 'bench', puzzles: [t.puzzle], cases: [t.case], kernels: t.kernels };
      const result = await page.evaluate(([r]) => window.simdPuzzles.bench('simd128', r), [request]);
      if (!result.response.ok) throw new Error(`${id} ${t.puzzle} ${t.case}: ${result.response.error}`);
      environment = result.environment;
      records.push(...result.response.report.records.map((r) => ({ ...r, target: t.case })));
    }
    return { records, environment };
  } finally {
    await browser.close();
  }
}

/** One native session: a fresh CLI process per target, the engine's default harness. */
function nativeSession() {
  const records = [];
  let environment = null;
  for (const t of TARGETS) {
    const r = spawnSync(cli, ['bench', t.puzzle, '--case', t.case, ...t.kernels.flatMap((k) => ['--kernel', k]), '--json', '-', '--quiet'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`native ${t.puzzle} ${t.case}: ${r.stderr.trim() || `exit ${r.status}`}`);
    const report = JSON.parse(r.stdout);
    environment = report.environment;
    records.push(...report.records.filter((x) => NATIVE_ISAS.has(x.isa)).map((x) => ({ ...x, target: t.case })));
  }
  return { records, environment };
}

/** The log mean of rounds and its squared standard error, or null below 2 rounds. */
function logMean(rounds) {
  const logs = (rounds ?? []).filter((x) => x > 0).map(Math.log);
  if (logs.length < 2) return null;
  const k = logs.length;
  const m = logs.reduce((a, x) => a + x, 0) / k;
  const variance = logs.reduce((a, x) => a + (x - m) ** 2, 0) / (k - 1);
  return { m, se2: variance / k, k };
}

// units[engine][case|kernel|isa] = [{ m, se2, k, relative: { m, se2 } | null }] one per session.
const units = {};
const environments = {};
const loads = [];
for (let s = 1; s <= SESSIONS; ++s) {
  for (const id of s % 2 ? engineIds : [...engineIds].reverse()) {
    const { records, environment } = id === 'native' ? nativeSession() : await browserSession(id);
    environments[id] = environment;
    for (const r of records) {
      if (r.verified === false) throw new Error(`${id} ${r.kernel}/${r.isa} ${r.target}: wrong answer`);
      const kernel = logMean(r.timing?.round_ns);
      if (!kernel) continue;
      // The same over the session's reference loop (cpp/core/harness.h, point 5): the kernel's
      // log mean minus the reference's is its time in "reference loops", the machine's speed
      // divided out; its spread between sessions says how much of σ the machine's speed explains.
      const reference = logMean(r.timing?.reference_ns);
      const relative = reference ? { m: kernel.m - reference.m, se2: kernel.se2 + reference.se2 } : null;
      ((units[id] ??= {})[`${r.target}|${r.kernel}|${r.isa}`] ??= []).push({ ...kernel, relative });
    }
  }
  loads.push(loadavg()[0]);
  console.log(`session ${s} of ${SESSIONS} done (load average ${loadavg()[0].toFixed(2)})`);
}
if (server) await new Promise((resolve) => server.httpServer.close(resolve));

const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
/** The variance of session log means, and the mean of their squared standard errors. */
function spread(sessions) {
  const ms = sessions.map((x) => x.m);
  return { between: ms.reduce((a, x) => a + (x - mean(ms)) ** 2, 0) / (ms.length - 1), within: mean(sessions.map((x) => x.se2)) };
}
const rows = [];
for (const [id, byUnit] of Object.entries(units)) {
  for (const [key, sessions] of Object.entries(byUnit)) {
    if (sessions.length < 3) continue;
    const { between, within } = spread(sessions);
    const ms = sessions.map((x) => x.m);
    // σ² of the time in reference loops, where every session timed the reference.
    const relative = sessions.every((x) => x.relative) ? spread(sessions.map((x) => x.relative)) : null;
    const [target, kernel, isa] = key.split('|');
    rows.push({
      engine: id, case: target, kernel, isa, sessions: sessions.length, between, within, sigma2: Math.max(0, between - within), spread: Math.exp(Math.max(...ms) - Math.min(...ms)),
      relativeSigma2: relative ? Math.max(0, relative.between - relative.within) : null,
    });
  }
}
const pooled = (list, field = 'sigma2') => (list.length ? Math.sqrt(mean(list.map((r) => r[field]))) : NaN);
const perEngine = Object.fromEntries(engineIds.map((id) => [id, pooled(rows.filter((r) => r.engine === id))]));
const overall = pooled(rows);
const withReference = rows.filter((r) => r.relativeSigma2 !== null);
const relativePerEngine = Object.fromEntries(engineIds.map((id) => [id, pooled(withReference.filter((r) => r.engine === id), 'relativeSigma2')]));
const relativeOverall = pooled(withReference, 'relativeSigma2');
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const describe = (id, env) => (id === 'native' ? `native (${env?.compiler ?? ''})` : env?.engine ? `${env.engine.browser} (${env.engine.name} ${env.engine.version})` : id);
const md = [
  `A/A across sessions, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus()[0]?.model ?? 'this machine'} (${cpus().length} cores); ${SESSIONS} sessions each of ${engineIds.map((id) => describe(id, environments[id])).join(', ')}; load average after each session: ${loads.map((x) => x.toFixed(2)).join(', ')}.`,
  '',
  `σ (log units; SESSION_SIGMA in web/src/share/rounds.ts is 0.10): ${Object.entries(perEngine).map(([id, v]) => `${id} ${v.toFixed(3)}`).join(', ')}; all ${overall.toFixed(3)}.`,
  '',
  `σ of the time in reference loops (each session's time over its reference loop's, cpp/core/harness.h point 5; the machine's own speed divided out): ${Object.entries(relativePerEngine).map(([id, v]) => `${id} ${Number.isNaN(v) ? '–' : v.toFixed(3)}`).join(', ')}; all ${Number.isNaN(relativeOverall) ? '–' : relativeOverall.toFixed(3)}.`,
  '',
  '| engine | case | kernel | sd of session means | rounds\' SE (mean) | σ beyond the rounds | σ in reference loops | max ÷ min session |',
  '|---|---|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.engine} | ${r.case} | ${r.kernel}/${r.isa} | ${pct(Math.sqrt(r.between))} | ${pct(Math.sqrt(r.within))} | ${pct(Math.sqrt(r.sigma2))} | ${r.relativeSigma2 === null ? '–' : pct(Math.sqrt(r.relativeSigma2))} | ${r.spread.toFixed(2)}× |`),
].join('\n');
writeFileSync(join(repoRoot, 'build', 'aa-sessions.md'), `${md}\n`);
writeFileSync(join(repoRoot, 'build', 'aa-sessions.json'), JSON.stringify({ date: new Date().toISOString(), sessions: SESSIONS, environments, loads, perEngine, overall, relativePerEngine, relativeOverall, rows, units }, null, 2));
console.log(md);
