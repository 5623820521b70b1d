// Every puzzle view, found at build time: adding web/src/puzzles/<id>/view.ts is
// enough, nothing here lists them.
import type { PuzzleView } from '../app/puzzle-view';

const modules = import.meta.glob<{ view?: PuzzleView }>('./*/view.ts', { eager: true });

export const views: ReadonlyMap<string, PuzzleView> = new Map(
  Object.values(modules)
    .map((m) => m.view)
    .filter((v): v is PuzzleView => v !== undefined)
    .map((v) => [v.id, v]),
);
