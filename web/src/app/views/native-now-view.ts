// "Measure natively now", in the Native panel: where the page's server can (npm start, npm run
// dev), a button that measures the case on screen with the native engine on this machine, what it
// should take before it starts, its progress by work done and Stop while it runs (also another
// tab's run: Stop ends it from here), and what came of it. Drawn into one element for the page's
// life (el.nativeNow), which the environment panel places in its Native card.
import { h, replaceChildren } from '../dom';
import { duration, estimateText, NATIVE_NOW_HARNESS, NATIVE_RUN_CAP_SECONDS, type NativeEstimate } from '../native';
import { caseOnScreen, puzzleStateOf } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Elements } from './layout';

export interface NativeNowActions {
  measureNow(): void;
  stopNow(): void;
  /** What measuring the case on screen should take (app/native-feed.ts), null when unknown. */
  estimate(s: PageState): NativeEstimate | null;
}

export function nativeNowView(el: Elements, actions: NativeNowActions) {
  const button = h('button', { id: 'native-now', attrs: { type: 'button' }, on: { click: () => actions.measureNow() } }, 'Measure natively now');
  const stop = h('button', { id: 'native-now-stop', attrs: { type: 'button' }, on: { click: () => actions.stopNow() } }, 'Stop');
  const progress = h('progress', { attrs: { max: '1', value: '0', 'aria-label': 'native run progress' } });
  const status = h('p', { className: 'native-now-status', attrs: { role: 'status' } });
  const why = h('p', { className: 'hint native-now-hint' });
  let drawn: unknown[] = [];

  return (s: PageState) => {
    const now = s.nativeNow;
    const p = s.puzzleId ? puzzleStateOf(s) : null;
    const check = p ? caseOnScreen(p) : null;
    // The estimate follows the case, the kernels picked and the numbers the page holds.
    const inputs = [now, s.run, s.nativeMeasuring?.state, s.nativeMeasuring?.phase, check?.case_key, s.puzzleId, p?.kernels, p?.mine, s.native];
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
    const percent = `${Math.round(100 * (run?.fraction ?? 0))} % of the work`;
    const left = run?.secondsLeft !== undefined ? `, about ${duration(run.secondsLeft)} left` : '';
    status.textContent = !run ? ''
      : run.elsewhere && running ? `Another tab is measuring ${run.label} natively on this machine: ${percent}${left} (${run.detail}). Stop ends it from here; browser runs wait until it ends.`
      : run.elsewhere ? `Another tab’s native run of ${run.label} ended (${run.detail}).`
      : running ? `Measuring ${run.label} natively on this machine: ${percent}${left} (${run.detail}). Browser runs wait until it ends.`
      : run.state === 'done' ? `Measured now: ${run.label}, ${run.detail}.${here ? '' : ' (another case: its numbers show with it)'}`
      : `Not measured: ${run.detail}.`;
    const estimate = check && !running ? actions.estimate(s) : null;
    why.textContent = blocked
      ?? `Times the kernels picked above on the case on screen with the native engine on this machine (the harness the page uses: a warm-up, then ${NATIVE_NOW_HARNESS.rounds} rounds of ${NATIVE_NOW_HARNESS.batch_ms} ms batches), and shows them here in place of the benchmark’s numbers.${
        estimate ? ` Expected: ${estimateText(estimate, NATIVE_RUN_CAP_SECONDS)}.` : ''}`;
    replaceChildren(el.nativeNow,
      h('div', { className: 'run-row' }, button, running ? stop : null),
      running ? progress : null,
      status.textContent ? status : null,
      why);
  };
}
