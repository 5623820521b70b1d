// Where `npm start` keeps the native benchmark the page compares against, and how the server
// decides whether it may call it "same machine".
//
// The label is earned, not claimed: start.sh records a fingerprint of this machine (CPU model +
// /etc/machine-id, hashed) next to the JSON, and the server compares it with the machine it runs
// on at request time. A JSON copied from elsewhere, or imported in the page, never gets it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// build/, or SP_NATIVE_RESULTS_DIR: the e2e tests' server reads an empty folder of its own, so a
// benchmark `npm start` left in build/ never changes what the tests see (they serve their own
// native numbers where they need some).
const resultsDir = process.env.SP_NATIVE_RESULTS_DIR ? resolve(process.env.SP_NATIVE_RESULTS_DIR) : join(repoRoot, 'build');
export const nativeBenchPath = join(resultsDir, 'native-bench.json');
export const nativeBenchMetaPath = join(resultsDir, 'native-bench.meta.json');
// How far a running native benchmark got (scripts/native-bench.mjs writes it).
export const nativeBenchStatusPath = join(resultsDir, 'native-bench.status.json');
// How busy other programs kept the CPU while each case was measured (scripts/lib/cpu-load.mjs):
// { cores, cases: { "<puzzle>|<case>": <cores others used> } }.
export const nativeBenchLoadPath = join(resultsDir, 'native-bench.load.json');
// Seconds each case took in this machine's last benchmarks, by profile (the next run's progress
// weights: lib/bench-progress.mjs): { quick?: { "<puzzle>|<case name>": s }, full?: {...} }.
export const nativeBenchCostsPath = join(resultsDir, 'native-bench.costs.json');
// The same from one run on the project's VM, for a machine that has not measured yet.
export const nativeBenchPriorPath = join(repoRoot, 'scripts', 'lib', 'native-bench-prior.json');

export function machineFingerprint() {
  let machineId = '';
  for (const p of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    if (existsSync(p)) {
      machineId = readFileSync(p, 'utf8').trim();
      break;
    }
  }
  const cpu = cpus()[0]?.model ?? 'unknown';
  return createHash('sha256').update(`${cpu}\n${machineId}`).digest('hex');
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// The payload of GET /api/native-bench.json: the report (possibly partial while a benchmark is
// running), the benchmark's status, so the page can show progress and pick results up, and how
// busy the CPU was while each case was measured.
export function nativeBenchResponse() {
  const status = readJson(nativeBenchStatusPath);
  if (!existsSync(nativeBenchPath)) return { available: false, sameMachine: false, report: null, status };
  let report;
  try {
    report = JSON.parse(readFileSync(nativeBenchPath, 'utf8'));
  } catch {
    return { available: false, sameMachine: false, report: null, status, error: 'native-bench.json is not valid JSON' };
  }
  let sameMachine = false;
  try {
    const meta = JSON.parse(readFileSync(nativeBenchMetaPath, 'utf8'));
    sameMachine = meta.fingerprint === machineFingerprint() && meta.generatedBy === 'npm start';
  } catch {
    sameMachine = false;
  }
  // Changes whenever the report is rewritten, also when a case measured again replaces its numbers
  // (the count of records stays): the page takes the report again.
  const revision = statSync(nativeBenchPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return { available: true, sameMachine, report, status, cpu_load: readJson(nativeBenchLoadPath), revision };
}
