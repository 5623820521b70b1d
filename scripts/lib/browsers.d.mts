// Types of browsers.mjs, for the tests that import it.
export declare const CHROMIUM_PATH: string;
export declare const FIREFOX_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
