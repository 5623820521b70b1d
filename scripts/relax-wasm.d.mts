// Types of relax-wasm.mjs, for the tests and the playground service that import it.
export declare const RELAXED_OPCODES: Readonly<Record<string, string>>;
export declare const STAMP_PREFIX: string;
export declare function relaxWat(wat: string): { wat: string; counts: Record<string, number> };
export declare function restamp(bytes: Buffer, from?: string, to?: string): Buffer;
export declare function relax(from: string, to: string, options?: { stamped?: boolean }): Record<string, number>;
