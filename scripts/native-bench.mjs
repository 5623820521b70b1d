// The native side of the page's comparisons: `simd-puzzles bench`, puzzle by puzzle, into
// build/native-bench.json, unless that file is already up to date with this exact binary.
//
//   node scripts/native-bench.mjs [--profile quick|full] [--force] [--build] [--puzzle ID]... [--case LABEL]...
//
// --puzzle, --case (repeatable; bench:compare passes them on): measure only these puzzles, or these
//        bench cases (a name or an alias), keeping the other cases' numbers of the same binary in
//        the report (a check in minutes, not an hour).
//
// --remeasure (what `npm start` passes): afterwards, measure the cases measured on a shared CPU
//        again, one at a time, each once the CPU is quiet (lib/remeasure.mjs).
// --build (what `npm start` passes): build the native CLI and the playground's native link kit
//        first, here in the background, since the page needs only the wasm builds to be served;
//        the compiler's output goes to build/native-build.log, and the page says the CLI is being
//        built.
//
// quick: 3 rounds (each one timed batch of >= 2 ms, after a discarded one for calls under 1 ms) per
//        kernel and case, in passes
//        over each puzzle's cases: what `npm start` runs in the background once the page is
//        served. full: 6 rounds of batches >= 10 ms, `npm run bench:native`. A full report also
//        satisfies a quick request. A case whose rounds disagree (max/min > 1.3) is measured again
//        at the end, once the CPU is quiet, like a case measured on a shared CPU.
//
// While it runs, build/native-bench.status.json says how far it got (the page shows it): a fraction
// of the expected time (lib/bench-progress.mjs: cases weighed by this machine's last run, else a
// reference run's), the case and kernel now, and the last cases measured. The quickest puzzles go
// first, and the report is rewritten after each puzzle (atomically), so the page picks up each
// puzzle's numbers as they land. Progress also goes to the terminal: one rewritten line on a TTY,
// a line per case otherwise.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BenchProgress, caseKey, expectedSeconds, quickestFirst } from './lib/bench-progress.mjs';
import { ProgramRun } from './lib/cli-process.mjs';
import { cpuWasShared } from './lib/cpu-load.mjs';
import { REMEASURE_CAP_MS, sharedCases, slowMachineCases, TRIES_PER_CASE, unstableCases, waitForQuietCpu } from './lib/remeasure.mjs';
import { machineFingerprint, nativeBenchCostsPath, nativeBenchLoadPath, nativeBenchMetaPath, nativeBenchPath, nativeBenchPriorPath, nativeBenchStatusPath, repoRoot } from './lib/native-results.mjs';

// Rounds per case, interleaved: the bench takes them in passes over the puzzle's cases, each pass
// in a new order (cpp/core/engine.h, "bench").
const PROFILES = {
  quick: ['--rounds', '3', '--batch-ms', '2', '--batches', '1'],
  full: ['--rounds', '6'],
};

const args = process.argv.slice(2);
const profile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : 'full';
const force = args.includes('--force');
const build = args.includes('--build');
const remeasure = args.includes('--remeasure');
const only = args.flatMap((a, i) => (args[i - 1] === '--puzzle' ? [a] : []));
const onlyCases = args.flatMap((a, i) => (args[i - 1] === '--case' ? [a] : []));
const partial = only.length > 0 || onlyCases.length > 0;
if (!(profile in PROFILES)) {
  console.error(`native-bench: unknown profile '${profile}' (quick or full)`);
  process.exit(2);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// Written to a temporary name and renamed: a reader never sees half a file.
function writeJsonAtomically(path, value) {
  writeFileSync(`${path}.tmp`, JSON.stringify(value, null, 2));
  renameSync(`${path}.tmp`, path);
}

let totalCases = 0;
let started = new Date().toISOString();
function status(state, extra = {}) {
  writeJsonAtomically(nativeBenchStatusPath, { state, profile, started, updated: new Date().toISOString(), total_cases: totalCases, ...extra });
}

// The compiler or the CLI (lib/cli-process.mjs: a process group of its own, so that stopping it
// stops what it started too).
let child = null;
// The AArch64 listing's background job (--build), stopped with this.
let aarch64Listing = null;
// Stopped (Ctrl-C on npm start): stop the compiler or the CLI too, and say so to the page.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.stop();
    aarch64Listing?.stop();
    status('stopped');
    process.exit(130);
  });
}

