// Every name a build goes by, in one place. The page runs four builds (`Build`: what a worker
// runs, what a link's `builds` lists): three wasm flavours (SIMD128; relaxed, the SIMD128 module with
// Relaxed SIMD's swizzle, where the browser validates it; baseline) and `js`, the plain-JavaScript kernels of
// web/src/js-kernels/ (the same puzzles without wasm, for the wasm ÷ JS comparison). Records name
// the build that measured them (`wasm-simd128`: the engine's build name (cpp/core/build_name.h), also `native`,
// `aarch64`, ...; `js`), and a browser peer's record names the kind of program it is (`peer-wasm`,
// `peer-js`). Tables, pickers and charts label and colour them from here.

export const BUILDS = ['simd128', 'relaxed', 'baseline', 'js'] as const;
export type Build = (typeof BUILDS)[number];
/** The builds that are a wasm module of ours. */
export const WASM_BUILDS: readonly Build[] = ['simd128', 'relaxed', 'baseline'];

interface BuildInfo {
  /** The name its records carry. */
  record: string;
  /** Its name in sentences and chart legends. */
  label: string;
  /** Its checkbox label. */
  picker: string;
  colour: string;
}

const INFO: Record<Build, BuildInfo> = {
  simd128: { record: 'wasm-simd128', label: 'wasm SIMD128', picker: 'wasm SIMD128', colour: '#2f6fdb' },
  relaxed: { record: 'wasm-relaxed', label: 'wasm relaxed SIMD', picker: 'wasm relaxed SIMD', colour: '#1b9aaa' },
  baseline: { record: 'wasm-baseline', label: 'wasm baseline', picker: 'wasm baseline (no SIMD)', colour: '#8ab0f0' },
  js: { record: 'js', label: 'JavaScript', picker: 'plain JavaScript', colour: '#c9a227' },
};

export const buildInfo = (build: Build): BuildInfo => INFO[build];

/** The record build name of a wasm flavour ("wasm-simd128"). */
export const recordBuild = (build: Build): string => INFO[build].record;

/** The page build a record build name stands for ("js", "wasm-simd128"), if it is one of ours. */
export const browserBuildOf = (record: string): Build | undefined => BUILDS.find((b) => INFO[b].record === record);

/** The wasm flavour a record build name stands for, if it is one of the page's own. */
export const wasmBuildOf = (record: string): Build | undefined => WASM_BUILDS.find((b) => INFO[b].record === record);

/** Builds a browser measured: ours, by name (any wasm build, and the JavaScript one); a native
 * report never holds one. */
export const isBrowserRecordBuild = (record: string): boolean => record.startsWith('wasm') || browserBuildOf(record) !== undefined;

// A browser peer's record names what kind of program ran (share/peers.ts).
const PEER_BUILD_LABELS: Record<string, string> = { 'peer-js': 'JavaScript', 'peer-wasm': 'wasm (its own)' };

/** A record's build as a table cell shows it: a wasm flavour by its short name ("simd128"), our
 * JavaScript kernels and a peer program by their kind, anything else (native, aarch64) as it is. */
export function buildLabel(record: string): string {
  if (record === INFO.js.record) return INFO.js.label;
  return wasmBuildOf(record) ?? PEER_BUILD_LABELS[record] ?? record;
}

/** Chart colours of the sides that are not a wasm flavour of the viewer's. */
export const SIDE_COLOURS = { native: '#d9822b', shared: '#5aa469', peer: '#8e44ad' } as const;

/** Why a browser may lack one of our builds, for the sentence a link shows where it is missing. */
const MISSING_REASON: Partial<Record<Build, string>> = {
  simd128: 'this browser cannot run WebAssembly SIMD128',
  relaxed: 'this browser does not validate WebAssembly Relaxed SIMD',
};

/**
 * The builds a link's page opens with in a browser that runs `supported`: the link's own that run
 * here; where the relaxed build is missing, SIMD128 in its place (the same kernels without the
 * relaxed instructions), and nothing picked at all leaves the page's default (`builds` empty).
 * `notice` says what is missing and why, or is null.
 */
export function linkBuildsHere(linked: readonly Build[], supported: ReadonlySet<Build>): { builds: Build[]; notice: string | null } {
  const missing = linked.filter((b) => !supported.has(b));
  const builds = linked.filter((b) => supported.has(b));
  if (missing.includes('relaxed') && supported.has('simd128') && !builds.includes('simd128')) builds.unshift('simd128');
  if (!missing.length) return { builds, notice: null };
  const names = missing.map((b) => `${INFO[b].label}${MISSING_REASON[b] ? ` (${MISSING_REASON[b]})` : ''}`).join(' and ');
  const instead = builds.length ? builds.map((b) => INFO[b].label).join(', ') : 'the builds it runs';
  return {
    builds,
    notice: `This link was made with ${names}, which cannot run here: it opens with ${instead}. The shared results of that build still show as the sharer's.`,
  };
}
