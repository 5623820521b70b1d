// The history's storage: one IndexedDB object store of entries (app/history.ts), keyed by an
// auto-incremented number, behind a few promise helpers (no library: four operations). Every
// read goes through readEntries, which checks each entry like a link's records. A storage that
// fails (a private window, storage blocked, the quota) is said in words in the History view, and
// the page works on without it: a run is never held up by its history.
import { readEntries, storageProblem, togglePick, type StoredEntry } from './history';
import { withHistory, withNotice, type Store } from './state/store';

const DB_NAME = 'simd-puzzles';
const DB_VERSION = 1;
const RUNS = 'runs';

const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('the transaction was aborted', 'AbortError'));
  });

export class HistoryController {
  /** The storage problem a notice has told of (a run not kept), if any. */
  private told: string | null = null;

  private db: Promise<IDBDatabase> | null = null;

  constructor(
    private readonly store: Store,
    /** The browser's IndexedDB (undefined where it has none). */
    private readonly factory: IDBFactory | undefined = globalThis.indexedDB,
  ) {}

  /** Reads every entry into the state (again: after a change, or when the view opens). */
  async load() {
    try {
      const tx = (await this.open()).transaction(RUNS, 'readonly');
      const runs = tx.objectStore(RUNS);
      const [keys, values] = await Promise.all([settled(runs.getAllKeys()), settled(runs.getAll())]);
      const { entries, skipped } = readEntries(keys.map((key, i) => ({ key, value: values[i] })));
      const ids = new Set(entries.map((e) => e.id));
      this.store.update((s) => withHistory(s, (h) => ({ ...h, entries, skipped, loaded: true, problem: null, picked: h.picked.filter((id) => ids.has(id)) })));
    } catch (e) {
      this.fail(e);
    }
  }

  /** Keeps a run's entry. A storage that refuses says so once, in a notice, and in the view. */
  async keep(entry: StoredEntry) {
    try {
      const tx = (await this.open()).transaction(RUNS, 'readwrite');
      tx.objectStore(RUNS).add(entry);
      await committed(tx);
    } catch (e) {
      // Said once, when a run is not kept (the History screen says it whenever it opens; the page
      // reads the storage at start, so the state may know the problem before any run).
      const problem = storageProblem(e);
      if (this.told !== problem) this.store.update((s) => withNotice(s, 'history', { text: `History: ${problem}`, kind: 'info' }));
      this.told = problem;
      this.fail(e);
      return;
    }
    await this.load();
  }

  async remove(id: number) {
    await this.change((runs) => runs.delete(id));
  }

  async clear() {
    await this.change((runs) => runs.clear());
    this.store.update((s) => withHistory(s, (h) => ({ ...h, confirmClear: false, picked: [] })));
  }

  pick(id: number) {
    this.store.update((s) => withHistory(s, (h) => ({ ...h, picked: togglePick(h.picked, id) })));
  }

  /** Shows (true) or takes back (false) the question before Clear all. */
  askClear(asking: boolean) {
    this.store.update((s) => withHistory(s, (h) => ({ ...h, confirmClear: asking })));
  }

  private async change(fn: (runs: IDBObjectStore) => void) {
    try {
      const tx = (await this.open()).transaction(RUNS, 'readwrite');
      fn(tx.objectStore(RUNS));
      await committed(tx);
    } catch (e) {
      this.fail(e);
      return;
    }
    await this.load();
  }

  private fail(e: unknown) {
    this.store.update((s) => withHistory(s, (h) => ({ ...h, loaded: true, problem: storageProblem(e) })));
  }

  /** The database, opened once (again after a failure, or when another tab upgrades it). */
  private open(): Promise<IDBDatabase> {
    if (this.db) return this.db;
    const opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (!this.factory) {
        reject('unavailable');
        return;
      }
      const request = this.factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(RUNS)) request.result.createObjectStore(RUNS, { autoIncrement: true });
      };
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          this.db = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    });
    this.db = opening;
    opening.catch(() => {
      if (this.db === opening) this.db = null;
    });
    return opening;
  }
}
