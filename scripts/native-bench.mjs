// The native side of the page's comparisons: `simd-puzzles bench`, puzzle by puzzle, into
// build/native-bench.json, unless that file is already up to date with this exact binary.
//
//   node scripts/native-bench.mjs [--profile quick|full] [--force] [--build]
//
// --build (what `npm start` passes): build the native CLI first, here in the background, since the
//        page needs only the wasm builds to be served; the compiler's output goes to
//        build/native-build.log, and the page says the CLI is being built.
//
// quick: 5 samples of >= 2 ms per kernel and case: a few minutes for everything, what `npm start`
//        runs in the background once the page is served. full: the harness defaults (>= 11
//        samples of >= 10 ms), `npm run bench:native`. A full report also satisfies a quick request.
//
// While it runs, build/native-bench.status.json says how far it got (the page shows it), and the
// report is rewritten after each puzzle (atomically), so the page picks up each puzzle's numbers
// as they land. Progress also goes to the terminal: one rewritten line on a TTY.
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { machineFingerprint, nativeBenchMetaPath, nativeBenchPath, nativeBenchStatusPath, repoRoot } from './lib/native-results.mjs';

const PROFILES = {
  quick: ['--samples', '5', '--min-sample-ms', '2'],
  full: [],
};

const args = process.argv.slice(2);
const profile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : 'full';
const force = args.includes('--force');
const build = args.includes('--build');
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

// The compiler or the CLI, each started in a process group of its own (detached), so that
// stopping it stops what it started too (cmake -> ninja -> cc1plus).
let child = null;
function stopChild() {
  try {
    if (child?.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
// Stopped (Ctrl-C on npm start): stop the compiler or the CLI too, and say so to the page.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChild();
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
  for (const command of [['--preset', 'native'], ['--build', '--preset', 'native', '--target', 'simd-puzzles']]) {
    child = spawn('cmake', command, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const code = await new Promise((resolve) => child.on('close', resolve));
    if (code !== 0) {
      await new Promise((resolve) => log.end(resolve));
      const tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
      console.error(`\nnative CLI: the build failed (cmake ${command.join(' ')}: exit ${code}); the last lines of ${logPath}:\n${tail}`);
      status('failed', { phase: 'build', fraction: 0 });
      process.exit(1);
    }
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
if (fresh && !force) {
  console.log(`native-bench: up to date with this binary (${meta.profile} profile, measured ${meta.date}); skipping`);
  writeJsonAtomically(nativeBenchStatusPath, { state: 'done', profile: meta.profile, fraction: 1, updated: new Date().toISOString() });
  process.exit(0);
}

// Written before the first puzzle: the report is rewritten as puzzles finish, and the page labels
// it "same machine" from this fingerprint while it grows.
writeJsonAtomically(nativeBenchMetaPath, { generatedBy: 'npm start', binarySha256, fingerprint, profile, complete: false, date: new Date().toISOString() });

const catalog = JSON.parse(spawnSync(cli, ['list', '--json'], { encoding: 'utf8' }).stdout);
const puzzles = catalog.puzzles.map((p) => ({ id: p.id, cases: p.bench_cases.length }));
totalCases = puzzles.reduce((n, p) => n + p.cases, 0);
started = new Date().toISOString();
const tty = process.stdout.isTTY;

let casesBefore = 0;

// Reads the CLI's JSON progress events (--progress-json) for the status file and the terminal.
function onEvent(puzzle, event) {
  const within = event.phase === 'sample' && event.samples ? event.sample / event.samples : 0;
  const caseFraction = (event.kernel_index - 1 + within) / Math.max(1, event.kernel_count);
  const done = casesBefore + (event.case_index - 1) + caseFraction;
  const fraction = Math.min(1, done / totalCases);
  const line = `native bench (${profile}) ${(100 * fraction).toFixed(0).padStart(3)}%  ${puzzle} ${event.case}  ${event.kernel}/${event.isa}`;
  if (tty) process.stdout.write(`\r\x1b[K${line.slice(0, (process.stdout.columns || 100) - 1)}`);
  status('running', { phase: 'bench', fraction, puzzle, case: event.case, kernel: `${event.kernel}/${event.isa}` });
  return line;
}

let report = null;
let failed = false;
for (const { id, cases } of puzzles) {
  const part = join(repoRoot, 'build', `native-bench.${id}.json`);
  child = spawn(cli, ['bench', id, '--json', part, '--progress-json', ...PROFILES[profile]], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let pending = '';
  let lastCase = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const text = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      let event;
      try {
        event = JSON.parse(text);
      } catch {
        // The CLI's own messages (a kernel that failed) pass through; its "wrote FILE" does not.
        if (text.trim() && !text.startsWith('wrote ')) console.error(`\n${text}`);
        continue;
      }
      const line = onEvent(id, event);
      if (!tty && event.case !== lastCase) console.log(line);
      lastCase = event.case;
    }
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  casesBefore += cases;
  const partReport = readJson(part);
  rmSync(part, { force: true });
  if (code !== 0 || !partReport) {
    failed = true;
    console.error(`\nnative-bench: simd-puzzles bench ${id} failed (exit ${code}); the other puzzles go on`);
  }
  if (partReport) {
    report = report ? { ...report, records: [...report.records, ...partReport.records] } : partReport;
    writeJsonAtomically(nativeBenchPath, report);
  }
}
if (tty) process.stdout.write('\r\x1b[K');
writeJsonAtomically(nativeBenchMetaPath, { generatedBy: 'npm start', binarySha256, fingerprint, profile, complete: !failed, date: new Date().toISOString() });
status(failed ? 'failed' : 'done', { fraction: 1 });
console.log(`native-bench: ${report?.records.length ?? 0} native results (${profile} profile) in ${nativeBenchPath}`);
process.exit(failed ? 1 : 0);
