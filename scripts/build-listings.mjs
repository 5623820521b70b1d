// Instruction listings of every registered kernel, from the built binaries themselves:
// build/listings/<build>.json, which the page shows beside its timings and `simd-puzzles listing`
// prints (docs/architecture.md, "Instruction listings").
//
//   node scripts/build-listings.mjs [x86-64|aarch64|simd128|relaxed|baseline ...] [--force]
//   node scripts/build-listings.mjs x86-64 --binary PATH --out DIR    (another native tree's CLI)
//
// With no build named, every build whose binary exists (a missing one is skipped with a line);
// each only when its JSON is older than the binary or this script.
//
// How a kernel is found: the built program itself says where each kernel starts (the native
// CLI's hidden `entry-points` command, under qemu for AArch64; the wasm module's `entryPoints()`),
// as the function pointers it registered (core/listing.h). Natively those are measured from one
// named function, sp_listing_anchor, so they hold whatever address the program was loaded at; in
// wasm they are function-table indices, which the module's Elem section maps to functions, named
// by the symbol map emcc writes beside it (--emit-symbol-map). From each entry the listing follows
// direct calls and tail jumps into our own code (mangled names in namespace sp; never the standard
// library, never GCC's `.cold` parts), breadth first, up to a limit: what a kernel call executes,
// less what it leaves to libraries.
//
// Instruction classes (counts per kernel, each function counted once): vector (any SIMD register
// or SIMD op), scalar, branch (jumps, calls, returns), other (no-ops; in wasm also the stack
// machine's local/global traffic and block structure), which add up to the total; memory counts
// those that load or store, whichever class they are in.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkCallTree } from './lib/call-tree.mjs';
import { enableRelaxedSimd } from './lib/relaxed-simd.mjs';
import { WASM_OUT_DIRS } from './lib/wasm-outputs.mjs';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const outDir = option('--out') ? resolve(option('--out')) : join(repoRoot, 'build', 'listings');
const binaryOverride = option('--binary') && resolve(option('--binary'));

const BUILDS = {
  'x86-64': {
    kind: 'native',
    binary: 'build/native/simd-puzzles',
    run: (bin) => [bin, 'entry-points'],
    objdump: ['objdump', '-d', '--no-show-raw-insn', '-M', 'intel', '-w'],
    classify: classifyX86,
  },
  aarch64: {
    kind: 'native',
    binary: 'build/aarch64/simd-puzzles',
    run: (bin) => ['qemu-aarch64', bin, 'entry-points'],
    objdump: ['aarch64-linux-gnu-objdump', '-d', '--no-show-raw-insn', '-w'],
    classify: classifyAarch64,
  },
  simd128: { kind: 'wasm', dir: WASM_OUT_DIRS.simd128, classify: classifyWasm },
  // The relaxed flavour: Node 20 compiles it only with Relaxed SIMD on (enableRelaxedSimd below).
  relaxed: { kind: 'wasm', dir: WASM_OUT_DIRS.relaxed, classify: classifyWasm, relaxed: true },
  baseline: { kind: 'wasm', dir: WASM_OUT_DIRS.baseline, classify: classifyWasm },
};

// ---- instruction classes -------------------------------------------------------------------

const X86_VECTOR_REG = /\b([xyz]mm\d+|k[0-7])\b/;
function classifyX86(mnemonic, operands) {
  const base = mnemonic.split(' ').pop();
  const memory = (operands.includes('[') && base !== 'lea' && base !== 'nop') || /^(push|pop|call|ret)/.test(base);
  if (base === 'nop' || base === 'xchg' && operands === 'ax,ax' || base === 'int3') return { cls: 'other', memory: false };
  if (/^(j|call|ret|loop)/.test(base)) return { cls: 'branch', memory };
  if (X86_VECTOR_REG.test(operands) || /^(vzero|kmov|kor|kand|knot|kshift|ktest|kortest)/.test(base)) return { cls: 'vector', memory };
  return { cls: 'scalar', memory };
}

