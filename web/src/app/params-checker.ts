// Every edit of the params goes to the engine (`validate`, in the page's own worker, which never
// times anything): the page follows its verdict, shows its error under the field it names, and
// draws the case it accepted. A newer edit makes an older verdict, arriving late, moot.
import type { PuzzleView } from './puzzle-view';
import type { Params } from '../share/schema';
import { neutralizeBidi } from '../share/text';
import type { CaseCheck, Engine } from './engine';
import type { CatalogPuzzle } from '../share/engine-types';
import { caseOnScreen, puzzleOf, puzzleStateOf } from './state/selectors';
import { withNotice, withPuzzle, type FileState, type Store } from './state/store';
import { helperBuild, withEngineWorker } from './trust';

const MAX_FILE_BYTES = 512 * 1024 * 1024; // the wasm module's cap (cpp/wasm/bindings.cpp)

/** The fields as the engine gets them: a number field's value without the spaces around it, as
 * the engine already reads a text field ('20 ' is 20, like a FEN with a trailing space). */
export function forEngine(puzzle: CatalogPuzzle, params: Params): Params {
  const numbers = new Set(puzzle.params.filter((spec) => spec.kind === 'integer').map((spec) => spec.name));
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, numbers.has(name) && typeof value === 'string' ? value.trim() : value]));
}

export class ParamsChecker {
  private drawTimer = 0;

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly views: ReadonlyMap<string, PuzzleView>,
  ) {}

  /**
   * New field values for a puzzle. An edit shows the case on screen; a re-check (opening a tab, a
   * link with several cases) keeps what the table showed.
   */
  async edit(id: string, params: Params, edited = true) {
    let edit = 0;
    this.store.update((s) => withPuzzle({ ...s, confirm: null }, id, (p) => {
      edit = p.edits + 1;
      return { ...p, params, edits: edit, check: null, view: edited ? { kind: 'case' } : p.view };
    }));
    const file = puzzleStateOf(this.store.get(), id).file;
    const check = await this.check(id, forEngine(puzzleOf(this.store.get(), id), params), file);
    if (puzzleStateOf(this.store.get(), id).edits !== edit) return; // a newer edit is on its way
    // The engine hashed the file once: later checks declare it by size and digest.
    const hashed = file && !file.input && check.ok && check.input ? { ...file, input: check.input } : null;
    this.store.update((s) => withPuzzle(s, id, (p) => ({
      ...p,
      check,
      file: hashed && p.file === file ? hashed : p.file,
      fileNames: hashed ? new Map(p.fileNames).set(hashed.input.fnv1a64, hashed.name) : p.fileNames,
    })));
    this.requestDrawing(id);
  }

  /**
   * A file picked (null: cleared) for a puzzle that reads one; it is part of the case. Returns
   * false when it could not be used: never fall back to generated data silently, the run would
   * count something else.
   */
  async pickFile(id: string, picked: File | null): Promise<boolean> {
    const notice = (text: string | null) => this.store.update((s) => withNotice(s, 'file', text === null ? null : { text, kind: 'error' }));
    let file: FileState | null = null;
    if (picked) {
      const shown = neutralizeBidi(picked.name).slice(0, 120);
      if (picked.size > MAX_FILE_BYTES) {
        notice(`${shown} is larger than 512 MiB; pick a smaller file.`);
        return false;
      }
      try {
        file = { name: shown, bytes: new Uint8Array(await picked.arrayBuffer()), input: null };
        notice(null);
      } catch (e) {
        notice(`Could not read ${shown}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    this.store.update((s) => withPuzzle(s, id, (p) => ({ ...p, file })));
    void this.edit(id, puzzleStateOf(this.store.get(), id).params);
    return file !== null || picked === null;
  }

  private async check(id: string, params: Params, file: FileState | null): Promise<CaseCheck> {
    try {
      if (!file) return await this.engine.validate(id, params);
      if (file.input) return await this.engine.validate(id, params, file.input);
      // First check with this file: the engine hashes it once, in a worker of its own whose
      // memory goes with it.
      return await withEngineWorker(helperBuild(this.store.get()), (engine) => engine.validateFile(id, params, file.bytes));
    } catch (e) {
      return { ok: false, error: `the parameters could not be checked: ${String(e)}` };
    }
  }

  /** Draws the case on screen (board, net) as params change, without running kernels. */
  private requestDrawing(id: string) {
    window.clearTimeout(this.drawTimer);
    const view = this.views.get(id);
    const p = puzzleStateOf(this.store.get(), id);
    const check = caseOnScreen(p);
    if (id !== this.store.get().puzzleId || !view?.illustrate || view.liveIllustration === false || !check || p.drawings.has(check.case_key)) return;
    this.drawTimer = window.setTimeout(async () => {
      const drawing = await this.engine.illustrate(id, check.params).catch(() => null);
      if (drawing === null) return;
      this.store.update((s) => withPuzzle(s, id, (q) => ({ ...q, drawings: new Map(q.drawings).set(check.case_key, drawing) })));
    }, 120);
  }
}
