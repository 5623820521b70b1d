// Every name a build goes by, in one place. The page loads two wasm flavours (`Build`: which
// module a worker runs, what a link's `builds` lists); records name the build that measured them
// (`wasm-simd128`: the engine's SP_BUILD_NAME, also `native`, `aarch64`, ...), and a browser peer's
// record names the kind of program it is (`peer-wasm`, `peer-js`). Tables, pickers and charts label
// and colour them from here.

export const BUILDS = ['simd128', 'baseline'] as const;
export type Build = (typeof BUILDS)[number];

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
  baseline: { record: 'wasm-baseline', label: 'wasm baseline', picker: 'wasm baseline (no SIMD)', colour: '#8ab0f0' },
};

export const buildInfo = (build: Build): BuildInfo => INFO[build];

/** The record build name of a wasm flavour ("wasm-simd128"). */
export const recordBuild = (build: Build): string => INFO[build].record;

/** The wasm flavour a record build name stands for, if it is one of the page's own. */
export const wasmBuildOf = (record: string): Build | undefined => BUILDS.find((b) => INFO[b].record === record);

/** Builds a browser measured: ours, by name; a native report never holds one. */
export const isWasmRecordBuild = (record: string): boolean => record.startsWith('wasm');

// A browser peer's record names what kind of program ran (share/peers.ts).
const PEER_BUILD_LABELS: Record<string, string> = { 'peer-js': 'JavaScript', 'peer-wasm': 'wasm (its own)' };

/** A record's build as a table cell shows it: a wasm flavour by its short name ("simd128"), a
 * peer program by its kind, anything else (native, aarch64) as it is. */
export function buildLabel(record: string): string {
  return wasmBuildOf(record) ?? PEER_BUILD_LABELS[record] ?? record;
}

/** Chart colours of the sides that are not a wasm flavour of the viewer's. */
export const SIDE_COLOURS = { native: '#d9822b', shared: '#5aa469', peer: '#8e44ad' } as const;