const cli = join(repoRoot, 'build', 'native', 'simd-puzzles');
if (build) {
  mkdirSync(join(repoRoot, 'build'), { recursive: true });
  const logPath = join(repoRoot, 'build', 'native-build.log');
  const log = createWriteStream(logPath);
  status('running', { phase: 'build', fraction: 0 });
  console.log(`native CLI: building in the background (output in ${relative(process.cwd(), logPath)})`);
  const begun = Date.now();
  // scripts/lib.sh's build_native_cli, as npm test builds it: the CLI and the playground's native
  // link kit (an archive of the same objects), so a playground build under npm start compiles the
  // user's kernel natively too. (This built the CLI alone until 2026-11-29: npm start's
  // playground then compiled wasm only.)
  child = new ProgramRun('bash', ['-c', 'source scripts/lib.sh && build_native_cli'], { cwd: repoRoot, log });
  const { code } = await child.done;
  if (code !== 0) {
    await new Promise((resolve) => log.end(resolve));
    const tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
    console.error(`\nnative CLI: the build failed (build_native_cli in scripts/lib.sh: exit ${code}); the last lines of ${logPath}:\n${tail}`);
    status('failed', { phase: 'build', fraction: 0 });
    process.exit(1);
  }
  log.end();
  console.log(`native CLI: built in ${((Date.now() - begun) / 1000).toFixed(0)} s`);
  // Its instruction listing, for the page's Instructions panel (a few seconds; the wasm ones were
  // made with the page). A failure costs the panel its native side, not the benchmark.
  spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-listings.mjs'), 'x86-64'], { stdio: 'inherit' });
}
if (!existsSync(cli)) {
  console.error(`native-bench: ${cli} is missing; build it first (cmake --preset native && cmake --build --preset native)`);
  process.exit(1);
}
const binarySha256 = createHash('sha256').update(readFileSync(cli)).digest('hex');
const fingerprint = machineFingerprint();

const meta = readJson(nativeBenchMetaPath);
const fresh =
  meta && existsSync(nativeBenchPath) && meta.complete && meta.binarySha256 === binarySha256 && meta.fingerprint === fingerprint &&
  (meta.profile === profile || meta.profile === 'full');
// Up to date: nothing to measure, but with --remeasure the cases an earlier run measured on a
// shared CPU still get their second measurement.
const upToDate = Boolean(fresh && !force);
if (upToDate) {
  console.log(`native-bench: up to date with this binary (${meta.profile} profile, measured ${meta.date}); skipping`);
  if (!remeasure) {
    writeJsonAtomically(nativeBenchStatusPath, { state: 'done', profile: meta.profile, fraction: 1, updated: new Date().toISOString() });
    await finish(0);
  }
}

const catalog = JSON.parse(spawnSync(cli, ['list', '--json'], { encoding: 'utf8' }).stdout);
const unknown = only.find((id) => !catalog.puzzles.some((p) => p.id === id));
if (unknown) {
  console.error(`native-bench: no puzzle '${unknown}' (known: ${catalog.puzzles.map((p) => p.id).join(', ')})`);
  process.exit(2);
}
const labelsOf = (c) => [c.name, ...(c.alias ? [c.alias] : [])];
const unknownCase = onlyCases.find((label) => !catalog.puzzles.some((p) => p.bench_cases.some((c) => labelsOf(c).includes(label))));
if (unknownCase) {
  console.error(`native-bench: no bench case '${unknownCase}'`);
  process.exit(2);
}
// Some puzzles or cases only: the other cases' numbers stay, if they are of this binary on this
// machine; the report is as complete as it was, and of the weaker profile if the two differ.
const sameBinary = meta && meta.binarySha256 === binarySha256 && meta.fingerprint === fingerprint;
const kept = (partial || upToDate) && sameBinary ? readJson(nativeBenchPath) : null;
const keptLoad = kept ? readJson(nativeBenchLoadPath) : null;
const finalProfile = upToDate ? meta.profile : kept && meta.profile !== profile ? 'quick' : profile;
const completeBefore = partial || upToDate ? Boolean(kept && meta.complete) : true;

