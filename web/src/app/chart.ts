// The bar chart: median time per kernel, your wasm builds beside native and the sharer's numbers.
// Chart.js, registering only the pieces a log-scale bar chart needs.
import { BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip, type Plugin, type Scale } from 'chart.js';
import { BUILDS, buildInfo, isBrowserRecordBuild, recordBuild, SIDE_COLOURS } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart } from './compare';
import { formatDuration, formatRatioNumber } from './format';
import { ratioOf, ratioText, type RatioEstimate } from './ratio';
import { againstNative } from './results';

// ---- log axes whose labels never touch ------------------------------------------------------------

/** A tick of a log axis as laid out: its value, where its label sits along the axis (px) and how
 * much of the axis the label takes (its height on a vertical axis, its width on a horizontal). */
export interface LaidTick {
  value: number;
  at: number;
  size: number;
}

// Which labels a crowded log axis keeps first: powers of ten, then 5, 2, 3, then the rest.
const MANTISSA_RANK: Record<number, number> = { 1: 0, 5: 1, 2: 2, 3: 3 };
const rankOf = (value: number) => {
  const mantissa = Math.round(value / 10 ** Math.floor(Math.log10(value) + 1e-9));
  return MANTISSA_RANK[mantissa] ?? 4;
};

/**
 * Which of a log axis's tick labels to show so that no two touch (`gap` px at least between
 * them): taken in order of rank (1 before 5, 2, 3 and the rest of each decade), each kept only if
 * it clears every label kept before it. A crowded axis shows powers of ten, a roomy one 1-2-5.
 */
export function keepLogLabels(ticks: readonly LaidTick[], gap = 4): boolean[] {
  const order = ticks.map((_, i) => i).filter((i) => ticks[i]!.value > 0).sort((a, b) => rankOf(ticks[a]!.value) - rankOf(ticks[b]!.value) || ticks[a]!.value - ticks[b]!.value);
  const kept: number[] = [];
  const keep = ticks.map(() => false);
  for (const i of order) {
    const t = ticks[i]!;
    if (kept.every((j) => Math.abs(ticks[j]!.at - t.at) >= (ticks[j]!.size + t.size) / 2 + gap)) {
      kept.push(i);
      keep[i] = true;
    }
  }
  return keep;
}

/** Thins every log axis's labels once the chart is laid out (keepLogLabels), on every chart of
 * the page, the puzzles' own included: Chart.js would label each tick a callback formats. */
const logLabels: Plugin = {
  id: 'log-labels',
  afterUpdate(chart) {
    for (const scale of Object.values(chart.scales) as Scale[]) {
      if (scale.type !== 'logarithmic' || !scale.ticks.length) continue;
      const horizontal = scale.isHorizontal();
      const font = Number((scale.options as { ticks?: { font?: { size?: number } } }).ticks?.font?.size) || Chart.defaults.font.size || 12;
      const laid = scale.ticks.map((t) => {
        const text = Array.isArray(t.label) ? t.label.join(' ') : String(t.label ?? '');
        // A label's extent along the axis: its width (about 0.6 em a character) or its line height.
        return { value: t.value, at: scale.getPixelForValue(t.value), size: text ? (horizontal ? 0.6 * font * text.length : 1.2 * font) : 0 };
      });
      const keep = keepLogLabels(laid.map((t) => (t.size ? t : { ...t, value: -1 })));
      scale.ticks.forEach((t, i) => {
        if (!keep[i]) t.label = '';
      });
    }
  },
};

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip, logLabels);

/** A bar chart's kernels fit a phone as horizontal bars, their names to the left in two lines
 * (kernel, ISA) that nothing cuts; a wide screen keeps vertical bars. */
const NARROW_CHART_PX = 560;

/** `engines`: the viewer's and the sharer's JavaScript engines when they differ (results.ts,
 * engineLabels), named in the legend; `nativeFrom`: where the native numbers were measured when
 * not here (app/native.ts, nativeElsewhere), so that a tooltip's ratio says "another machine" as
 * the table's does. */
