// The results table: one row per kernel and build the viewer ran (or, for a shared link not yet
// re-run, per record the sharer ran), with the ratio to native and to the sharer.
import type { ResultRecord } from '../share/schema';
import { nativeCounterpart, sameRun, speedRatio } from './compare';
import { h } from './dom';
import { formatAnswer, formatDuration, formatRate, formatRatio, formatSpread } from './format';

export interface TableInput {
  mine: readonly ResultRecord[];
  native: readonly ResultRecord[];
  shared: readonly ResultRecord[];
  workUnit: string;
}

export function resultsTable({ mine, native, shared, workUnit }: TableInput): HTMLElement {
  const showShared = shared.length > 0;
  const rows: ResultRecord[] = mine.length ? [...mine] : [...shared];
  const header = ['kernel', 'ISA', 'build', 'answer', 'verified', 'median', 'spread', `${workUnit}/s`, 'native', 'wasm ÷ native speed'];
  if (showShared) header.push(mine.length ? 'sharer median' : 'yours', mine.length ? 'you ÷ sharer speed' : '');
  const body = rows.map((r) => {
    const t = r.timing;
    const counterpart = nativeCounterpart(r, native);
    const sharer = mine.length ? sameRun(r, shared) : null;
    const verified = r.verified === null ? h('span', { title: r.verified_by }, 'ref') : h('span', { className: r.verified ? 'ok' : 'bad', title: r.verified_by }, r.verified ? '✓' : '✗');
    const cells: (string | HTMLElement)[] = [
      r.kernel,
      r.isa,
      r.build.replace(/^wasm-/, ''),
      formatAnswer(r.answer),
      verified,
      t ? formatDuration(t.median_ns) : '–',
      t ? formatSpread(t.mad_ns, t.median_ns) : '–',
      t ? formatRate(t.units_per_second, '') : '–',
      counterpart ? `${formatDuration(counterpart.record.timing!.median_ns)} (${counterpart.record.isa}${counterpart.sameWidth ? '' : ', other width'})` : 'no native number',
      counterpart ? formatRatio(speedRatio(r, counterpart.record)) : '–',
    ];
    if (showShared && mine.length) cells.push(sharer?.timing ? formatDuration(sharer.timing.median_ns) : '–', sharer ? formatRatio(speedRatio(r, sharer)) : '–');
    if (showShared && !mine.length) cells.push('run to compare', '');
    return h('tr', { attrs: { 'data-kernel': `${r.kernel}/${r.isa}`, 'data-build': r.build } }, ...cells.map((c) => h('td', {}, c)));
  });
  return h('table', { className: 'results', attrs: { 'data-table': 'run' } }, h('thead', {}, h('tr', {}, ...header.map((c) => h('th', {}, c)))), h('tbody', {}, ...body));
}

/**
 * Benchmark cases side by side: one row per kernel/ISA/build, one column per case, each cell the
 * median and its speed relative to the native counterpart.
 */
export function pivotTable(
  mine: readonly ResultRecord[],
  native: readonly ResultRecord[],
  caseOrder: readonly string[],
  label: (record: ResultRecord) => string = (r) => r.case,
): HTMLElement {
  const cases = caseOrder.filter((c) => mine.some((r) => r.case === c));
  for (const r of mine) if (!cases.includes(r.case)) cases.push(r.case);
  const keys = [...new Set(mine.map((r) => `${r.kernel}/${r.isa}|${r.build}`))];
  const body = keys.map((key) => {
    const [kernelIsa, build] = key.split('|') as [string, string];
    const cells = cases.map((c) => {
      const r = mine.find((x) => x.case === c && `${x.kernel}/${x.isa}` === kernelIsa && x.build === build);
      if (!r?.timing) return h('td', {}, '–');
      const counterpart = nativeCounterpart(r, native);
      const ok = r.verified === false ? h('span', { className: 'bad' }, ' ✗') : null;
      return h('td', { title: r.verified_by },
        formatDuration(r.timing.median_ns), ok,
        counterpart ? h('small', { className: 'ratio' }, ` ${formatRatio(speedRatio(r, counterpart.record))} native`) : null);
    });
    return h('tr', { attrs: { 'data-kernel': kernelIsa, 'data-build': build } }, h('td', {}, kernelIsa), h('td', {}, build.replace(/^wasm-/, '')), ...cells);
  });
  return h('table', { className: 'results pivot' },
    h('thead', {}, h('tr', {}, h('th', {}, 'kernel'), h('th', {}, 'build'),
      ...cases.map((c) => h('th', { title: c }, label(mine.find((r) => r.case === c)!))))),
    h('tbody', {}, ...body));
}
