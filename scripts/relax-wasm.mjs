#!/usr/bin/env node
// The relaxed flavour's post-link step (cpp/simd/wasm.h, SP_WASM_RELAXED), in place: every
// i8x16.swizzle becomes i8x16.relaxed_swizzle, and every call to the Relaxed SIMD placeholder
// import (select's) becomes i8x16.relaxed_laneselect.
//
//   node scripts/relax-wasm.mjs <module.wasm | program.cjs> <symbol map>
//
// Why a post-link step: Debian's Emscripten 3.1.6 compiles with clang 14 and runs binaryen 108's
// wasm-opt after linking, and neither knows the final Relaxed SIMD opcodes (README, "Relaxed
// SIMD"). So the whole normal pipeline runs, and only then does wabt (which knows the opcodes)
// rewrite the module: wasm2wat -> each `i8x16.swizzle` becomes `i8x16.relaxed_swizzle` (the
// family's shuffle and compress-store are the only swizzles in our code, and their indices are
// 0..15 or 0x80..: the same code as SIMD128, another opcode), each `call <placeholder index>`
// becomes `i8x16.relaxed_laneselect` (same operands in the same order, same v128 result; a call,
// not an opcode rewrite, since v128.bitselect also serves `majority`, whose selector is data)
// -> wat2wasm --enable-relaxed-simd.
// The imports stay, so no function index moves and the symbol map (the listings') stays right.
// Then it checks, and fails the build otherwise: the module validates with relaxed SIMD, no
// i8x16.swizzle and no call to a placeholder is left, wasm-objdump's disassembly has as many
// relaxed instructions of each kind as were rewritten, and the imports and function count are as
// before.
// A SINGLE_FILE program (.cjs: the wasm inline as base64, for Node) is rewritten inside the file.
// Running it again on a rewritten module is a no-op (nothing left to replace).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Placeholder import name -> the instruction that replaces a call to it. */
export const RELAXED_PLACEHOLDERS = {
  sp_relaxed_laneselect: 'i8x16.relaxed_laneselect',
};
/** Opcodes replaced as they are. */
export const RELAXED_OPCODES = {
  'i8x16.swizzle': 'i8x16.relaxed_swizzle',
};

const MAX = 1 << 30;
const run = (cmd, args) => execFileSync(cmd, args, { maxBuffer: MAX, encoding: 'utf8' });

/** Function index -> placeholder name, from an Emscripten symbol map ("index:name" lines). */
export function placeholderIndices(symbols) {
  const found = new Map();
  for (const line of symbols.split('\n')) {
    const m = /^(\d+):(\S+)$/.exec(line.trim());
    if (m && m[2] in RELAXED_PLACEHOLDERS) found.set(Number(m[1]), m[2]);
  }
  return found;
}

/** The text format rewritten; counts by the relaxed instruction. */
export function relaxWat(wat, indices) {
  const counts = Object.fromEntries([...Object.values(RELAXED_PLACEHOLDERS), ...Object.values(RELAXED_OPCODES)].map((k) => [k, 0]));
  // One instruction a line (wasm2wat's flat form); the last of a function ends in its `)`.
  const out = wat
    .replace(/^(\s*)call (\d+)(\)*)$/gm, (line, indent, index, close) => {
      const name = indices.get(Number(index));
      if (!name) return line;
      counts[RELAXED_PLACEHOLDERS[name]]++;
      return indent + RELAXED_PLACEHOLDERS[name] + close;
    })
    .replace(/^(\s*)(i8x16\.swizzle)(\)*)$/gm, (line, indent, op, close) => {
      counts[RELAXED_OPCODES[op]]++;
      return indent + RELAXED_OPCODES[op] + close;
    });
  return { wat: out, counts };
}

function imports(wasmPath) {
  const text = run('wasm-objdump', ['-x', '-j', 'Import', wasmPath]);
  return text.split('\n').filter((l) => l.includes('<-'));
}
const functionCount = (wasmPath) => /Function\[(\d+)\]/.exec(run('wasm-objdump', ['-x', '-j', 'Function', wasmPath]))?.[1];

/** Rewrites the module at `wasmPath` in place; returns the counts. */
function relaxModule(wasmPath, indices, dir) {
  const watIn = join(dir, 'in.wat');
  const watOut = join(dir, 'out.wat');
  const wasmOut = join(dir, 'out.wasm');
  run('wasm2wat', ['--enable-all', wasmPath, '-o', watIn]);
  const { wat, counts } = relaxWat(readFileSync(watIn, 'utf8'), indices);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total === 0) return counts;  // nothing to rewrite (or already rewritten)
  writeFileSync(watOut, wat);
  run('wat2wasm', ['--enable-relaxed-simd', watOut, '-o', wasmOut]);
  run('wasm-validate', ['--enable-relaxed-simd', wasmOut]);

  const problems = [];
  const disasm = run('wasm-objdump', ['-d', wasmOut]);
  const seen = (op) => disasm.match(new RegExp(`\\|\\s*${op.replace('.', '\\.')}$`, 'gm'))?.length ?? 0;
  for (const [index, name] of indices) {
    const calls = disasm.match(new RegExp(`\\|\\s*call ${index}(?: |$)`, 'gm'))?.length ?? 0;
    if (calls) problems.push(`${calls} call(s) to placeholder ${name} (function ${index}) remain`);
  }
  for (const op of Object.keys(RELAXED_OPCODES)) if (seen(op)) problems.push(`${seen(op)} ${op} remain`);
  for (const [op, n] of Object.entries(counts)) if (seen(op) !== n) problems.push(`${op}: ${seen(op)} in the disassembly, ${n} rewritten`);
  const [before, after] = [imports(wasmPath), imports(wasmOut)];
  if (before.join('\n') !== after.join('\n')) problems.push('the imports changed');
  if (functionCount(wasmPath) !== functionCount(wasmOut)) problems.push('the function count changed');
  if (problems.length) throw new Error(`relax-wasm: ${wasmPath}: ${problems.join('; ')}`);
  writeFileSync(wasmPath, readFileSync(wasmOut));
  return counts;
}

const DATA_URI = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]{8,})/;

export function relax(target, symbolsPath) {
  const indices = placeholderIndices(readFileSync(symbolsPath, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'relax-wasm-'));
  try {
    if (target.endsWith('.wasm')) return relaxModule(target, indices, dir);
    // SINGLE_FILE: the module is a base64 data URI inside the JavaScript.
    const js = readFileSync(target, 'utf8');
    const m = DATA_URI.exec(js);
    if (!m) throw new Error(`relax-wasm: no inline wasm in ${target}`);
    const wasmPath = join(dir, 'inline.wasm');
    writeFileSync(wasmPath, Buffer.from(m[1], 'base64'));
    const counts = relaxModule(wasmPath, indices, dir);
    const b64 = readFileSync(wasmPath).toString('base64');
    writeFileSync(target, js.slice(0, m.index) + 'data:application/octet-stream;base64,' + b64 + js.slice(m.index + m[0].length));
    return counts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [target, symbols] = process.argv.slice(2);
  if (!target || !symbols) {
    console.error('usage: relax-wasm.mjs <module.wasm | program.cjs> <symbol map>');
    process.exit(2);
  }
  try {
    const counts = relax(target, symbols);
    console.log(`relax-wasm: ${target}: ${Object.entries(counts).map(([op, n]) => `${n} x ${op}`).join(', ')}`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
