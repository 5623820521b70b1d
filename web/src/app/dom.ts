// A tiny element builder. Children are nodes or strings, and strings always become text nodes:
// nothing in this app assigns innerHTML, so data from a share link or an imported file can only
// ever show up as text. (tests/web/no-markup.test.ts keeps it that way.)

type Child = Node | string | number | null | undefined | false;

export interface Props {
  className?: string;
  id?: string;
  title?: string;
  attrs?: Record<string, string>;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.id) el.id = props.id;
  if (props.title) el.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) el.setAttribute(name, value);
  for (const [type, handler] of Object.entries(props.on ?? {})) el.addEventListener(type, handler as EventListener);
  append(el, ...children);
  return el;
}

/** Appends the children to `parent`, which it returns (for a layout made of existing elements). */
export function append<T extends Node>(parent: T, ...children: Child[]): T {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return parent;
}

export function replaceChildren(parent: Element, ...children: Child[]) {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A box for a table that may be wider than the page: it scrolls sideways, and is a named region
 * a keyboard can focus and scroll. */
export function scrollBox(label: string, ...children: Child[]): HTMLDivElement {
  return h('div', { className: 'table-wrap', attrs: { role: 'region', 'aria-label': label, tabindex: '0' } }, ...children);
}

/** A link to one of our own, hard-coded sources (never a URL from data). */
export function sourceLink(href: string, text: string): HTMLAnchorElement {
  return h('a', { attrs: { href, target: '_blank', rel: 'noopener noreferrer' } }, text);
}

/** A table of data-label cells fits `box`: as a table where its columns fit, else with each row a
 * card (a phone, a large font; styles.css, table.results.cards), never wider than the page. */
export function fitAsCards(table: Element | null, box: Element) {
  if (!table) return;
  table.classList.remove('cards');
  if (table.scrollWidth > box.clientWidth + 1) table.classList.add('cards');
}

/** Gives every body cell of `table` the name of its column (data-label, from the header; the
 * first column is the row's name, data-col "kernel"), so that fitAsCards can show its rows as
 * cards. Cells that have one keep it. */
export function labelCells(table: HTMLTableElement): HTMLTableElement {
  const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  for (const tr of table.querySelectorAll('tbody tr, tfoot tr')) {
    [...tr.children].forEach((td, i) => {
      if (!td.hasAttribute('data-label')) td.setAttribute('data-label', names[i] ?? '');
      if (i === 0 && !td.hasAttribute('data-col')) td.setAttribute('data-col', 'kernel');
    });
  }
  return table;
}

/** Keeps `table` fitted to `box` (fitAsCards) from the moment it is shown and whenever the box
 * changes size: for tables drawn after an answer arrives, which no redraw of the page fits. */
export function keepFitted(table: HTMLTableElement, box: HTMLElement) {
  if (typeof ResizeObserver === 'undefined') return;
  // Cards change the box's height, not its width: the refit finds the same answer and settles.
  let width = -1;
  new ResizeObserver(() => {
    if (box.clientWidth === width) return;
    width = box.clientWidth;
    fitAsCards(table, box);
  }).observe(box);
}

/** Puts `text` on the clipboard; false where the browser refuses (no permission, not a secure
 * context), so the caller points at the field that shows it instead. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
