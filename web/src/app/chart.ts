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

/** Where a ratio's bar runs: its range, made finite and positive for a log axis (a range open
 * at one end, from a timing with no spread below or above, is drawn to `cap` times its estimate;
 * its tooltip and the table say ∞). Null for no ratio. */
export function ratioBar(r: RatioEstimate | null, cap = 100): { lo: number; hi: number; value: number } | null {
  if (!r || !Number.isFinite(r.value) || r.value <= 0) return null;
  const lo = r.lo > 0 ? Math.min(r.lo, r.value) : r.value / cap;
  const hi = Number.isFinite(r.hi) ? Math.max(r.hi, r.value) : r.value * cap;
  return { lo, hi, value: r.value };
}

/** The Suite's chart: one group of floating bars per puzzle, one per ratio, each from the low to
 * the high end of its range (ratio.ts) with a dark line at the medians' ratio, on a log scale with
 * a dashed line at 1×: a bar across that line is a ratio the table reads "≈ 1×". */
export function drawRatioChart(canvas: HTMLCanvasElement, previous: Chart | null, labels: readonly string[], series: readonly { label: string; colour: string; ratios: readonly (RatioEstimate | null)[] }[]): Chart {
  previous?.destroy();
  const shown = series.filter((x) => x.ratios.some((r) => ratioBar(r) !== null));
  const bars = shown.map((x) => x.ratios.map((r) => ratioBar(r)));
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: shown.map((x, i) => ({
        label: x.label,
        backgroundColor: `${x.colour}99`,
        borderColor: x.colour,
        borderWidth: 1,
        borderSkipped: false,
        data: bars[i]!.map((b) => (b ? [b.lo, b.hi] : null)) as unknown as number[],
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { type: 'logarithmic', title: { display: true, text: 'speed ratio, log scale' }, ticks: { callback: (v) => `${formatRatioNumber(Number(v))}×` } } },
      plugins: {
        tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${ratioText(shown[ctx.datasetIndex]?.ratios[ctx.dataIndex] ?? null)}` } },
      },
    },
    plugins: [{
      // The estimate inside each bar, and the 1× line (where neither side is faster).
      id: 'ratio-estimates',
      afterDatasetsDraw(chart) {
        const y = chart.scales.y;
        if (!y) return;
        const g = chart.ctx;
        g.save();
        const one = y.getPixelForValue(1);
        if (one >= chart.chartArea.top && one <= chart.chartArea.bottom) {
          g.setLineDash([5, 4]);
          g.strokeStyle = '#555';
          g.lineWidth = 1;
          g.beginPath();
          g.moveTo(chart.chartArea.left, one);
          g.lineTo(chart.chartArea.right, one);
          g.stroke();
          g.setLineDash([]);
        }
        g.strokeStyle = '#111';
        g.lineWidth = 3;
        bars.forEach((series, i) => {
          if (!chart.isDatasetVisible(i)) return;
          chart.getDatasetMeta(i).data.forEach((bar, j) => {
            const b = series[j];
            if (!b) return;
            const { x, width } = bar.getProps(['x', 'width'], true) as { x: number; width: number };
            const at = y.getPixelForValue(b.value);
            g.beginPath();
            g.moveTo(x - width / 2, at);
            g.lineTo(x + width / 2, at);
            g.stroke();
          });
        });
        g.restore();
      },
    }],
  });
}