const A64_BRANCH = new Set(['b', 'bl', 'br', 'blr', 'ret', 'cbz', 'cbnz', 'tbz', 'tbnz']);
function classifyAarch64(mnemonic, operands) {
  const memory = /^(ld|st|prfm)/.test(mnemonic);
  if (mnemonic === 'nop') return { cls: 'other', memory: false };
  if (A64_BRANCH.has(mnemonic) || mnemonic.startsWith('b.')) return { cls: 'branch', memory };
  if (/\b(v\d+\.|[qdshb]\d{1,2}\b)/.test(operands)) return { cls: 'vector', memory };
  return { cls: 'scalar', memory };
}

const WASM_BRANCH = new Set(['br', 'br_if', 'br_table', 'call', 'call_indirect', 'return', 'if', 'unreachable']);
const WASM_OTHER = /^(local\.|global\.|block|loop|end|else|nop|drop)/;
function classifyWasm(mnemonic) {
  const memory = /\.(load|store)|^memory\./.test(mnemonic);
  if (WASM_BRANCH.has(mnemonic)) return { cls: 'branch', memory };
  if (WASM_OTHER.test(mnemonic)) return { cls: 'other', memory };
  if (/^(v128|i8x16|i16x8|i32x4|i64x2|f32x4|f64x2)\./.test(mnemonic)) return { cls: 'vector', memory };
  return { cls: 'scalar', memory };
}

function emptyCounts() {
  return { total: 0, vector: 0, scalar: 0, branch: 0, other: 0, memory: 0 };
}

function addCounts(into, from) {
  for (const key of Object.keys(into)) into[key] += from[key];
}

// ---- disassembly parsers: functions as {name, start, insns: [[addr, mnemonic, operands]], calls} --

// objdump -d (x86 Intel syntax or AArch64), unmangled names: "0000000000012340 <name>:" then
// "   12340:\tmnemonic operands". Direct calls and jumps show "<target>" after the address.
const X86_PREFIXES = new Set(['rep', 'repz', 'repe', 'repnz', 'repne', 'lock', 'notrack', 'bnd', 'data16', 'cs', 'ds']);
function parseObjdump(text) {
  const functions = new Map();  // start address (BigInt) -> function
  const pages = new Map();      // AArch64: register -> the page its last adrp loaded
  let current = null;
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+) <(.+)>:$/.exec(line);
    if (header) {
      current = { name: header[2], start: BigInt(`0x${header[1]}`), insns: [], calls: new Set() };
      functions.set(current.start, current);
      pages.clear();
      continue;
    }
    const insn = /^\s+([0-9a-f]+):\t(.*)$/.exec(line);
    if (!insn || !current) continue;
    let text = insn[2].trim();
    if (!text || text === '(bad)') continue;
    const words = text.split(/\s+/);
    let mnemonic = words.shift();
    while (X86_PREFIXES.has(mnemonic) && words.length) mnemonic += ` ${words.shift()}`;
    const operands = words.join(' ');
    current.insns.push([insn[1], mnemonic, operands]);
    const target = /^([0-9a-f]+) <([^>+]+)>$/.exec(operands.replace(/^(qword|dword) ptr /, ''));
    const base = mnemonic.split(' ').pop();
    if (target && /^(call|jmp|bl|b)$/.test(base)) current.calls.add(BigInt(`0x${target[1]}`));
    // A function's address taken, to be called through a pointer (a generic driver handed the
    // ISA's worker: nqueens' count_lanes(c, lanes, &lanes_avx2)). x86: lea with objdump's
    // "# address <symbol>" comment; AArch64: adrp + add of the same register. Only addresses
    // that start a function are followed (data symbols are not in `functions`).
    const lea = /# ([0-9a-f]+) <[^>+]+>$/.exec(operands);
    if (lea && base === 'lea') current.calls.add(BigInt(`0x${lea[1]}`));
    const adrp = /^(x\d+), ([0-9a-f]+)\b/.exec(operands);
    if (mnemonic === 'adrp' && adrp) pages.set(adrp[1], BigInt(`0x${adrp[2]}`));
    const add = /^(x\d+), (x\d+), #0x([0-9a-f]+)$/.exec(operands);
    if (mnemonic === 'add' && add && pages.has(add[2])) current.calls.add(pages.get(add[2]) + BigInt(`0x${add[3]}`));
  }
  return functions;
}

