// Instruction listings: each kernel's hot functions as the compilers emitted them, one JSON file per
// build (scripts/build-listings.mjs writes build/listings/<build>.json from the built binaries; the
// server serves them at listings/<build>.json). Fetched when the Instructions panel first needs a
// build, checked like any data from outside, and kept.
import { z } from 'zod';

/** The builds a listing exists for, in the order the panel offers them. */
export const NATIVE_LISTING_BUILDS = ['x86-64', 'aarch64'] as const;
export const WASM_LISTING_BUILDS = ['simd128', 'relaxed', 'baseline'] as const;
export type ListingBuild = (typeof NATIVE_LISTING_BUILDS)[number] | (typeof WASM_LISTING_BUILDS)[number];

const counts = z.object({
  total: z.number().int().nonnegative(),
  vector: z.number().int().nonnegative(),
  scalar: z.number().int().nonnegative(),
  branch: z.number().int().nonnegative(),
  other: z.number().int().nonnegative(),
  memory: z.number().int().nonnegative(),
});
export type InstructionCounts = z.infer<typeof counts>;

const listingSchema = z.object({
  build: z.string(),
  tool: z.string(),
  source: z.string(),
  generated: z.string(),
  kernels: z.record(z.string(), z.object({
    puzzle: z.string(),
    kernel: z.string(),
    isa: z.string(),
    entries: z.array(z.object({ role: z.string(), function: z.string() })),
    functions: z.array(z.string()),
    counts,
    truncated: z.boolean(),
  })),
  functions: z.record(z.string(), z.object({
    address: z.string(),
    // [address, mnemonic, operands]
    insns: z.array(z.tuple([z.string(), z.string(), z.string()])),
    counts,
  })),
});
export type Listing = z.infer<typeof listingSchema>;

/** One kernel's listing in one build: its functions in call order (entries first). */
export interface KernelListing {
  build: ListingBuild;
  isa: string;
  tool: string;
  counts: InstructionCounts;
  truncated: boolean;
  entries: { role: string; function: string }[];
  functions: { name: string; insns: [string, string, string][]; counts: InstructionCounts }[];
}

const cache = new Map<ListingBuild, Promise<Listing | null>>();

/** A build's listing, or null where the server has none (not built here: aarch64 comes with
 * `npm test`, the native ones after the native build). A failed fetch is retried next time. */
export function loadListing(build: ListingBuild, fetcher: typeof fetch = fetch): Promise<Listing | null> {
  let pending = cache.get(build);
  if (!pending) {
    pending = fetcher(`listings/${build}.json`, { cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) return null;
        const parsed = listingSchema.safeParse(await response.json());
        return parsed.success ? parsed.data : null;
      })
      .catch(() => null);
    pending.then((listing) => listing === null && cache.delete(build));
    cache.set(build, pending);
  }
  return pending;
}

