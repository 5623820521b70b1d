// The bar chart: median time per kernel, your wasm builds beside native and the sharer's numbers.
// Chart.js, registering only the pieces a log-scale bar chart needs.
import { BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip } from 'chart.js';
import { BUILDS, buildInfo, isBrowserRecordBuild, recordBuild, SIDE_COLOURS } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart } from './compare';
import { formatDuration, formatRatioNumber } from './format';
import { ratioOf, ratioText, type RatioEstimate } from './ratio';

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

/** `engines`: the viewer's and the sharer's JavaScript engines when they differ (results.ts,
 * engineLabels), named in the legend. */
export function drawChart(canvas: HTMLCanvasElement, previous: Chart | null, mine: readonly PageRecord[], native: readonly PageRecord[], shared: readonly PageRecord[], engines: { mine: string; sharer: string } | null = null): Chart {
  previous?.destroy();
  const rows = mine.length ? mine : shared;
  const labels = [...new Set(rows.map((r) => `${r.kernel}/${r.isa}`))];
  // Each bar keeps its record, so its tooltip can give the ratio to native as the tables do.
  const records = new Map<unknown[], (PageRecord | null)[]>();
  const series = (pick: (key: string) => PageRecord | null | undefined) => {
    const picked = labels.map((key) => pick(key) ?? null);
    const data = picked.map((r) => r?.timing?.median_ns ?? null);
    records.set(data, picked);
    return data;
  };
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
      plugins: {
        tooltip: {
          callbacks: {
            label: (ctx) => {
              const r = records.get(ctx.dataset.data as unknown[])?.[ctx.dataIndex];
              const counterpart = r && isBrowserRecordBuild(r.build) ? nativeCounterpart(r, native) : null;
              const ratio = counterpart ? `, ${ratioText(ratioOf(r!, counterpart.record))} native` : '';
              return `${ctx.dataset.label}: ${formatDuration(Number(ctx.raw))}${ratio}`;
            },
          },
        },
      },
    },
  });
}

/** The Suite's chart: one group of bars per puzzle, one bar per ratio (speed, log scale, 1× the
 * line where neither side is faster), each bar's tooltip the ratio with its range (ratio.ts). */
export function drawRatioChart(canvas: HTMLCanvasElement, previous: Chart | null, labels: readonly string[], series: readonly { label: string; colour: string; ratios: readonly (RatioEstimate | null)[] }[]): Chart {
  previous?.destroy();
  const shown = series.filter((x) => x.ratios.some((r) => r && Number.isFinite(r.value) && r.value > 0));
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: shown.map((x) => ({ label: x.label, backgroundColor: x.colour, data: x.ratios.map((r) => (r && Number.isFinite(r.value) && r.value > 0 ? r.value : null)) })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { type: 'logarithmic', title: { display: true, text: 'speed ratio (log scale; above 1×: wasm faster)' }, ticks: { callback: (v) => `${formatRatioNumber(Number(v))}×` } } },
      plugins: {
        tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${ratioText(shown[ctx.datasetIndex]?.ratios[ctx.dataIndex] ?? null)}` } },
      },
    },
  });
}
