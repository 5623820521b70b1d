// The playground's slots as the page knows them without asking the server: the slot.json and
// starter.cpp of each cpp/puzzles/<p>/playground/ (docs/playground.md, "Slots"), bundled at build time, so
// a static copy of the page still shows a slot's note and our kernel. The server's list
// (GET /api/playground) is the one that counts where there is a server.
import type { Slot } from './api';
import { SlotSchema } from './api';

const jsons = import.meta.glob<unknown>('../../../../cpp/puzzles/*/playground/slot.json', { eager: true, import: 'default' });
const starters = import.meta.glob<string>('../../../../cpp/puzzles/*/playground/starter.cpp', { eager: true, query: '?raw', import: 'default' });

function bundled(): Slot[] {
  const out: Slot[] = [];
  for (const [path, value] of Object.entries(jsons)) {
    const dir = path.slice(0, -'slot.json'.length);
    const folder = /puzzles\/([a-z0-9-]+)\/playground\/$/.exec(dir)?.[1];
    const starter = starters[`${dir}starter.cpp`];
    if (!folder || typeof starter !== 'string' || !value || typeof value !== 'object') continue;
    const parsed = SlotSchema.safeParse({ id: folder, ...value, starter });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const BUNDLED_SLOTS: readonly Slot[] = bundled();

/** The slot of a puzzle (a puzzle has one where its folder has playground/): the server's, else
 * the bundled one, else null. */
export function slotFor(puzzle: string, served: readonly Slot[] | null): Slot | null {
  const find = (list: readonly Slot[]) => list.find((s) => s.puzzle === puzzle) ?? null;
  return (served && find(served)) ?? find(BUNDLED_SLOTS);
}
