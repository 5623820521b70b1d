// Types of relaxed-simd.mjs, for the tests that import it.
export declare const RELAXED_BY_DEFAULT: boolean;
export declare function enableRelaxedSimd(): boolean;
