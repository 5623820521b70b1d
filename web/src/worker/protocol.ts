// Messages between the page and its Web Worker. One worker runs one build (a wasm flavour, or js).
import type { Build } from '../share/builds';
import type { Environment } from '../share/schema';
import type { ProgressEvent } from '../share/engine-types';

/** A module to load in place of the page's own build of that flavour: a playground build of the
 * user's kernel (app/playground/), served by the page's own server. */
export interface ModuleUrls {
  mjs: string;
  wasm: string;
}

export type ToWorker =
  | { type: 'init'; build: Build; modules?: ModuleUrls }
  | { type: 'request'; id: number; request: unknown }
  | { type: 'input'; id: number; bytes: Uint8Array | null }; // null: no file (generated data)

export type FromWorker =
  | { type: 'ready'; environment: Environment }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; id: number; event: ProgressEvent }
  | { type: 'response'; id: number; response: unknown };