/** A playground build's listing (app/playground/: the server's URL for it), or null. */
export async function loadListingAt(url: string, fetcher: typeof fetch = fetch): Promise<Listing | null> {
  try {
    const response = await fetcher(url, { cache: 'no-cache' });
    if (!response.ok) return null;
    const parsed = listingSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `stock` with the `kernel` entries of `extra` (a playground build's listing) and the functions
 * they name added: the panel shows the user's kernel beside ours. */
export function withKernelsOf(stock: Listing | null, extra: Listing | undefined, kernel: string): Listing | null {
  if (!extra) return stock;
  const kernels = Object.fromEntries(Object.entries(extra.kernels).filter(([, k]) => k.kernel === kernel));
  const names = new Set(Object.values(kernels).flatMap((k) => k.functions));
  const functions = Object.fromEntries(Object.entries(extra.functions).filter(([name]) => names.has(name)));
  if (!stock) return { ...extra, kernels, functions };
  return { ...stock, kernels: { ...stock.kernels, ...kernels }, functions: { ...stock.functions, ...functions } };
}

// npm start makes the AArch64 listing in the background (scripts/aarch64-listing.mjs) and says how
// far it got in listings/aarch64.status.json, which the panel reads while the listing is missing.
const listingStatusSchema = z.object({
  state: z.enum(['building', 'done', 'failed', 'unavailable', 'stopped']),
  step: z.string().max(40).optional(),
  words: z.string().max(200).optional(),
  reason: z.string().max(400).optional(),
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/** The AArch64 listing's background build, or null where there is none (a static site, npm test). */
export async function loadListingStatus(fetcher: typeof fetch = fetch): Promise<ListingStatus | null> {
  try {
    const response = await fetcher('listings/aarch64.status.json', { cache: 'no-cache' });
    if (!response.ok) return null;
    const parsed = listingStatusSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the panel says of a missing AArch64 listing, from its background build's status. */
export function aarch64StatusWords(status: ListingStatus | null): string | null {
  if (!status) return null;
  switch (status.state) {
    case 'building':
      return `The AArch64 listing is being built in the background (${status.words ?? status.step ?? 'the cross build'}); open this panel again in a few minutes for the NEON side.`;
    case 'failed':
      return `The AArch64 listing could not be built: ${status.reason ?? 'the cross build failed'}.`;
    case 'unavailable':
      return `No AArch64 listing: ${status.reason ?? 'the cross tools are missing'}.`;
    case 'stopped':
      return 'The AArch64 listing’s build was stopped; the next npm start makes it.';
    case 'done':
      return null;
  }
}

/** The ISAs a kernel has in a build's listing, in the listing's order. */
export function isasOf(listing: Listing, puzzle: string, kernel: string): string[] {
  return Object.values(listing.kernels).filter((k) => k.puzzle === puzzle && k.kernel === kernel).map((k) => k.isa);
}

export function kernelListing(listing: Listing, build: ListingBuild, puzzle: string, kernel: string, isa: string): KernelListing | null {
  const k = listing.kernels[`${puzzle}/${kernel}/${isa}`];
  if (!k) return null;
  return {
    build,
    isa,
    tool: listing.tool,
    counts: k.counts,
    truncated: k.truncated,
    entries: k.entries,
    functions: k.functions.flatMap((name) => {
      const f = listing.functions[name];
      return f ? [{ name, insns: f.insns, counts: f.counts }] : [];
    }),
  };
}

// ---- instruction classes ------------------------------------------------------------------------

/** A class of instructions the panel highlights wherever it occurs, in any build: what the
 * kernels are about (byte shuffles, population counts, bit extraction, compress, movemask…),
 * matched on the mnemonic itself in its every spelling (SSE and VEX/EVEX forms, element sizes,
 * AArch64 and wasm names), never on words of an explainer. */
export interface InstructionClass {
  id: string;
  /** What it is, in words, for the legend ("byte shuffle"). */
  label: string;
  mnemonics: RegExp;
}

export const INSTRUCTION_CLASSES: readonly InstructionClass[] = [
  // Byte shuffles by a vector of indices (a table lookup in a register). Not wasm's i8x16.shuffle,
  // whose lanes are constants: LLVM emits it for any lane move, as GCC emits pshufd or punpck.
  { id: 'shuffle', label: 'byte shuffle, table lookup', mnemonics: /^(v?pshufb|vpperm|vpermb|vpermi2b|vpermt2b|i8x16\.swizzle|i8x16\.relaxed_swizzle|tb[lx])$/ },
  { id: 'popcount', label: 'population count', mnemonics: /^(popcnt|vpopcnt[bwdq]|cnt|i8x16\.popcnt|i(32|64)\.popcnt)$/ },
  { id: 'pext', label: 'bit extract and deposit', mnemonics: /^(pext|pdep)$/ },
  { id: 'compress', label: 'compress and expand', mnemonics: /^(vp?compress[bwdq]?|vcompressp[sd]|vpexpand[bwdq]|vexpandp[sd])$/ },
  { id: 'movemask', label: 'lanes to a bit mask', mnemonics: /^(v?pmovmskb|v?movmskp[sd]|vpmov[bwdq]2m|i(8x16|16x8|32x4|64x2)\.bitmask)$/ },
  { id: 'lanetest', label: 'any or all lanes', mnemonics: /^(v?ptest|vptestn?m[bwdq]|kortest[bwdq]|v128\.any_true|i(8x16|16x8|32x4|64x2)\.all_true|umaxv|uminv|addv)$/ },
  { id: 'ternlog', label: 'three-input logic', mnemonics: /^vpternlog[dq]$/ },
  { id: 'gfni', label: 'Galois-field affine', mnemonics: /^v?gf2p8(affine(inv)?qb|mulb)$/ },
  { id: 'bitscan', label: 'bit scan', mnemonics: /^(tzcnt|lzcnt|bsf|bsr|blsr|blsi|rbit|clz|ctz|i(32|64)\.(ctz|clz))$/ },
  { id: 'bswap', label: 'byte reversal', mnemonics: /^(bswap|movbe|rev|rev16|rev32|rev64)$/ },
];

/** The class of a mnemonic (its last word: "lock add" is "add"), or null. */
export function instructionClass(mnemonic: string): InstructionClass | null {
  const base = mnemonic.trim().split(/\s+/).pop() ?? mnemonic;
  return INSTRUCTION_CLASSES.find((c) => c.mnemonics.test(base)) ?? null;
}

/** A listing's highlighted instructions by class, in INSTRUCTION_CLASSES' order: how many, and of
 * which mnemonics (most frequent first). */
export function classCounts(functions: readonly { insns: readonly [string, string, string][] }[]): { id: string; label: string; count: number; mnemonics: [string, number][] }[] {
  const found = new Map<string, Map<string, number>>();
  for (const f of functions)
    for (const [, mnemonic] of f.insns) {
      const c = instructionClass(mnemonic);
      if (!c) continue;
      const m = found.get(c.id) ?? new Map<string, number>();
      m.set(mnemonic, (m.get(mnemonic) ?? 0) + 1);
      found.set(c.id, m);
    }
  return INSTRUCTION_CLASSES.filter((c) => found.has(c.id)).map((c) => {
    const mnemonics = [...found.get(c.id)!].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return { id: c.id, label: c.label, count: mnemonics.reduce((n, [, k]) => n + k, 0), mnemonics };
  });
}

// ---- names --------------------------------------------------------------------------------------

/**
 * A demangled C++ name as people read it in a listing: template arguments cut to "<…>", the
 * parameters to "(…)" (none: "()"), a function template's return type dropped, "(anonymous
 * namespace)" as "{anon}", a clone suffix (" [clone .isra.0]") and a repeat's " @address" kept.
 * "unsigned long long sp::popcount::count_words<&(…)>(unsigned char const*, unsigned long)"
 * reads "sp::popcount::count_words<…>(…)".
 */
export function shortName(name: string): string {
  const tail = / \[clone [^\]]+\]( @[0-9a-f]+)?$| @[0-9a-f]+$/.exec(name)?.[0] ?? '';
  const body = name.slice(0, name.length - tail.length).replaceAll('(anonymous namespace)', '{anon}');
  let out = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    // "operator<", "operator()" and the like: the operator is part of the name, not a bracket.
    if (depth === 0 && /operator ?$/.test(out)) {
      const op = /^(\(\)|\[\]|<=>|<<=|>>=|<<|>>|<=|>=|->\*?|[<>]|[-+*/%^&|~!=,]+)/.exec(body.slice(i))?.[0];
      if (op) {
        out += op;
        i += op.length - 1;
        continue;
      }
    }
    if (ch === '<' || ch === '(') {
      if (depth++ === 0) out += body[i + 1] === (ch === '<' ? '>' : ')') ? ch : `${ch}…`;
    } else if (ch === '>' || ch === ')') {
      if (depth > 0 && --depth === 0) out += ch;
    } else if (depth === 0) {
      out += ch;
    }
  }
  // The last word is the name ("unsigned long long sp::f" is "sp::f"), once qualifiers are off.
  const words = out.replace(/( const| volatile| &&?| noexcept)+$/, '').trim().split(' ');
  const last = words.pop() ?? name;
  return `${words.at(-1)?.endsWith('operator') ? `${words.pop()} ` : ''}${last}${tail}`;
}

/**
 * An instruction's operands as the panel shows them: the symbol in angle brackets at their end
 * (a call's target, an address's label) with its template arguments cut (shortName), and an
 * address's label dropped unless it is the puzzle's own symbol: objdump names an address after the
 * symbol before it, so a cube table placed after chess's rays reads "<sp::chess::kRays+0x17…>",
 * and one after a library's data names the library: guesses.
 */
export function readableOperands(operands: string, puzzle: string): string {
  // The symbol follows the address it names: "1965f0 <…>", "… # 1ffe20 <…>" (it may hold "<" of
  // its own: "operator<(…)").
  const found = /^(.*?\b[0-9a-f]+) <(.*)>$/.exec(operands);
  if (!found) return operands;
  const [, before, symbol] = found as unknown as [string, string, string];
  // An address's label ("# 1ffe20 <…>") names the symbol at or before it: kept only where it is
  // this puzzle's own data (or our shared code's), never another puzzle's or a library's.
  const ns = /^sp::(\w+)::/.exec(symbol)?.[1];
  const ours = ns !== undefined && (ns === puzzle || ['core', 'simd', 'cpu'].includes(ns));
  if (/ # [0-9a-f]+$/.test(before) && !ours) return before;
  const plus = /\+0x[0-9a-f]+$/.exec(symbol)?.[0] ?? '';
  return `${before} <${shortName(symbol.slice(0, symbol.length - plus.length))}${plus}>`;
}

// ---- which kernel, which sides, which functions -------------------------------------------------

// Vector ISAs by width, for the panel's choices (compare.ts learns them from the catalog; these
// are the labels of cpp/core/cpu.h, for a panel opened before the catalog has loaded).
const KNOWN_BITS: Record<string, number> = { scalar: 0, bmi2: 0, 'sse4.1': 128, neon: 128, simd128: 128, avx2: 256, avx512: 512 };
const bitsOf = (isa: string, bits?: (isa: string) => number | undefined) => bits?.(isa) ?? KNOWN_BITS[isa] ?? 0;

/**
 * The kernel the panel opens on: the first kernel, in the puzzle's order, that the person has
 * selected to run (`selected`: "id/isa" keys; null: all of them) and that is a SIMD kernel in
 * wasm (a simd128 ISA in some listing); else the first SIMD kernel of any build that is selected,
 * then of any; else the first listed. Never the scalar reference while a SIMD kernel exists.
 */
export function openingKernel(kernels: readonly { id: string; isas: readonly string[] }[], selected: ReadonlySet<string> | null, bits?: (isa: string) => number | undefined): string {
  const chosen = (k: { id: string }) => selected === null || [...selected].some((key) => key.split('/')[0] === k.id);
  const wasmSimd = (k: { isas: readonly string[] }) => k.isas.includes('simd128');
  const simd = (k: { isas: readonly string[] }) => k.isas.some((isa) => bitsOf(isa, bits) > 0);
  return (kernels.find((k) => chosen(k) && wasmSimd(k)) ?? kernels.find((k) => chosen(k) && simd(k)) ?? kernels.find(wasmSimd) ?? kernels.find(simd) ?? kernels[0])?.id ?? '';
}

/** The native ISA closest to the wasm side's (`wasmIsa`): the same vector width first (SSE4.1 or
 * NEON beside SIMD128), then the nearest width, x86 before AArch64 as listed; without a wasm side
 * the widest x86 ISA most machines run. `native`: the kernel's native ISAs, in the listings' order. */
export function closestNative(native: readonly string[], wasmIsa: string | null, bits?: (isa: string) => number | undefined): string | null {
  if (!native.length) return null;
  if (wasmIsa === null) return ['avx2', 'sse4.1', 'bmi2', 'avx512', 'neon', 'scalar'].find((isa) => native.includes(isa)) ?? native[0]!;
  const want = bitsOf(wasmIsa, bits);
  return [...native].sort((a, b) => Math.abs(bitsOf(a, bits) - want) - Math.abs(bitsOf(b, bits) - want) || bitsOf(a, bits) - bitsOf(b, bits))[0]!;
}

/**
 * The functions the panel shows open, in order: the kernel's entries (what it registered: its
 * run, lookup or perft), and where they hold less than half of its highlighted instructions
 * (INSTRUCTION_CLASSES) or of its vector ones (an entry that only calls the real work), the
 * function with the most of them, highlighted first; else, where the entries are tiny scalar code,
 * the largest one. The rest are folded.
 */
export function hotFunctions(k: Pick<KernelListing, 'entries' | 'functions'>): string[] {
  const open = [...new Set(k.entries.map((e) => e.function))].filter((name) => k.functions.some((f) => f.name === name));
  const rest = k.functions.filter((f) => !open.includes(f.name));
  if (!rest.length) return open;
  const marked = (f: KernelListing['functions'][number]) => f.insns.reduce((n, [, m]) => n + (instructionClass(m) ? 1 : 0), 0);
  const vector = (f: KernelListing['functions'][number]) => f.counts.vector;
  const share = (measure: (f: KernelListing['functions'][number]) => number) => {
    const total = k.functions.reduce((n, f) => n + measure(f), 0);
    return { total, elsewhere: total > 0 && 2 * k.functions.filter((f) => open.includes(f.name)).reduce((n, f) => n + measure(f), 0) < total };
  };
  const [m, v] = [share(marked), share(vector)];
  const best = [...rest].sort((a, b) => marked(b) - marked(a) || vector(b) - vector(a) || b.insns.length - a.insns.length)[0]!;
  if (m.elsewhere || v.elsewhere) return [...open, best.name];
  const entrySize = k.functions.filter((f) => open.includes(f.name)).reduce((n, f) => n + f.insns.length, 0);
  if (v.total === 0 && entrySize < 64) return [...open, [...rest].sort((a, b) => b.insns.length - a.insns.length)[0]!.name];
  return open;
}

/** Vector registers or ops a listing uses, for the tests and the panel's one-line summary. */
export function usesRegisters(listing: KernelListing, pattern: RegExp): boolean {
  return listing.functions.some((f) => f.insns.some(([, mnemonic, operands]) => pattern.test(`${mnemonic} ${operands}`)));
}
