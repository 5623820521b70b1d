// Notices above the page, one per cause (PageState.notices), each dismissable. A notice whose
// text did not change keeps its element, so a screen reader hears each notice once.
import { h } from '../dom';
import type { Notice, PageState } from '../state/store';

const ACTION_LABELS: Record<NonNullable<Notice['action']>, string> = { 'cancel-recheck': 'Cancel' };
import type { Elements } from './layout';

export function noticesView(el: Elements, dismiss: (cause: string) => void, act: (action: NonNullable<Notice['action']>) => void) {
  const shown = new Map<string, { notice: Notice; element: HTMLElement }>();
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
      if (!old || old.notice.text !== notice.text || old.notice.lines?.join('\n') !== notice.lines?.join('\n') || old.notice.kind !== notice.kind || old.notice.action !== notice.action) {
        const close = h('button', { className: 'link', attrs: { type: 'button', 'aria-label': 'dismiss this notice', title: 'dismiss' }, on: { click: () => dismiss(cause) } }, '×');
        const action = notice.action;
        const button = action ? h('button', { className: 'notice-action', attrs: { type: 'button', 'data-action': action }, on: { click: () => act(action) } }, ACTION_LABELS[action]) : null;
        element = h('div', { className: `notice ${notice.kind}`, attrs: { role: notice.kind === 'error' ? 'alert' : 'status', 'data-cause': cause } }, h('span', {}, notice.text, notice.lines?.length ? h('ul', { className: 'notice-lines' }, ...notice.lines.map((line) => h('li', {}, line))) : null), button, close);
        if (old) old.element.replaceWith(element);
        shown.set(cause, { notice, element });
      }
      // In the state's order: a new cause goes after the ones before it.
      if (element!.previousElementSibling !== previous || element!.parentElement !== el.notices) {
        if (previous) previous.after(element!);
        else el.notices.prepend(element!);
      }
      previous = element!;
    }
  };
}
