// Every file the viewer picks or drops, from a puzzle's tab or the Suite screen, comes here first:
// a Suite file (share/suite-file.ts) opens the Suite's claimed scoreboard with its native numbers
// and fills each puzzle's tab with its records; a CSV is refused in words (it is for
// spreadsheets, the JSON download imports back); anything else is a report, native or a
// browser's, for the native feed (native-feed.ts).
import { REPORT_SCHEMA } from '../share/schema';
import { classifyImport } from '../share/suite-file';
import { neutralizeBidi } from '../share/text';
import { importBrowserReport } from './browser-import';
import { MAX_IMPORT_BYTES } from './native';
import type { NativeFeed } from './native-feed';
import { withNotice, type Store } from './state/store';
import type { SuiteController } from './suite-controller';
import type { Verifier } from './trust';

export interface ImportDeps {
  store: Store;
  verifier: Verifier;
  suite: SuiteController;
  native: NativeFeed;
}

export async function importFile(deps: ImportDeps, file: File | undefined): Promise<void> {
  if (!file) return;
  const name = neutralizeBidi(file.name.slice(0, 120));
  // A file over the limit is the native feed's to refuse, in its words.
  const found = file.size <= MAX_IMPORT_BYTES ? classifyImport(await file.text(), name) : { kind: 'other' as const };
  if (found.kind === 'other') return deps.native.importFile(file);
  if (found.kind === 'refused') {
    deps.store.update((s) => withNotice(s, 'import', { text: `Could not import results: ${neutralizeBidi(found.error)}`, kind: 'error' }));
    return;
  }
  const { file: suiteFile } = found;
  const report = { schema: REPORT_SCHEMA, environment: suiteFile.environment, records: suiteFile.records } as const;
  await Promise.all([
    deps.suite.openSuiteFile(suiteFile, name),
    importBrowserReport(deps.store, deps.verifier, { report, origin: 'imported', fileName: name }),
  ]);
}
