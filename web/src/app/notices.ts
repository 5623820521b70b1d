// Notices above the page: one per cause, replaced rather than stacked, each dismissable. A cause
// is what the notice is about ("address": the link or fragment; "import"; "run"; ...): thirty
// hash changes leave one notice about the address, the latest.
import { h } from './dom';

export type NoticeKind = 'error' | 'info';

export class Notices {
  private readonly byCause = new Map<string, HTMLElement>();

  constructor(readonly root: HTMLElement) {}

  /** Shows `text` for `cause`, in place of the notice that cause had. */
  set(cause: string, text: string, kind: NoticeKind) {
    const close = h('button', { className: 'link', attrs: { type: 'button', 'aria-label': 'dismiss this notice', title: 'dismiss' } }, '×');
    const item = h('div', { className: `notice ${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status', 'data-cause': cause } }, h('span', {}, text), close);
    close.addEventListener('click', () => this.clear(cause));
    const old = this.byCause.get(cause);
    if (old?.isConnected) old.replaceWith(item);
    else this.root.appendChild(item);
    this.byCause.set(cause, item);
  }

  clear(cause: string) {
    this.byCause.get(cause)?.remove();
    this.byCause.delete(cause);
  }

  has(cause: string): boolean {
    return this.byCause.has(cause);
  }
}
