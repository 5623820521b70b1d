// Where the keyboard focus goes when a run starts and ends. Run is disabled during a run and Stop
// after it, and a disabled button drops the focus to the page's body: so a run started from the
// keyboard hands the focus to Stop, and one that ends hands it to its results' heading. Focus the
// user moved elsewhere stays where it is. (Choosing a tab keeps the focus on the tab: the tabs are
// never redrawn, controls-view.ts.)
import type { PageState } from '../state/store';
import type { Elements } from './layout';

export function focusView(el: Elements) {
  let running = false;
  const lost = (...from: Element[]) => {
    const at = document.activeElement;
    return at === null || at === document.body || from.includes(at);
  };
  return (s: PageState) => {
    if ((s.run !== null) === running) return;
    running = s.run !== null;
    if (s.screen !== 'puzzle') return; // the Suite screen minds its own (views/suite-view.ts)
    if (running) {
      if (lost(el.run)) el.stop.focus();
    } else if (lost(el.run, el.stop)) {
      el.heading.querySelector('h3')?.focus();
    }
  };
}
