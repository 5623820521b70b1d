// The run's status line and progress bar, drawn from the state; while a run is in progress the
// line also ticks the elapsed time (the main thread stays free while a kernel runs in its worker),
// and another puzzle's tab says what is running, and why its Run waits.
import type { PageState } from '../state/store';
import type { Elements } from './layout';

export function statusView(el: Elements) {
  let ticker = 0;
  let startedAt: number | null = null;
  const draw = (text: string) => {
    el.status.textContent = startedAt === null ? text : `${text} · ${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
  };
  let text = '';
  return (s: PageState) => {
    const elsewhere = s.run !== null && s.run.puzzle !== s.puzzleId ? s.run.what : null;
    text = elsewhere ? `${elsewhere}: ${s.status}` : s.status;
    el.busy.textContent = elsewhere ? `${elsewhere} is running; its results go to its own tab. Run is free again when it ends (Stop ends it now).` : '';
    el.progress.value = s.progress;
    const running = s.run?.startedAt ?? null;
    if (running !== startedAt) {
      window.clearInterval(ticker);
      startedAt = running;
      if (startedAt !== null) ticker = window.setInterval(() => draw(text), 250);
    }
    draw(text);
  };
}