// Written before the first puzzle: the report is rewritten as puzzles finish, and the page labels
// it "same machine" from this fingerprint while it grows.
if (!upToDate) writeJsonAtomically(nativeBenchMetaPath, { generatedBy: 'npm start', binarySha256, fingerprint, profile: finalProfile, complete: false, date: new Date().toISOString() });

// Weighted by how long each case is expected to take (lib/bench-progress.mjs), and the quickest
// puzzles first: the page gets most puzzles' numbers in the first minutes.
const costs = readJson(nativeBenchCostsPath) ?? {};
const chosen = (c) => !onlyCases.length || labelsOf(c).some((label) => onlyCases.includes(label));
const plan = catalog.puzzles
  .filter((p) => !only.length || only.includes(p.id))
  .map((p) => ({ puzzle: p.id, cases: p.bench_cases.filter(chosen).map((c) => c.name) }))
  .filter((p) => p.cases.length);
const expected = expectedSeconds(plan, profile, costs, readJson(nativeBenchPriorPath));
const puzzles = upToDate ? [] : quickestFirst(plan, expected.seconds);
totalCases = plan.reduce((n, p) => n + p.cases.length, 0);
started = new Date().toISOString();
const progress = new BenchProgress(expected.seconds);
const tty = process.stdout.isTTY;

let casesBefore = 0;
// The last cases measured, newest first, for the page (how long each took, how busy the CPU was).
const recent = [];

function writeStatus(current) {
  const left = progress.secondsLeft();
  status('running', {
    phase: 'bench',
    fraction: progress.fraction(),
    weights: expected.source,
    cores: load.cores || undefined,
    cases_done: casesBefore + (current ? current.caseIndex - 1 : 0),
    ...(left === null ? {} : { seconds_left: Math.round(left) }),
    ...(current ? {
      puzzle: current.puzzle,
      case: current.name,
      puzzle_case: current.caseIndex,
      puzzle_cases: current.caseCount,
      kernel: current.kernel,
      kernel_index: current.kernelIndex,
      kernel_count: current.kernelCount,
    } : {}),
    recent,
  });
}

// The costs of this run's finished cases, for the next run's weights (written as they come:
// a stopped run still teaches the next one).
const costsNow = { ...costs, [profile]: { ...(costs[profile] ?? {}) } };
function caseEnded(ended, puzzle, name, others) {
  if (!ended) return;
  costsNow[profile][ended.key] = Math.round(ended.seconds * 1000) / 1000;
  writeJsonAtomically(nativeBenchCostsPath, costsNow);
  recent.unshift({ puzzle, case: name, seconds: Math.round(ended.seconds * 10) / 10, ...(others === null ? {} : { others_cores: Math.round(others * 100) / 100 }) });
  recent.length = Math.min(recent.length, 5);
  if (!tty) console.log(`native bench (${profile}) ${(100 * progress.fraction()).toFixed(0).padStart(3)}%  ${puzzle} ${name}: ${ended.seconds.toFixed(1)} s`);
}