export function drawChart(canvas: HTMLCanvasElement, previous: Chart | null, mine: readonly PageRecord[], native: readonly PageRecord[], shared: readonly PageRecord[], engines: { mine: string; sharer: string } | null = null, nativeFrom: string | null = null): Chart {
  previous?.destroy();
  const rows = mine.length ? mine : shared;
  const labels = [...new Set(rows.map((r) => `${r.kernel}/${r.isa}`))];
  const narrow = (canvas.parentElement?.clientWidth ?? Infinity) < NARROW_CHART_PX;
  const valueAxis = narrow ? 'x' : 'y';
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
      indexAxis: narrow ? 'y' : 'x',
      scales: {
        [valueAxis]: { type: 'logarithmic', title: { display: true, text: 'median time per run (log scale)' }, ticks: { maxRotation: 0, callback: (v: number | string) => formatDuration(Number(v)) } },
        // Category labels "kernel/isa" as two lines, never rotated out of the canvas.
        [narrow ? 'y' : 'x']: { ticks: { autoSkip: false, callback(this: Scale, v: number | string) { return String(this.getLabelForValue(Number(v))).split('/'); } } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (ctx) => {
              const r = records.get(ctx.dataset.data as unknown[])?.[ctx.dataIndex];
              const counterpart = r && isBrowserRecordBuild(r.build) ? nativeCounterpart(r, native) : null;
              const ratio = counterpart ? `, ${nativeRatioText(r!, counterpart.record, shared, nativeFrom)} native` : '';
              return `${ctx.dataset.label}: ${formatDuration(Number(ctx.raw))}${ratio}`;
            },
          },
        },
      },
    },
  });
}

/** A tooltip's ratio of a browser record to its native counterpart, as the run table says it:
 * marked "another machine" where the record is a link's or the native numbers came from
 * elsewhere (`nativeFrom`). */
export function nativeRatioText(record: PageRecord, native: PageRecord, shared: readonly PageRecord[], nativeFrom: string | null): string {
  return ratioText(ratioOf(record, native, againstNative(shared.includes(record), nativeFrom)));
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

/** How a series is told apart beyond its colour: a fill pattern each (solid, stripes, dots,
 * cross-hatch, rungs), so that colour-blind eyes and a grey printout tell the bars apart too. */
export const SERIES_PATTERNS = ['solid', 'stripes', 'dots', 'cross', 'rungs'] as const;
export type SeriesPattern = (typeof SERIES_PATTERNS)[number];

/** A bar's fill: the colour, light, with the pattern drawn over it in the full colour (the legend
 * shows the same swatch). A solid series is the colour itself. */
function patternFill(colour: string, pattern: SeriesPattern): string | CanvasPattern {
  if (pattern === 'solid') return `${colour}cc`;
  const size = 8;
  const tile = document.createElement('canvas');
  tile.width = tile.height = size;
  const g = tile.getContext('2d');
  if (!g) return `${colour}99`;
  g.fillStyle = `${colour}40`;
  g.fillRect(0, 0, size, size);
  g.strokeStyle = g.fillStyle = colour;
  g.lineWidth = 2;
  g.beginPath();
  if (pattern === 'stripes' || pattern === 'cross') {
    g.moveTo(-2, size + 2);
    g.lineTo(size + 2, -2);
  }
  if (pattern === 'cross') {
    g.moveTo(-2, -2);
    g.lineTo(size + 2, size + 2);
  }
  if (pattern === 'rungs') {
    g.moveTo(0, size / 2);
    g.lineTo(size, size / 2);
  }
  g.stroke();
  if (pattern === 'dots') {
    g.beginPath();
    g.arc(size / 2, size / 2, 2, 0, 2 * Math.PI);
    g.fill();
  }
  return g.createPattern(tile, 'repeat') ?? `${colour}99`;
}

/** The Suite's chart: one group of floating bars per puzzle, one per ratio, each from the low to
 * the high end of its range (ratio.ts) with a dark line at the medians' ratio, on a log scale with
 * a dashed line at 1×: a bar across that line is a ratio the table reads "≈ 1×". */
export function drawRatioChart(canvas: HTMLCanvasElement, previous: Chart | null, labels: readonly string[], series: readonly { label: string; colour: string; pattern: SeriesPattern; ratios: readonly (RatioEstimate | null)[] }[]): Chart {
  previous?.destroy();
  const shown = series.filter((x) => x.ratios.some((r) => ratioBar(r) !== null));
  const bars = shown.map((x) => x.ratios.map((r) => ratioBar(r)));
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: shown.map((x, i) => ({
        label: x.label,
        backgroundColor: patternFill(x.colour, x.pattern),
        borderColor: x.colour,
        borderWidth: 2,
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