// wasm-objdump -d: "0007f7 func[32] <name>:" then " 0007fc: 20 00    |   local.get 0".
function parseWasmObjdump(text) {
  const functions = new Map();  // function index (BigInt) -> function
  let current = null;
  for (const line of text.split('\n')) {
    const header = /^[0-9a-f]+ func\[(\d+)\](?: <.*>)?:$/.exec(line);
    if (header) {
      current = { name: `func[${header[1]}]`, start: BigInt(header[1]), insns: [], calls: new Set(), tableRefs: new Set() };
      functions.set(current.start, current);
      continue;
    }
    const insn = /^ ([0-9a-f]+): [^|]*\| (.*)$/.exec(line);
    if (!insn || !current) continue;
    const text = insn[2].trim();
    if (!text || text.startsWith('local[')) continue;  // declarations, not instructions
    const [mnemonic, ...rest] = text.split(/\s+/);
    const operands = rest.join(' ');
    current.insns.push([insn[1], mnemonic, operands]);
    const call = /^(\d+)/.exec(operands);
    if (mnemonic === 'call' && call) current.calls.add(BigInt(call[1]));
    // A call through a constant function pointer (a generic driver inlined with the ISA's
    // worker): "i32.const <table index>" right before call_indirect.
    const previous = current.insns[current.insns.length - 2];
    if (mnemonic === 'call_indirect' && previous?.[1] === 'i32.const') current.tableRefs.add(BigInt(previous[2]));
  }
  return functions;
}

// Our own code: names in namespace sp (functions, members, templates, clones), not the cold parts
// GCC splits off. objdump gives mangled names; emcc's symbol map demangled ones, where a function
// template's name starts with its return type ("unsigned long long sp::popcount::count_words<...>").
const OURS_MANGLED = /^_ZN[rVKRO]*2sp/;
function isOurs(name) {
  if (name.includes('.cold')) return false;
  if (name.startsWith('_Z')) return OURS_MANGLED.test(name);
  const head = name.split(/[<(]/, 1)[0].trim().split(' ').pop();
  return head.startsWith('sp::');
}

// emcc's symbol map spells characters other than letters, digits and _ as \xx (hex).
const unescapeSymbol = (name) => name.replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

// c++filt over many names at once, one per line, in order.
function demangleAll(names) {
  if (!names.some((n) => n.startsWith('_Z'))) return names;
  const out = execFileSync('c++filt', [], { input: names.join('\n'), maxBuffer: 1 << 28 }).toString().split('\n');
  return names.map((name, i) => out[i] ?? name);
}

// "sp::cube::Driver<sp::cube::V128Cube<...> >::run(sp::cube::Case const&)" -> "sp::cube::Driver<…>::run":
// template arguments and parameters folded, a return type dropped; clone suffixes kept.
function shortName(name) {
  const clone = / \[clone [^\]]+\]$/.exec(name)?.[0] ?? '';
  let out = '';
  let depth = 0;
  for (const ch of name.slice(0, name.length - clone.length).replaceAll('(anonymous namespace)', '{anon}')) {
    if (ch === '<' || ch === '(') {
      if (depth++ === 0 && ch === '<') out += '<…';
    } else if (ch === '>' || ch === ')') {
      if (--depth === 0 && ch === '>') out += '>';
    } else if (depth === 0) {
      out += ch;
    }
  }
  // The last word is the name ("unsigned long long sp::f" -> "sp::f"), once qualifiers are off;
  // "operator new" stays two.
  const words = out.replace(/( const| volatile| &&?)+$/, '').trim().split(' ');
  const last = words.pop() || name;
  return `${words.at(-1)?.endsWith('operator') ? `${words.pop()} ` : ''}${last}${clone}`;
}

// ---- the entries --------------------------------------------------------------------------

