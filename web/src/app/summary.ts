// The engine's summary tables (Puzzle::summarize) as the page shows them: text exactly as the
// engine formatted it (cpp/core/format.h), one table per source of records (native, each wasm
// build, a sharer's), with its findings below it. The generic view for any puzzle that has a
// summary; a puzzle view may use summaryTable for its own layout.
import type { PageRecord } from '../share/verify';
import { h, keepFitted, labelCells, scrollBox } from './dom';
import type { Engine, SummaryTable } from './engine';

/** Records grouped by where they were measured, labelled for people. */
export interface Source {
  label: string;
  native: boolean;
  records: readonly PageRecord[];
}

export function sourcesOf(context: { mine: readonly PageRecord[]; native: readonly PageRecord[]; shared: readonly PageRecord[] }): Source[] {
  const byBuild = (records: readonly PageRecord[], label: (build: string) => string, native: boolean) =>
    [...new Set(records.map((r) => r.build))].map((build) => ({ label: label(build), native, records: records.filter((r) => r.build === build) }));
  return [
    ...byBuild(context.native, (b) => b, true),
    ...byBuild(context.mine, (b) => b, false),
    ...byBuild(context.shared, (b) => `sharer's ${b}`, false),
  ];
}

/** One engine table; `cell` may add to a cell (a ratio the page computes), given its row and column keys. */
/** One of the engine's summary tables in a scrollable region named `label` (default: its title;
 * a page showing the same table for several sources names each, so no two regions share a name). */
export function summaryTable(table: SummaryTable, cell?: (rowKey: string | undefined, columnKey: unknown, text: string) => HTMLElement | string, label = table.title): HTMLElement {
  const body = table.rows.map((row, i) =>
    h('tr', { attrs: table.row_keys?.[i] ? { 'data-row': table.row_keys[i]! } : {} },
      ...row.map((text, j) => h('td', {}, j > 0 && cell ? cell(table.row_keys?.[i], table.column_keys?.[j], text) : text))));
  const element = labelCells(h('table', { className: 'results pivot summary', attrs: { 'data-summary': table.id } },
    h('thead', {}, h('tr', {}, ...table.header.map((c) => h('th', {}, c)))), h('tbody', {}, ...body)));
  const box = scrollBox(label, element);
  // A phone shows its rows as cards rather than hiding columns behind a sideways scroll.
  keepFitted(element, box);
  return box;
}

/** The generic panel: every source's summary, filled in when the engine answers. */
export function summaryPanel(puzzle: string, sources: readonly Source[], engine: Engine): HTMLElement | null {
  if (!sources.length) return null;
  const panel = h('section', { className: 'summary-panel' });
  void Promise.all(sources.map((s) => engine.summarize(puzzle, s.records).catch(() => null))).then((summaries) => {
    if (!panel.isConnected) return; // the page moved on
    panel.replaceChildren(...summaries.flatMap((summary, i) =>
      (summary?.tables ?? []).map((t) =>
        h('div', {}, h('h3', {}, `${t.title} · ${sources[i]!.label}`), summaryTable(t, undefined, `${t.title} · ${sources[i]!.label}`),
          t.notes?.length ? h('ul', { className: 'hint' }, ...t.notes.map((n) => h('li', {}, n))) : null))));
  });
  return panel;
}
