// The bar chart: median time per kernel, your wasm builds beside native and the sharer's numbers.
// Chart.js, registering only the pieces a log-scale bar chart needs.
import { BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip } from 'chart.js';
import { isPeerRecord } from '../share/peers';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart } from './compare';
import { formatDuration } from './format';

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

const COLORS = { simd128: '#2f6fdb', baseline: '#8ab0f0', native: '#d9822b', shared: '#5aa469', peer: '#8e44ad' };

export function drawChart(canvas: HTMLCanvasElement, previous: Chart | null, mine: readonly PageRecord[], native: readonly PageRecord[], shared: readonly PageRecord[]): Chart {
  previous?.destroy();
  const rows = mine.length ? mine : shared;
  const labels = [...new Set(rows.map((r) => `${r.kernel}/${r.isa}`))];
  const series = (pick: (key: string) => PageRecord | null | undefined) => labels.map((key) => pick(key)?.timing?.median_ns ?? null);
  const find = (records: readonly PageRecord[], build: string) => (key: string) => records.find((r) => `${r.kernel}/${r.isa}` === key && r.build === build);
  const datasets = [
    { label: 'wasm SIMD128 (you)', data: series(find(mine, 'wasm-simd128')), backgroundColor: COLORS.simd128 },
    { label: 'wasm baseline (you)', data: series(find(mine, 'wasm-baseline')), backgroundColor: COLORS.baseline },
    { label: 'peer program (you)', data: series((key) => mine.find((r) => `${r.kernel}/${r.isa}` === key && isPeerRecord(r))), backgroundColor: COLORS.peer },
    {
      label: 'native',
      data: series((key) => {
        const r = rows.find((x) => `${x.kernel}/${x.isa}` === key);
        return r ? nativeCounterpart(r, native)?.record : null;
      }),
      backgroundColor: COLORS.native,
    },
    {
      label: 'sharer',
      data: series((key) => shared.find((r) => `${r.kernel}/${r.isa}` === key && (!mine.length || mine.some((m) => m.build === r.build)))),
      backgroundColor: COLORS.shared,
    },
  ].filter((d) => d.data.some((v) => v !== null));
  return new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        y: { type: 'logarithmic', title: { display: true, text: 'median time per run (log scale)' }, ticks: { callback: (v) => formatDuration(Number(v)) } },
      },
      plugins: { tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatDuration(Number(ctx.raw))}` } } },
    },
  });
}
