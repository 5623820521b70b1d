// Messages between the page and its Web Worker. One worker runs one build (a wasm flavour, or js).
import type { Build } from '../share/builds';
import type { Environment } from '../share/schema';
import type { ProgressEvent } from '../share/engine-types';

export type ToWorker =
  | { type: 'init'; build: Build }
  | { type: 'request'; id: number; request: unknown }
  | { type: 'input'; id: number; bytes: Uint8Array | null }; // null: no file (generated data)

export type FromWorker =
  | { type: 'ready'; environment: Environment }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; id: number; event: ProgressEvent }
  | { type: 'response'; id: number; response: unknown };
