// "Measure natively now", in the Native panel: where the page's server can (npm start, npm run
// dev), a button that measures the case on screen with the native CLI on this machine, its
// progress and Stop while it runs, and what came of it. Drawn into one element for the page's
// life (el.nativeNow), which the environment panel places in its Native card.
import { h, replaceChildren } from '../dom';
import { caseOnScreen, puzzleStateOf } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Elements } from './layout';

export interface NativeNowActions {
  measureNow(): void;
  stopNow(): void;
}

export function nativeNowView(el: Elements, actions: NativeNowActions) {
  const button = h('button', { id: 'native-now', attrs: { type: 'button' }, on: { click: () => actions.measureNow() } }, 'Measure natively now');
  const stop = h('button', { id: 'native-now-stop', attrs: { type: 'button' }, on: { click: () => actions.stopNow() } }, 'Stop');
  const progress = h('progress', { attrs: { max: '1', value: '0', 'aria-label': 'native run progress' } });
  const status = h('p', { className: 'native-now-status', attrs: { role: 'status' } });
  const why = h('p', { className: 'hint' });
  let drawn: unknown[] = [];

  return (s: PageState) => {
    const now = s.nativeNow;
    const p = s.puzzleId ? puzzleStateOf(s) : null;
    const check = p ? caseOnScreen(p) : null;
    const inputs = [now, s.run, s.nativeMeasuring?.state, s.nativeMeasuring?.phase, check?.case_key, s.puzzleId];
    if (inputs.every((x, i) => x === drawn[i])) return;
    drawn = inputs;
    if (!now.available) return replaceChildren(el.nativeNow);

    const run = now.run;
    const running = run?.state === 'running' || run?.state === 'starting';
    const blocked = running ? null
      // Its last phase (measuring shared-CPU cases again) gives way to this: the server stops it.
      : s.nativeMeasuring?.state === 'running' && s.nativeMeasuring.phase !== 'remeasure' ? 'Waits for the native benchmark of npm start to finish (the two would share the CPU).'
      : s.run ? 'Waits for the browser run to finish (the two would share the CPU).'
      : !check ? 'Needs a valid case on screen.'
      : null;
    button.disabled = running || blocked !== null;
    stop.disabled = run?.state !== 'running';
    progress.value = run?.fraction ?? 0;
    const here = run && run.puzzle === s.puzzleId && run.caseKey === check?.case_key;
    status.textContent = !run ? ''
      : running ? `Measuring ${run.label} natively on this machine: ${Math.round(100 * run.fraction)} % (${run.detail}). Browser runs wait until it ends.`
      : run.state === 'done' ? `Measured now: ${run.label}, ${run.detail}.${here ? '' : ' (another case: its numbers show with it)'}`
      : `Not measured: ${run.detail}.`;
    why.textContent = blocked ?? 'Times every kernel of the case on screen with the native CLI on this machine (at least 11 samples of 10 ms or more each, more than the quick benchmark), and shows it here in place of the benchmark’s numbers.';
    replaceChildren(el.nativeNow,
      h('div', { className: 'run-row' }, button, running ? stop : null),
      running ? progress : null,
      status.textContent ? status : null,
      why);
  };
}
