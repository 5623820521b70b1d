#!/usr/bin/env node
// Makes the relaxed flavour from a linked SIMD128 module (wasm-build/CMakeLists.txt, and the
// playground's own builds): every i8x16.swizzle becomes i8x16.relaxed_swizzle, and the build stamp
// (cpp/core/build_name.cpp) says `wasm-relaxed`. Nothing else changes, so relaxed ÷ SIMD128 measures
// that one opcode.
//
//   node scripts/relax-wasm.mjs [--no-stamp] <from: module.wasm | program.cjs> <to>
//
// --no-stamp: a program without the engine (the family test), so without a build stamp.
//
// Why after linking: Debian's Emscripten 3.1.6 compiles with clang 14 and runs binaryen 108's
// wasm-opt after linking, and neither knows the final Relaxed SIMD opcodes (README, "Relaxed
// SIMD"); Debian's wabt does: wasm2wat, each `i8x16.swizzle` line made `i8x16.relaxed_swizzle`,
// wat2wasm --enable-relaxed-simd.
// Why exact for our kernels: the two differ only for indices 16..127, and the vector families'
// shuffle and compress-store (the only swizzles in our code) take 0..15 or 0x80.. only
// (vector_api.md). A user's kernel in the playground may break that rule; the engine's
// verification of every row decides there, as everywhere.
// Then it checks, and fails otherwise: the result validates with relaxed SIMD, no i8x16.swizzle is
// left, wasm-objdump's disassembly has as many relaxed swizzles as were rewritten, the imports
// and the function count are as before (so the symbol map, i.e. the listings, stays right), and
// there was exactly one build stamp, of the SIMD128 build.
// A SINGLE_FILE program (.cjs: the wasm inline as base64, for Node) is rewritten inside the file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Opcodes replaced as they are. */
export const RELAXED_OPCODES = {
  'i8x16.swizzle': 'i8x16.relaxed_swizzle',
};
/** cpp/core/build_name.cpp: the prefix, then the name and a NUL. */
export const STAMP_PREFIX = 'sp-build-name:';
const FROM_BUILD = 'wasm-simd128';
const TO_BUILD = 'wasm-relaxed';

const MAX = 1 << 30;
const run = (cmd, args) => execFileSync(cmd, args, { maxBuffer: MAX, encoding: 'utf8' });

/** The text format rewritten; counts by the relaxed instruction. */
export function relaxWat(wat) {
  const counts = Object.fromEntries(Object.values(RELAXED_OPCODES).map((k) => [k, 0]));
  // One instruction a line (wasm2wat's flat form); the last of a function ends in its `)`.
  const out = wat.replace(/^(\s*)(i8x16\.swizzle)(\)*)$/gm, (line, indent, op, close) => {
    counts[RELAXED_OPCODES[op]]++;
    return indent + RELAXED_OPCODES[op] + close;
  });
  return { wat: out, counts };
}

/** `bytes` with the build stamp of `from` rewritten to `to` (same length, in place); throws unless
 * there is exactly one stamp and it names `from`. */
export function restamp(bytes, from = FROM_BUILD, to = TO_BUILD) {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error(`"${to}" cannot replace "${from}": not the same length`);
  const prefix = Buffer.from(STAMP_PREFIX, 'latin1');
  const at = [];
  for (let i = bytes.indexOf(prefix); i >= 0; i = bytes.indexOf(prefix, i + 1)) at.push(i);
  if (at.length !== 1) throw new Error(`${at.length} build stamps ("${STAMP_PREFIX}") in the module, not 1`);
  const start = at[0] + prefix.length;
  const end = bytes.indexOf(0, start);
  const name = bytes.subarray(start, end < 0 ? bytes.length : end).toString('latin1');
  if (name !== from) throw new Error(`the module's build stamp says "${name.slice(0, 40)}", not "${from}"`);
  bytes.write(to, start, 'latin1');
  return bytes;
}

function imports(wasmPath) {
  const text = run('wasm-objdump', ['-x', '-j', 'Import', wasmPath]);
  return text.split('\n').filter((l) => l.includes('<-'));
}
const functionCount = (wasmPath) => /Function\[(\d+)\]/.exec(run('wasm-objdump', ['-x', '-j', 'Function', wasmPath]))?.[1];

/** The module at `wasmPath` relaxed; returns its bytes and the counts. */
function relaxModule(wasmPath, dir, stamped) {
  const watIn = join(dir, 'in.wat');
  const watOut = join(dir, 'out.wat');
  const wasmOut = join(dir, 'out.wasm');
  run('wasm2wat', ['--enable-all', wasmPath, '-o', watIn]);
  const { wat, counts } = relaxWat(readFileSync(watIn, 'utf8'));
  writeFileSync(watOut, wat);
  run('wat2wasm', ['--enable-relaxed-simd', watOut, '-o', wasmOut]);
  if (stamped) writeFileSync(wasmOut, restamp(readFileSync(wasmOut)));
  run('wasm-validate', ['--enable-relaxed-simd', wasmOut]);

  const problems = [];
  const disasm = run('wasm-objdump', ['-d', wasmOut]);
  const seen = (op) => disasm.match(new RegExp(`\\|\\s*${op.replace('.', '\\.')}$`, 'gm'))?.length ?? 0;
  for (const op of Object.keys(RELAXED_OPCODES)) if (seen(op)) problems.push(`${seen(op)} ${op} remain`);
  for (const [op, n] of Object.entries(counts)) if (seen(op) !== n) problems.push(`${op}: ${seen(op)} in the disassembly, ${n} rewritten`);
  if (imports(wasmPath).join('\n') !== imports(wasmOut).join('\n')) problems.push('the imports changed');
  if (functionCount(wasmPath) !== functionCount(wasmOut)) problems.push('the function count changed');
  if (problems.length) throw new Error(problems.join('; '));
  return { bytes: readFileSync(wasmOut), counts };
}

const DATA_URI = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]{8,})/;

/** Writes the relaxed flavour of `from` (a .wasm, or a SINGLE_FILE .cjs) to `to`; returns the counts.
 * `stamped`: it holds the engine, so exactly one build stamp, which is renamed. */
export function relax(from, to, { stamped = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'relax-wasm-'));
  try {
    if (from.endsWith('.wasm')) {
      const { bytes, counts } = relaxModule(from, dir, stamped);
      writeFileSync(to, bytes);
      return counts;
    }
    // SINGLE_FILE: the module is a base64 data URI inside the JavaScript.
    const js = readFileSync(from, 'utf8');
    const m = DATA_URI.exec(js);
    if (!m) throw new Error('no inline wasm in it');
    const wasmPath = join(dir, 'inline.wasm');
    writeFileSync(wasmPath, Buffer.from(m[1], 'base64'));
    const { bytes, counts } = relaxModule(wasmPath, dir, stamped);
    writeFileSync(to, js.slice(0, m.index) + 'data:application/octet-stream;base64,' + bytes.toString('base64') + js.slice(m.index + m[0].length));
    return counts;
  } catch (e) {
    throw new Error(`relax-wasm: ${from}: ${e instanceof Error ? e.message : e}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const stamped = args[0] !== '--no-stamp';
  const [from, to, ...rest] = stamped ? args : args.slice(1);
  if (!from || !to || rest.length || from.startsWith('-')) {
    console.error('usage: relax-wasm.mjs [--no-stamp] <from: module.wasm | program.cjs> <to>');
    process.exit(2);
  }
  try {
    const counts = relax(from, to, { stamped });
    console.log(`relax-wasm: ${to}: ${Object.entries(counts).map(([op, n]) => `${n} x ${op}`).join(', ')}`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
