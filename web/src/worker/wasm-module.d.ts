// The Embind module built by wasm-build/ (see cpp/wasm/bindings.cpp), imported through the
// `@wasm` alias (web/vite.config.ts) so this one declaration covers both flavours.
declare module '@wasm/*/simd-puzzles.mjs' {
  export interface SimdPuzzlesModule {
    /** Engine request JSON in, response JSON out; onProgress gets event JSON during long runs. */
    handle(request: string, onProgress: ((event: string) => void) | null): string;
    /** Copies a file's bytes into the module for puzzles that read one; false if too large. */
    setInput(bytes: Uint8Array): boolean;
    clearInput(): void;
  }
  export interface ModuleOptions {
    locateFile?: (path: string) => string;
    wasmBinary?: ArrayBuffer | Uint8Array;
  }
  const createSimdPuzzles: (options?: ModuleOptions) => Promise<SimdPuzzlesModule>;
  export default createSimdPuzzles;
}
