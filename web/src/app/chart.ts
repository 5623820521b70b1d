// The bar chart: median time per kernel, your wasm builds beside native and the sharer's numbers.
// Chart.js, registering only the pieces a log-scale bar chart needs.
import { BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip } from 'chart.js';
import { BUILDS, buildInfo, recordBuild, SIDE_COLOURS } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart } from './compare';
import { formatDuration } from './format';

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

/** `engines`: the viewer's and the sharer's JavaScript engines when they differ (results.ts,
 * engineLabels), named in the legend. */
export function drawChart(canvas: HTMLCanvasElement, previous: Chart | null, mine: readonly PageRecord[], native: readonly PageRecord[], shared: readonly PageRecord[], engines: { mine: string; sharer: string } | null = null): Chart {
  previous?.destroy();
  const rows = mine.length ? mine : shared;
  const labels = [...new Set(rows.map((r) => `${r.kernel}/${r.isa}`))];
  const series = (pick: (key: string) => PageRecord | null | undefined) => labels.map((key) => pick(key)?.timing?.median_ns ?? null);
  const find = (records: readonly PageRecord[], build: string) => (key: string) => records.find((r) => `${r.kernel}/${r.isa}` === key && r.build === build);
  const datasets = [
    ...BUILDS.map((b) => ({ label: `${buildInfo(b).label} (you${engines ? `, ${engines.mine}` : ''})`, data: series(find(mine, recordBuild(b))), backgroundColor: buildInfo(b).colour })),
    { label: 'peer program (you)', data: series((key) => mine.find((r) => `${r.kernel}/${r.isa}` === key && isPeerRecord(r))), backgroundColor: SIDE_COLOURS.peer },
    {
      label: 'native',
      data: series((key) => {
        const r = rows.find((x) => `${x.kernel}/${x.isa}` === key);
        return r ? nativeCounterpart(r, native)?.record : null;
      }),
      backgroundColor: SIDE_COLOURS.native,
    },
    {
      label: engines ? `sharer (${engines.sharer})` : 'sharer',
      data: series((key) => shared.find((r) => `${r.kernel}/${r.isa}` === key && (!mine.length || mine.some((m) => m.build === r.build)))),
      backgroundColor: SIDE_COLOURS.shared,
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
