// The wasm builds this browser runs, loaded in parallel, one worker each; one that cannot start
// says why and the page runs the other. Their catalogs (every puzzle, kernel and param, from the
// engine) and environments go into the state.
import { relaxedSimd, simd } from 'wasm-feature-detect';
import type { Build } from '../share/builds';
import type { Catalog, CatalogPuzzle } from '../share/engine-types';
import type { WorkerBridge } from '../worker/bridge';
import { learnIsas } from './compare';
import type { PuzzleView } from './puzzle-view';
import { withNotice, withStatus, type Store } from './state/store';

/** The catalog's puzzles in their tabs' order (PuzzleView.order): the simplest first, where the page opens. */
export function inTabOrder(puzzles: readonly CatalogPuzzle[], views: ReadonlyMap<string, PuzzleView>): CatalogPuzzle[] {
  const place = (p: CatalogPuzzle) => views.get(p.id)?.order ?? Number.MAX_SAFE_INTEGER;
  return [...puzzles].sort((a, b) => place(a) - place(b)); // stable: the rest keep the catalog's order
}

/** Loads the builds into `bridges`; returns the one the page's own engine uses, or null if none started. */
export async function loadBuilds(store: Store, bridges: Record<Build, WorkerBridge>, views: ReadonlyMap<string, PuzzleView>): Promise<Build | null> {
  // js runs anywhere; it is never picked by default (the picker's "plain JavaScript" box opts in).
  // relaxed only where the browser validates Relaxed SIMD (wasm-feature-detect's relaxedSimd).
  const [hasSimd, hasRelaxed] = await Promise.all([simd(), relaxedSimd()]);
  const supported: Build[] = hasSimd ? [...(['simd128'] as const), ...(hasRelaxed ? (['relaxed'] as const) : []), 'baseline', 'js'] : ['baseline', 'js'];
  const loaded = await Promise.all(supported.map(async (build) => {
    try {
      const environment = await bridges[build].start();
      const catalog = await bridges[build].call<Catalog>({ action: 'catalog' });
      learnIsas(catalog.isas);
      return { build, environment, catalog };
    } catch (e) {
      store.update((s) => withNotice(s, `build:${build}`, { text: `The ${build} build could not start: ${String(e)}`, kind: 'error' }));
      return null;
    }
  }));
  const builds = loaded.filter((x) => x !== null);
  if (!builds.some((b) => b.build !== 'js')) { // the js build checks with a wasm engine too
    store.update((s) => withStatus(s, 'No wasm build could start in this browser.'));
    return null;
  }
  const primary: Build = builds.some((b) => b.build === 'simd128') ? 'simd128' : 'baseline';
  store.update((s) => ({
    ...s,
    catalogs: new Map<Build, readonly CatalogPuzzle[]>(builds.map((b) => [b.build, inTabOrder(b.catalog.puzzles, views)])),
    isas: builds[0]!.catalog.isas,
    environments: new Map(builds.map((b) => [b.build, b.environment])),
    supported: new Set(builds.map((b) => b.build)),
    builds: new Set([primary]),
  }));
  return primary;
}
