// Runs `simd-puzzles bench` for the default cases into build/native-bench.json, the native side
// of the page's comparisons, unless the JSON is already up to date with this exact binary.
// Progress goes to the terminal (the CLI writes it to stderr).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineFingerprint, nativeBenchMetaPath, nativeBenchPath, repoRoot } from './lib/native-results.mjs';

const cli = join(repoRoot, 'build', 'native', 'simd-puzzles');
if (!existsSync(cli)) {
  console.error(`native-bench: ${cli} is missing; build it first (cmake --preset native && cmake --build --preset native)`);
  process.exit(1);
}
const binarySha256 = createHash('sha256').update(readFileSync(cli)).digest('hex');
const fingerprint = machineFingerprint();
if (existsSync(nativeBenchPath) && existsSync(nativeBenchMetaPath)) {
  try {
    const meta = JSON.parse(readFileSync(nativeBenchMetaPath, 'utf8'));
    if (meta.binarySha256 === binarySha256 && meta.fingerprint === fingerprint) {
      console.log(`native-bench: up to date with this binary (measured ${meta.date}); skipping`);
      process.exit(0);
    }
  } catch {
    // unreadable meta: measure again
  }
}

const args = ['bench', '--json', nativeBenchPath, ...process.argv.slice(2)];
console.log(`native-bench: ${cli} ${args.join(' ')}`);
const run = spawnSync(cli, args, { stdio: 'inherit' });
if (run.status !== 0) {
  console.error(`native-bench: simd-puzzles bench failed (exit ${run.status})`);
  process.exit(1);
}
writeFileSync(
  nativeBenchMetaPath,
  JSON.stringify({ generatedBy: 'npm start', binarySha256, fingerprint, date: new Date().toISOString() }, null, 2),
);
