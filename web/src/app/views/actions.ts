// What a view may ask for: every user action goes to one controller (main.ts wires them), and
// views never change the state themselves.
import type { Build } from '../../share/builds';
import type { Params } from '../../share/schema';
import type { PageRecord } from '../../share/verify';

export interface Actions {
  editParams(puzzle: string, params: Params): void;
  /** A file picked for the puzzle (null: none, generated data); false if it could not be read. */
  pickFile(puzzle: string, file: File | null): Promise<boolean>;
  setKernels(puzzle: string, keys: Set<string>): void;
  setBuilds(builds: Set<Build>): void;
  /** Run the case on screen (`confirmed`: also when it is expected to take hours). */
  run(confirmed?: boolean): void;
  /** Not that run after all. */
  dismissRun(): void;
  bench(cases: string[]): void;
  stop(): void;
  showCase(record: PageRecord): void;
  copyLink(): void;
  importNative(file: File | undefined): void;
  /** The history (#history): pick an entry for comparison (or unpick it), delete one, clear all
   * (`confirmed` false: ask first; null: do not after all). */
  pickRun(id: number): void;
  deleteRun(id: number): void;
  clearRuns(confirmed: boolean | null): void;
}
