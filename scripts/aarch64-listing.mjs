// The AArch64 instruction listing, made in the background by `npm start` once the native numbers
// are measured (scripts/native-bench.mjs starts it, at the lowest CPU priority): the cross tools if missing
// and this is root, the cross build of the CLI, its listing. Each step only does what is stale
// (cmake, build-listings), so a second start takes seconds. Progress and failure go to
// build/listings/aarch64.status.json (the page says them) and the output to build/aarch64-listing.log.
//
//   node scripts/aarch64-listing.mjs
import { createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AARCH64_STATUS_FILE, AARCH64_TOOLS, aarch64Plan, afterStep } from './lib/aarch64-listing.mjs';
import { ProgramRun } from './lib/cli-process.mjs';
import { repoRoot } from './lib/native-results.mjs';

const listingsDir = join(repoRoot, 'build', 'listings');
const statusPath = join(listingsDir, AARCH64_STATUS_FILE);
const logName = 'build/aarch64-listing.log';
mkdirSync(listingsDir, { recursive: true });

function status(value) {
  writeFileSync(`${statusPath}.tmp`, JSON.stringify({ ...value, updated: new Date().toISOString() }));
  renameSync(`${statusPath}.tmp`, statusPath);
}

const onPath = (command) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
const plan = aarch64Plan({ missing: AARCH64_TOOLS.map((t) => t.command).filter((c) => !onPath(c)), root: process.getuid?.() === 0 });
if (plan.unavailable) {
  status({ state: 'unavailable', reason: plan.unavailable });
  console.log(`AArch64 listing: not made: ${plan.unavailable}`);
  process.exit(0);
}

let child = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.stop();
    status({ state: 'stopped' });
    process.exit(130);
  });
}
const log = createWriteStream(join(repoRoot, logName));
for (const step of plan.steps) {
  status({ state: 'building', step: step.name, words: step.words });
  child = new ProgramRun(step.command, step.args, { cwd: repoRoot, log });
  const { code } = await child.done;
  const failed = afterStep(step, code, logName);
  if (failed) {
    status(failed);
    console.error(`AArch64 listing: ${failed.reason}`);
    process.exit(1);
  }
}
status({ state: 'done' });
console.log('AArch64 listing: made (the Instructions panel has its NEON side)');
