// The page: loads the wasm builds in workers, shows one puzzle at a time, runs and times the
// selected kernels, and compares them with native numbers and with a sharer's. Everything
// puzzle-specific comes from the catalog (C++) or from web/src/puzzles/<id>.ts.
//
// This file only starts things. The state lives in app/state/store.ts; controllers change it
// (params-checker, run-controller, router, native-feed, suite-controller, with trust.ts for data
// from elsewhere);
// views draw it (app/views/).
import { replaceChildren } from './app/dom';
import { downloadOf, saveFile, type DownloadFormat } from './app/download';
import { caseTitle, registerCaseWords } from './app/case-words';
import { Engine } from './app/engine';
import { importFile } from './app/file-import';
import { HistoryController } from './app/history-controller';
import { ensureIsolation } from './app/isolation';
import { loadBuilds } from './app/load-builds';
import { NativeFeed } from './app/native-feed';
import { ParamsChecker } from './app/params-checker';
import { Router } from './app/router';
import { RunController } from './app/run-controller';
import { SuiteController } from './app/suite-controller';
import { catalogPuzzles } from './app/state/selectors';
import { Store, withNotice, withPuzzle, withStatus } from './app/state/store';
import { Verifier } from './app/trust';
import type { Actions } from './app/views/actions';
import { answerView } from './app/views/answer-view';
import { controlsView } from './app/views/controls-view';
import { focusView } from './app/views/focus-view';
import { historyView } from './app/views/history-view';
import { layout } from './app/views/layout';
import { nativeNowView } from './app/views/native-now-view';
import { listingView } from './app/views/listing-view';
import { noticesView } from './app/views/notices-view';
import { resultsView } from './app/views/results-view';
import { shareView } from './app/views/share-view';
import { statusView } from './app/views/status-view';
import { suiteView } from './app/views/suite-view';
import { views } from './puzzles';
import type { Build } from './share/builds';
import { WorkerBridge } from './worker/bridge';
import { PlaygroundController } from './app/playground/controller';
import './styles.css';

async function start() {
  // Before any worker starts: on a static host the first visit reloads once to become isolated.
  const isolation = await ensureIsolation();
  if (isolation === 'reloading') return;
  registerCaseWords(views);
  const store = new Store();
  store.update((s) => ({ ...s, isolation }));
  const { root, el } = layout();
  replaceChildren(document.getElementById('app')!, root);
  store.subscribe(statusView(el));
  // A notice's button (Cancel a link's re-check) reaches its controller once there is one.
  let act: (action: 'cancel-recheck') => void = () => {};
  store.subscribe(noticesView(el, (cause) => store.update((s) => withNotice(s, cause, null)), (action) => act(action)));

  const bridges: Record<Build, WorkerBridge> = { simd128: new WorkerBridge('simd128'), relaxed: new WorkerBridge('relaxed'), baseline: new WorkerBridge('baseline'), js: new WorkerBridge('js') };
  const primary = await loadBuilds(store, bridges, views);
  if (!primary) return;
  // The page's own engine: a worker that never times anything, so checking params, drawing and
  // summaries never wait behind a run, and Stop never kills it.
  const engine = new Engine(new WorkerBridge(primary));
  const verifier = new Verifier(store, engine, views);
  act = () => verifier.cancelRecheck();
  const checker = new ParamsChecker(store, engine, views);
  const history = new HistoryController(store);
  const runs = new RunController(store, bridges, verifier, views, (entry) => history.keep(entry));
  // The suite needs the router's link address, the router opens suite links: one made after the other.
  let suite: SuiteController | null = null;
  // "Your kernel" (issue 31): the editor on the puzzles with a playground slot; links carry its source.
  const playground = new PlaygroundController(store, runs, el.playground);
  const router = new Router(store, engine, checker, verifier, views, (link) => suite?.openLink(link) ?? Promise.resolve(), (profile) => suite?.setProfile(profile), playground);
  suite = new SuiteController(store, runs, engine, verifier, views, () => router.linkAddress());
  const native = new NativeFeed(store, verifier, (report, fileName) => suite.openFile(report, fileName), views);
  const suiteActions = { runAll: () => void suite.runAll(), stop: () => suite.stop(), copyLink: () => void suite.copyLink(), download: (format: DownloadFormat) => suite.download(format), importFile: (file: File | undefined) => void importFile({ store, verifier, suite, native }, file) };
  const actions: Actions = {
    editParams: (id, params) => void checker.edit(id, params),
    pickFile: (id, file) => checker.pickFile(id, file),
    setKernels: (id, keys) => store.update((s) => withPuzzle(s, id, (p) => ({ ...p, kernels: keys }))),
    setBuilds: (chosen) => store.update((s) => ({ ...s, builds: chosen })),
    run: (confirmed) => void runs.run(confirmed),
    dismissRun: () => store.update((s) => ({ ...s, confirm: null })),
    bench: (cases) => void runs.bench(cases),
    stop: () => runs.stop(),
    showCase: (record) => router.showCase(record),
    copyLink: () => void router.copyLink(),
    download: (format) => {
      const s = store.get();
      const file = downloadOf(s, format, (r) => caseTitle(views, catalogPuzzles(s).find((p) => p.id === r.puzzle)?.title ?? r.puzzle, r));
      if ('error' in file) store.update((s) => withStatus(s, file.error));
      else saveFile(file);
    },
    importNative: (file) => void importFile({ store, verifier, suite, native }, file),
    pickRun: (id) => history.pick(id),
    deleteRun: (id) => void history.remove(id),
    clearRuns: (confirmed) => (confirmed ? void history.clear() : history.askClear(confirmed === false)),
  };
  // In this order: the focus moves once the controls and results are drawn.
  const nativeNow = nativeNowView(el, { measureNow: () => void native.measureNow(), stopNow: () => void native.stopNow(), estimate: (s) => native.estimate(s) });
  for (const view of [controlsView(el, actions, views), resultsView(el, actions, views, engine), nativeNow, listingView(el), shareView(el, actions), focusView(el), historyView(el, actions, views), suiteView(el, suiteActions, views), answerView(el, views)]) store.subscribe(view);
  // The history is read whenever its screen opens (another tab of this page may have added runs)
  // and after every change this page makes.
  let screen: string | null = null;
  store.subscribe((s) => {
    if (s.screen === screen) return;
    screen = s.screen;
    if (screen === 'history') void history.load();
  });

  void runs.probePeers();
  await playground.start();
  // The last Suite kept in this browser feeds the answer (views/answer-view.ts) from the start.
  void history.load();
  await router.start();
  if (!store.get().run) store.update((s) => withStatus(s, 'Ready.'));
  void native.probeNow();
  await native.follow();
}

void start();
