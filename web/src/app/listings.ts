// Instruction listings: each kernel's hot functions as the compilers emitted them, one JSON file per
// build (scripts/build-listings.mjs writes build/listings/<build>.json from the built binaries; the
// server serves them at listings/<build>.json). Fetched when the Instructions panel first needs a
// build, checked like any data from outside, and kept.
import { z } from 'zod';

/** The builds a listing exists for, in the order the panel offers them. */
export const NATIVE_LISTING_BUILDS = ['x86-64', 'aarch64'] as const;
export const WASM_LISTING_BUILDS = ['simd128', 'baseline'] as const;
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
  functions: { name: string; insns: [string, string, string][] }[];
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
      return f ? [{ name, insns: f.insns }] : [];
    }),
  };
}

// Instructions an explainer may name, each with the mnemonics that are it in some build (VEX and
// EVEX forms, element sizes). A listing highlights a family when the puzzle's explainer mentions
// one of its names as a word: "the instructions the explainer names", and only those.
const NAMED_INSTRUCTIONS: readonly { names: readonly string[]; mnemonics: RegExp }[] = [
  { names: ['pshufb'], mnemonics: /^v?pshufb$/ },
  { names: ['i8x16.swizzle'], mnemonics: /^i8x16\.swizzle$/ },
  { names: ['i8x16.shuffle'], mnemonics: /^i8x16\.shuffle$/ },
  { names: ['tbl'], mnemonics: /^tb[lx]$/ },
  { names: ['vpternlog', 'ternlog'], mnemonics: /^vpternlog[dq]$/ },
  { names: ['popcnt', 'popcount', 'std::popcount'], mnemonics: /^popcnt$/ },
  { names: ['vpopcntdq', 'vpopcntq', 'vpopcnt'], mnemonics: /^vpopcnt[dq]$/ },
  { names: ['bitalg', 'vpopcntb'], mnemonics: /^vpopcnt[bw]$/ },
  { names: ['cnt'], mnemonics: /^cnt$/ },
  { names: ['i8x16.popcnt'], mnemonics: /^i8x16\.popcnt$/ },
  { names: ['i64.popcnt', 'popcnt'], mnemonics: /^i(32|64)\.popcnt$/ },
  { names: ['pext', 'bmi2'], mnemonics: /^pext$/ },
  { names: ['pdep'], mnemonics: /^pdep$/ },
  { names: ['gfni', 'gf2p8affineqb'], mnemonics: /^v?gf2p8affine(inv)?qb$/ },
  { names: ['bswap', 'byte swap'], mnemonics: /^(bswap|movbe|rev)$/ },
  { names: ['compress', 'compaction', 'vpcompressd'], mnemonics: /^vp?compress[bwdq]?$|^vcompressp[sd]$/ },
  { names: ['movemask', 'pmovmskb'], mnemonics: /^v?pmovmskb$|^v?movmskp[sd]$|^i8x16\.bitmask$/ },
  { names: ['tzcnt', 'ctz', 'lowest set bit'], mnemonics: /^(tzcnt|bsf|rbit|i(32|64)\.ctz)$/ },
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mnemonic test for the instructions `explainerText` names. */
export function namedInstructions(explainerText: string): { names: string[]; test: (mnemonic: string) => boolean } {
  const text = explainerText.toLowerCase();
  const families = NAMED_INSTRUCTIONS.filter((f) => f.names.some((n) => new RegExp(`(?<![\\w.])${escapeRe(n)}(?![\\w]|\\.\\w)`).test(text)));
  return {
    names: [...new Set(families.flatMap((f) => f.names.filter((n) => text.includes(n))))],
    test: (mnemonic) => families.some((f) => f.mnemonics.test(mnemonic.split(' ').pop() ?? mnemonic)),
  };
}

/** Vector registers or ops a listing uses, for the tests and the panel's one-line summary. */
export function usesRegisters(listing: KernelListing, pattern: RegExp): boolean {
  return listing.functions.some((f) => f.insns.some(([, mnemonic, operands]) => pattern.test(`${mnemonic} ${operands}`)));
}