let report = kept?.records ? kept : null;
// A case measured now replaces its earlier numbers (kept from a run of only some cases, or measured
// on a shared CPU); the environment is the newest measurement's (the same machine and binary).
function takePart(partReport) {
  const now = new Set(partReport.records.map((r) => `${r.puzzle}|${r.case_key}`));
  report = report ? { ...partReport, records: [...report.records.filter((r) => !now.has(`${r.puzzle}|${r.case_key}`)), ...partReport.records] } : partReport;
  writeJsonAtomically(nativeBenchLoadPath, load);
  writeJsonAtomically(nativeBenchPath, report);
}
// Each case's label in events and records, to its bench case name (what `bench --case` takes):
// the same for most cases (also those kept from an earlier run), else learnt from the events.
const benchNames = new Map(catalog.puzzles.flatMap((p) => p.bench_cases.map((c) => [`${p.id}|${c.name}`, c.name])));
let failed = false;
// How busy other programs kept the CPU while each case was measured (the page marks the cases
// measured on a shared CPU): written beside the report, as it grows.
const load = { cores: keptLoad?.cores ?? 0, cases: { ...(keptLoad?.cases ?? {}) } };
writeJsonAtomically(nativeBenchLoadPath, load); // what is kept, or nothing yet
if (!upToDate) console.log(`native bench (${profile}): ${totalCases} cases, ${puzzles.map((p) => p.puzzle).join(', ')}; ${expected.source === 'none' ? 'no expected times known yet' : `expected times from ${expected.source === 'this machine' ? 'this machine\'s last run' : 'the project\'s reference run'}`}`);
for (const { puzzle: id, cases } of puzzles) {
  const part = join(repoRoot, 'build', `native-bench.${id}.json`);
  let current = null; // { name (the event's), caseIndex, ... }
  // A case is visited once per pass (the bench spreads its rounds over the whole puzzle's run):
  // its time adds up over its visits, and its load is the busiest visit's.
  const endCase = () => {
    if (!current) return;
    const others = child.meter?.window() ?? null;
    const key = `${id}|${current.name}`;
    if (others !== null) load.cases[key] = Math.max(load.cases[key] ?? 0, Math.round(others * 100) / 100);
    const ended = progress.endCase();
    if (current.final) caseEnded(ended, id, current.name, load.cases[key] ?? null);
  };
  const caseArgs = onlyCases.length ? cases.flatMap((name) => ['--case', name]) : [];
  child = new ProgramRun(cli, ['bench', id, ...caseArgs, '--json', part, '--progress-json', ...PROFILES[profile]], {
    measureLoad: true,
    // The CLI's own messages (a kernel that failed) pass through; its "wrote FILE" does not.
    onText: (text) => {
      if (text.trim() && !text.startsWith('wrote ')) console.error(`\n${text}`);
    },
    onEvent: (event) => {
      // One CLI per puzzle: its case_index counts this puzzle's cases, in the catalog's order.
      const name = cases[event.case_index - 1];
      if (name) benchNames.set(`${id}|${event.case}`, name);
      const final = !event.passes || event.pass === event.passes;
      if (!current || current.caseIndex !== event.case_index || current.pass !== event.pass) {
        endCase();
        progress.startCase(caseKey(id, name ?? event.case), Date.now(), final);
      }
      current = { puzzle: id, name: event.case, caseIndex: event.case_index, caseCount: event.case_count, pass: event.pass, passes: event.passes, final, kernel: `${event.kernel}/${event.isa}`, kernelIndex: event.kernel_index, kernelCount: event.kernel_count };
      const fraction = progress.fraction();
      const line = `native bench (${profile}) ${(100 * fraction).toFixed(0).padStart(3)}%  ${id} pass ${event.pass ?? 1}/${event.passes ?? 1} case ${event.case_index}/${event.case_count} ${event.case}  ${current.kernel}`;
      if (tty) process.stdout.write(`\r\x1b[K${line.slice(0, (process.stdout.columns || 100) - 1)}`);
      writeStatus(current);
    },
  });
  load.cores = child.meter?.cores ?? 0;
  const { code } = await child.done;
  endCase();
  progress.finishAll(cases.map((name) => caseKey(id, name)));
  casesBefore += cases.length;
  const partReport = readJson(part);
  rmSync(part, { force: true });
  if (code !== 0 || !partReport) {
    failed = true;
    console.error(`\nnative-bench: simd-puzzles bench ${id} failed (exit ${code}); the other puzzles go on`);
  }
  if (partReport) takePart(partReport);
  writeStatus(null);
}
if (tty) process.stdout.write('\r\x1b[K');
if (!upToDate) {
  writeJsonAtomically(nativeBenchMetaPath, { generatedBy: 'npm start', binarySha256, fingerprint, profile: finalProfile, complete: !failed && completeBefore, date: new Date().toISOString() });
  console.log(`native-bench: ${report?.records.length ?? 0} native results (${profile} profile) in ${nativeBenchPath}`);
}
if (remeasure && report) await remeasureShared();
status(failed ? 'failed' : 'done', { fraction: 1 });
await finish(failed ? 1 : 0);

