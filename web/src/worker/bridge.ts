// The page's handle on one worker (one wasm flavour). Calls are queued one at a time; stop()
// terminates the worker immediately, which is the only way to interrupt wasm mid-kernel, and the
// next call starts a fresh worker. A call given an AbortSignal stops the worker when it aborts.
import type { Build } from '../share/builds';
import type { Environment } from '../share/schema';
import type { ProgressEvent } from '../share/engine-types';
import type { FromWorker, ModuleUrls, ToWorker } from './protocol';

export class StoppedError extends Error {
  constructor() {
    super('stopped');
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (event: ProgressEvent) => void;
}

export class WorkerBridge {
  private worker: Worker | null = null;
  private ready: Promise<Environment> | null = null;
  private rejectReady: ((e: Error) => void) | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;

  /** `modules`: load this module instead of the page's own build of the flavour (a playground
   * build of the user's kernel, app/playground/). */
  constructor(readonly build: Build, readonly modules?: ModuleUrls) {}

  /** Starts the worker if needed and resolves with its environment once the module is loaded. */
  start(): Promise<Environment> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    this.ready = new Promise<Environment>((resolve, reject) => {
      this.rejectReady = reject;
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const msg = e.data;
        if (msg.type === 'ready') resolve(msg.environment);
        else if (msg.type === 'init-error') reject(new Error(msg.message));
        else if (msg.type === 'progress') this.pending.get(msg.id)?.onProgress?.(msg.event);
        else if (msg.type === 'response') {
          const p = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          p?.resolve(msg.response);
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        const error = new Error(`the ${this.build} worker failed: ${e.message || 'unknown error'}`);
        reject(error);
        this.failAll(error);
      };
    });
    this.ready.catch(() => this.stop());
    worker.postMessage({ type: 'init', build: this.build, ...(this.modules ? { modules: this.modules } : {}) } satisfies ToWorker);
    return this.ready;
  }

  call<T>(request: unknown, onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal): Promise<T> {
    return this.send<T>((id) => ({ type: 'request', id, request }), onProgress, signal);
  }

  /** Hands the module the picked file (an empty one is still a file), or null for none. */
  setInput(bytes: Uint8Array | null, signal?: AbortSignal): Promise<{ ok: boolean; error?: string }> {
    return this.send((id) => ({ type: 'input', id, bytes }), undefined, signal);
  }

  /** Kills the worker now; pending calls reject with StoppedError. */
  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.rejectReady?.(new StoppedError());
    this.ready = null;
    this.rejectReady = null;
    this.failAll(new StoppedError());
  }

  private async send<T>(message: (id: number) => ToWorker, onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new StoppedError();
    const stop = () => this.stop();
    signal?.addEventListener('abort', stop);
    try {
      await this.start();
      const id = this.nextId++;
      return await new Promise<T>((resolve, reject) => {
        this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
        this.worker?.postMessage(message(id));
      });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  private failAll(error: Error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }
}