function nativeEntries(build, binary) {
  const [cmd, ...args] = build.run(binary);
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

async function wasmEntries(dir) {
  if (dir.endsWith('relaxed')) enableRelaxedSimd();
  const { default: create } = await import(join(dir, 'simd-puzzles.mjs'));
  const module = await create({ wasmBinary: readFileSync(join(dir, 'simd-puzzles.wasm')) });
  return JSON.parse(module.entryPoints());
}

// Table index -> function index, from the module's Elem section.
function wasmTable(wasm) {
  const text = execFileSync('wasm-objdump', ['-x', '-j', 'Elem', wasm], { maxBuffer: 1 << 28 }).toString();
  const table = new Map();
  for (const m of text.matchAll(/elem\[(\d+)\] = func\[(\d+)\]/g)) table.set(BigInt(m[1]), BigInt(m[2]));
  return table;
}

// ---- one build ----------------------------------------------------------------------------

async function buildListing(name, force) {
  const build = BUILDS[name];
  const source = build.kind === 'native' ? binaryOverride ?? join(repoRoot, build.binary) : join(repoRoot, build.dir, 'simd-puzzles.wasm');
  const out = join(outDir, `${name}.json`);
  if (!existsSync(source)) {
    console.log(`listings: ${name}: no ${relative(repoRoot, source)} (not built), skipped`);
    return false;
  }
  const scriptTime = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  if (!force && existsSync(out) && statSync(out).mtimeMs > Math.max(statSync(source).mtimeMs, scriptTime)) {
    console.log(`listings: ${name}: up to date`);
    return true;
  }

  let functions;
  let entryInfo;
  let resolveEntry;  // entry address string -> function key (BigInt) in `functions`
  let names;         // function key -> mangled name
  let tool;
  if (build.kind === 'native') {
    entryInfo = nativeEntries(build, source);
    tool = build.objdump.join(' ');
    const [cmd, ...args] = build.objdump;
    functions = parseObjdump(execFileSync(cmd, [...args, source], { maxBuffer: 1 << 30 }).toString());
    const anchor = [...functions.values()].find((f) => f.name === 'sp_listing_anchor');
    if (!anchor) throw new Error(`${name}: no sp_listing_anchor in ${source}`);
    const loadedAnchor = BigInt(entryInfo.anchor);
    resolveEntry = (address) => anchor.start + (BigInt(address) - loadedAnchor);
    names = (f) => f.name;
  } else {
    const wasm = source;
    const symbols = new Map();
    for (const line of readFileSync(join(repoRoot, build.dir, 'simd-puzzles.mjs.symbols'), 'utf8').split('\n')) {
      const m = /^(\d+):(.*)$/.exec(line);
      if (m) symbols.set(BigInt(m[1]), unescapeSymbol(m[2]));
    }
    entryInfo = await wasmEntries(join(repoRoot, build.dir));
    tool = 'wasm-objdump -d';
    functions = parseWasmObjdump(execFileSync('wasm-objdump', ['-d', wasm], { maxBuffer: 1 << 30 }).toString());
    for (const f of functions.values()) f.name = symbols.get(f.start) ?? f.name;
    const table = wasmTable(wasm);
    resolveEntry = (address) => table.get(BigInt(address));
    for (const f of functions.values())
      for (const index of f.tableRefs) if (table.has(index)) f.calls.add(table.get(index));
    names = (f) => f.name;
  }

  // Each kernel's call tree, breadth first from its entries.
  const used = new Map();  // function key -> function
  const kernels = {};
  for (const k of entryInfo.kernels) {
    const entries = [];
    for (const e of k.entries) {
      const key = resolveEntry(e.address);
      const f = key === undefined ? undefined : functions.get(key);
      if (!f) throw new Error(`${name}: ${k.key} entry ${e.role} at ${e.address} is not the start of a function`);
      entries.push({ role: e.role, key });
    }
    // The whole tree (lib/call-tree.mjs): its counts compare with another build's.
    const { order, truncated } = walkCallTree(entries.map((e) => e.key), functions, (g) => isOurs(names(g)));
    for (const key of order) used.set(key, functions.get(key));
    kernels[`${k.puzzle}/${k.kernel}/${k.isa}`] = { puzzle: k.puzzle, kernel: k.kernel, isa: k.isa, entries, order, truncated };
  }

  // Names people read, and each function's listing and counts once.
  const keys = [...used.keys()];
  const readable = new Map(keys.map((key, i) => [key, null]));
  const demangled = demangleAll(keys.map((key) => names(used.get(key))));
  keys.forEach((key, i) => readable.set(key, demangled[i]));
  // Two functions may demangle alike (GCC clones: .isra, .constprop): the suffix stays, and
  // a repeat gets its address.
  const taken = new Set();
  for (const key of keys) {
    let label = readable.get(key);
    if (taken.has(label)) label = `${label} @${key.toString(16)}`;
    taken.add(label);
    readable.set(key, label);
  }
  // Call targets and taken addresses in operands by a short readable name: objdump writes the
  // mangled symbol ("call 1965f0 <_ZN2sp7nqueens11count_lanes...>"), which says little.
  if (build.kind === 'native') {
    const mangled = new Set();
    for (const key of keys) for (const insn of used.get(key).insns) for (const m of insn[2].matchAll(/<(_Z[^>+]+)/g)) mangled.add(m[1]);
    const list = [...mangled];
    const readableNames = demangleAll(list);
    const short = new Map(list.map((m, i) => [m, shortName(readableNames[i] ?? m)]));
    for (const key of keys)
      for (const insn of used.get(key).insns) insn[2] = insn[2].replace(/<(_Z[^>+]+)/g, (all, m) => `<${short.get(m) ?? m}`);  } else {
    // wasm-objdump names only exports ("call 32 <J>"): every direct call gets its symbol's name.
    for (const key of keys)
      for (const insn of used.get(key).insns) {
        const target = insn[1] === 'call' && functions.get(BigInt(/^\d+/.exec(insn[2])?.[0] ?? -1));
        if (target) insn[2] = `${target.start} <${shortName(target.name)}>`;
      }
  }
  const functionsOut = {};
  const countsOf = new Map();
  for (const key of keys) {
    const f = used.get(key);
    const counts = emptyCounts();
    for (const [, mnemonic, operands] of f.insns) {
      const { cls, memory } = build.classify(mnemonic, operands);
      counts.total += 1;
      counts[cls] += 1;
      if (memory) counts.memory += 1;
    }
    countsOf.set(key, counts);
    functionsOut[readable.get(key)] = { address: key.toString(build.kind === 'native' ? 16 : 10), insns: f.insns, counts };
  }
  const kernelsOut = {};
  for (const [id, k] of Object.entries(kernels)) {
    const counts = emptyCounts();
    for (const key of k.order) addCounts(counts, countsOf.get(key));
    kernelsOut[id] = {
      puzzle: k.puzzle,
      kernel: k.kernel,
      isa: k.isa,
      entries: k.entries.map((e) => ({ role: e.role, function: readable.get(e.key) })),
      functions: k.order.map((key) => readable.get(key)),
      counts,
      truncated: k.truncated,
    };
  }
  const listing = {
    format: 1,
    build: name,
    program_build: entryInfo.build,
    tool,
    source: relative(repoRoot, source),
    // The CLI checks that the listing of its own build is of the very binary it runs.
    source_path: realpathSync(source),
    source_size: statSync(source).size,
    generated: new Date().toISOString(),
    kernels: kernelsOut,
    functions: functionsOut,
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${out}.tmp`, JSON.stringify(listing));
  renameSync(`${out}.tmp`, out);
  console.log(`listings: ${name}: ${Object.keys(kernelsOut).length} kernels, ${keys.length} functions -> ${relative(repoRoot, out)}`);
  return true;
}

const force = args.includes('--force');
const asked = args.filter((a, i) => !a.startsWith('--') && !['--out', '--binary'].includes(args[i - 1]));
if (binaryOverride && (asked.length !== 1 || BUILDS[asked[0]]?.kind !== 'native')) {
  console.error('build-listings: --binary goes with one native build (x86-64 or aarch64)');
  process.exit(2);
}
for (const a of asked) {
  if (!(a in BUILDS)) {
    console.error(`build-listings: unknown build '${a}' (builds: ${Object.keys(BUILDS).join(', ')})`);
    process.exit(2);
  }
}
let failed = false;
for (const name of asked.length ? asked : Object.keys(BUILDS)) {
  try {
    const made = await buildListing(name, force);
    // A build asked for by name must exist.
    if (!made && asked.length) failed = true;
  } catch (error) {
    console.error(`build-listings: ${name}: ${error.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