// With --build: the AArch64 listing (the Instructions panel's NEON side; scripts/aarch64-listing.mjs)
// after the measurements, not beside them: its cross build would share the CPU with the benchmark
// on a two-core machine and make its numbers doubtful. The page is already served and shows the
// native numbers meanwhile; the panel says the listing is being built.
async function finish(code) {
  if (build) {
    aarch64Listing = new ProgramRun('nice', ['-n', '19', process.execPath, join(repoRoot, 'scripts', 'aarch64-listing.mjs')], { cwd: repoRoot, log: process.stdout });
    await aarch64Listing.done;
  }
  process.exit(code);
}

// The cases measured on a shared CPU, again, one at a time, each when the CPU is quiet
// (lib/remeasure.mjs). The page shows it as the benchmark's last phase and keeps taking numbers.
async function remeasureShared() {
  const shared = sharedCases(load);
  const unstable = unstableCases(report).filter((c) => !shared.some((x) => x.key === c.key));
  const slow = slowMachineCases(report).filter((c) => ![...shared, ...unstable].some((x) => x.key === c.key));
  const todo = [...shared, ...unstable, ...slow].filter((c) => benchNames.has(c.key)).map((c) => ({ ...c, tries: 0 }));
  const total = todo.length;
  if (!total) return;
  console.log(`native-bench: ${shared.length} cases were measured on a shared CPU, ${unstable.length} had rounds that disagree and ${slow.length} ran while the machine itself was slower (their reference loop); measuring them again, one at a time, when the CPU is quiet (Ctrl-C stops it)`);
  const deadline = Date.now() + REMEASURE_CAP_MS;
  let done = 0;
  const remeasureStatus = (extra) =>
    status('running', { phase: 'remeasure', fraction: done / total, remeasure_done: done, remeasure_total: total, cores: load.cores || undefined, pid: process.pid, recent, ...extra });
  while (todo.length) {
    const next = todo.shift();
    remeasureStatus({ waiting: true, puzzle: next.puzzle, case: next.label });
    const quiet = await waitForQuietCpu(deadline, () => false, (others) => remeasureStatus({ waiting: true, others_now: Math.round(others * 100) / 100, puzzle: next.puzzle, case: next.label }));
    if (!quiet) {
      console.log(`native-bench: the CPU did not become quiet within ${REMEASURE_CAP_MS / 60000} min; ${todo.length + 1} cases stay marked "shared CPU"`);
      return;
    }
    const part = join(repoRoot, 'build', `native-bench.remeasure.json`);
    const begun = Date.now();
    child = new ProgramRun(cli, ['bench', next.puzzle, '--case', benchNames.get(next.key), '--json', part, '--progress-json', ...PROFILES[profile]], {
      measureLoad: true,
      onEvent: (e) => remeasureStatus({ waiting: false, puzzle: next.puzzle, case: next.label, kernel: `${e.kernel}/${e.isa}`, kernel_index: e.kernel_index, kernel_count: e.kernel_count }),
    });
    const { code } = await child.done;
    const others = child.meter?.window() ?? null;
    const partReport = readJson(part);
    rmSync(part, { force: true });
    if (code !== 0 || !partReport || others === null) {
      ++done; // keeps the first numbers and their mark
      continue;
    }
    load.cases[next.key] = Math.round(others * 100) / 100;
    takePart(partReport);
    recent.unshift({ puzzle: next.puzzle, case: next.label, seconds: Math.round((Date.now() - begun) / 100) / 10, others_cores: load.cases[next.key] });
    recent.length = Math.min(recent.length, 5);
    const still = cpuWasShared(others, load.cores);
    console.log(`native-bench: ${next.puzzle} ${next.label} measured again: ${still ? 'the CPU was shared again' : 'on a quiet CPU'}`);
    if (still && ++next.tries < TRIES_PER_CASE) todo.push(next);
    else ++done;
  }
}
