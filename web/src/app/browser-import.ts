// A browser's exported results (share/export.ts: "Download results" as JSON) imported back: from
// this page yesterday, or from another browser or machine. They are measured elsewhere, so they
// are treated like a share link's records, not like the viewer's own: screened as claims
// (share/verify.ts: kernels, bounds, timings a measurement can make, params re-keyed by the
// engine), shown in the sharer's place labelled with the file's name, and their answers re-checked
// in the background.
import { describeBrowser } from '../share/js-engine';
import { neutralizeBidi } from '../share/text';
import type { NativeSource } from './native';
import { recordSet } from './state/records';
import { caseOnScreen, puzzleStateOf } from './state/selectors';
import { withNotice, withPuzzle, type Store } from './state/store';
import { leftOutText, type Verifier } from './trust';

export async function importBrowserReport(store: Store, verifier: Verifier, source: NativeSource): Promise<void> {
  const fileName = neutralizeBidi(source.fileName ?? 'a file');
  const { environment } = source.report;
  const { records, rejected } = await verifier.screen(source.report.records, 'link');
  const leftOut = rejected.length + (source.unreadable?.count ?? 0) ? `; ${neutralizeBidi(leftOutText(rejected, source.unreadable))}` : '';
  if (!records.length) {
    store.update((s) => withNotice(s, 'import', { text: `Could not import browser results from ${fileName}: none passed the checks${leftOut}.`, kind: 'error' }));
    return;
  }
  const puzzles = [...new Set(records.map((r) => r.puzzle))];
  verifier.cancelRecheck(); // a link's records, or an earlier import's, are replaced
  store.update((s) => {
    let next = s;
    for (const id of puzzles) {
      const mine = records.filter((r) => r.puzzle === id);
      const keys = [...new Set(mine.map((r) => r.case_key))];
      next = withPuzzle(next, id, (p) => ({
        ...p,
        shared: recordSet(mine),
        sharer: { environment, native: null, from: fileName },
        // The case on screen if that is the one imported, else a table of the imported cases.
        view: keys.length === 1 && caseOnScreen(p)?.case_key === keys[0] ? { kind: 'case' } : { kind: 'cases', keys },
      }));
    }
    const open = puzzles.includes(s.puzzleId) ? s.puzzleId : puzzles[0]!;
    const text = `Imported ${records.length} browser results from ${fileName} (${describeBrowser(environment)}): shown as the sharer's, answers re-checked in the background${leftOut}.`;
    return withNotice({ ...next, puzzleId: open }, 'import', { text, kind: leftOut ? 'error' : 'info' });
  });
  for (const id of puzzles) if (puzzleStateOf(store.get(), id).shared.size) await verifier.recheckInBackground(id);
}
