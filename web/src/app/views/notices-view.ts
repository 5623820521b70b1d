// Notices above the page, one per cause (PageState.notices), each dismissable. A notice whose
// text did not change keeps its element, so a screen reader hears each notice once.
import { h } from '../dom';
import { screenKey, type Notice, type PageState } from '../state/store';

import { formatWait } from '../format';
import type { ServedBenchStatus } from '../native';
import type { Elements } from './layout';

const ACTION_LABELS: Record<NonNullable<Notice['action']>, string> = { 'cancel-recheck': 'Cancel' };

/** The native benchmark's progress in one plain sentence; its notice's full text (the case,
 * kernel and last cases measured) is folded under it. */
export function plainProgress(st: ServedBenchStatus): string {
  if (st.phase === 'build') return 'Building the native program on this machine; its numbers follow.';
  if (st.remeasure) return `Measuring again, on a quiet CPU, the native numbers taken while the CPU was busy: ${st.remeasure.done} of ${st.remeasure.total} done.`;
  const left = st.secondsLeft !== undefined ? `, about ${st.secondsLeft < 90 ? `${Math.max(1, Math.round(st.secondsLeft))} s` : formatWait(st.secondsLeft)} left` : '';
  return `Measuring this machine’s native numbers: ${Math.round(100 * st.fraction)} % done${left}. Each puzzle’s numbers appear as it finishes.`;
}

/** Notices that say a plain sentence first and fold their details away, by cause. */
const PLAIN: Record<string, (s: PageState) => string | null> = {
  'native-progress': (s) => (s.nativeMeasuring ? plainProgress(s.nativeMeasuring) : null),
};

export function noticesView(el: Elements, dismiss: (cause: string) => void, act: (action: NonNullable<Notice['action']>) => void) {
  const shown = new Map<string, { notice: Notice; element: HTMLElement; plain: string | null }>();
  return (s: PageState) => {
    for (const [cause, { element }] of shown) {
      if (!s.notices.has(cause)) {
        element.remove();
        shown.delete(cause);
      }
    }
    let previous: HTMLElement | null = null;
    for (const [cause, notice] of s.notices) {
      const old = shown.get(cause);
      let element = old?.element;
      const plain = PLAIN[cause]?.(s) ?? null;
      if (!old || old.plain !== plain || old.notice.text !== notice.text || old.notice.lines?.join('\n') !== notice.lines?.join('\n') || old.notice.kind !== notice.kind || old.notice.action !== notice.action) {
        const close = h('button', { className: 'link', attrs: { type: 'button', 'aria-label': 'dismiss this notice', title: 'dismiss' }, on: { click: () => dismiss(cause) } }, '×');
        const action = notice.action;
        const button = action ? h('button', { className: 'notice-action', attrs: { type: 'button', 'data-action': action }, on: { click: () => act(action) } }, ACTION_LABELS[action]) : null;
        const lines = notice.lines?.length ? h('ul', { className: 'notice-lines' }, ...notice.lines.map((line) => h('li', {}, line))) : null;
        const body = plain ? h('span', {}, plain, ' ', h('details', { className: 'notice-details' }, h('summary', {}, 'Details'), notice.text, lines)) : h('span', {}, notice.text, lines);
        element = h('div', { className: `notice ${notice.kind}`, attrs: { role: notice.kind === 'error' ? 'alert' : 'status', 'data-cause': cause } }, body, button, close);
        // Keep an open "Details" open across redraws (the progress changes every few seconds).
        if (old?.element.querySelector('details')?.open) element.querySelector('details')?.setAttribute('open', '');
        if (old) old.element.replaceWith(element);
        shown.set(cause, { notice, element, plain });
      }
      // In the state's order: a new cause goes after the ones before it.
      if (element!.previousElementSibling !== previous || element!.parentElement !== el.notices) {
        if (previous) previous.after(element!);
        else el.notices.prepend(element!);
      }
      previous = element!;
      // A notice of one puzzle (a kernel skipped) stays on its tab; it is back when the tab is.
      element!.hidden = notice.where !== undefined && notice.where !== screenKey(s);
    }
  };
}
