// A slot's starter (cpp/puzzles/<puzzle>/playground/starter.cpp) built as the playground builds a
// user's kernel, for one native pass, and run: kernel `yours` must be verified in every case given.
// The same translation unit as a playground build (scripts/lib/playground/pass-file.mjs), the same
// flags and engine archive (this tree's playground/toolchain.json, cmake/playground.cmake); no
// sandbox (the source is ours) and no wasm (em++'s links are the e2e layer's). A cheap check that
// the slot's glue and starter still compile against the headers they build on, without the
// minute of a full playground build (tests/web/playground-build.test.ts does one for popcount).
//
//   node playground_starter_test.mjs <build dir> <puzzle> <pass> -- <run args>... [-- <run args>...]
//
// Each `--` group is the arguments of one `simd-puzzles run <puzzle> ... --kernel yours --json`.
// Prints "playground starter: ok" when every group's `yours` rows are verified; exits 77 (ctest's
// skip) where this CPU cannot run the pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileCommand, linkCommand, readToolchains } from '../../scripts/lib/playground/compile.mjs';
import { passFile, USER_SOURCE_FILE } from '../../scripts/lib/playground/pass-file.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const [buildDir, puzzle, pass, ...rest] = process.argv.slice(2);
const groups = [];
for (const arg of rest) {
  if (arg === '--') groups.push([]);
  else if (groups.length) groups.at(-1).push(arg);
  else throw new Error(`expected -- before ${arg}`);
}
if (!buildDir || !puzzle || !pass || !groups.length) throw new Error('usage: <build dir> <puzzle> <pass> -- <run args>...');

// The kit as the compile service reads it (the compiler's real path, its key).
const kitFile = join(resolve(buildDir), 'playground', 'toolchain.json');
const t = readToolchains(repo, { native: kitFile }).get('native');
if (!t) throw new Error(`no usable playground kit at ${kitFile} (not built, or its archive is missing)`);
if (!(t.slots?.[puzzle] ?? []).includes(pass)) throw new Error(`${t.build}'s kit does not compile ${puzzle}'s slot in pass ${pass} (it has: ${(t.slots?.[puzzle] ?? []).join(', ') || 'none'})`);
const dir = mkdtempSync(join(tmpdir(), `sp-starter-${puzzle}-`));
try {
  writeFileSync(join(dir, USER_SOURCE_FILE), readFileSync(join(repo, 'cpp', 'puzzles', puzzle, 'playground', 'starter.cpp')));
  writeFileSync(join(dir, 'pass.cpp'), passFile(puzzle, pass));
  const sh = (file, args) => execFileSync(file, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  for (const [command, ...args] of [compileCommand(t, 'pass.cpp', 'pass.o'), linkCommand(t, ['pass.o'], t.output)]) sh(command, args);
  for (const args of groups) {
    let out;
    try {
      out = sh(join(dir, t.output), ['run', puzzle, ...args, '--kernel', 'yours', '--json']);
    } catch (e) {
      out = e.stdout ?? ''; // exit 1: a record is unverified; the check below says which
    }
    const response = JSON.parse(out);
    const rows = (response.results ?? []).filter((r) => r.kernel === 'yours');
    const what = `${puzzle} ${args.join(' ')}`;
    const skipped = (response.skipped ?? []).find((r) => r.kernel === 'yours');
    if (!rows.length && skipped) {
      console.log(`skipped: this CPU cannot run yours/${skipped.isa} (${skipped.reason})`);
      process.exitCode = 77;
      break;
    }
    if (!rows.length) throw new Error(`${what}: no record of kernel yours`);
    for (const r of rows) {
      if (r.verified !== true) throw new Error(`${what}: yours/${r.isa} is not verified (${r.verified_by ?? 'no check'}): ${JSON.stringify(r.answer)}`);
      console.log(`${what}: yours/${r.isa} verified (${r.verified_by})`);
    }
  }
  if (process.exitCode !== 77) console.log('playground starter: ok');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
