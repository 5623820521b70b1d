// How a peer program is timed, whatever it computes: its timed calls repeated until about a second
// is spent (at most 11 calls, at least one), so a fast program gets a median and a spread like our
// kernels and a slow one is timed once; then the harness's statistics over those calls.
import { PEER_MAX_SAMPLES, PEER_SAMPLE_BUDGET_MS } from '../share/peers';
import { median } from '../share/rounds';
import type { Timing } from '../share/schema';

/** Whether to time another call, after `samples` (ms) so far. */
export const anotherSample = (samplesMs: readonly number[]) =>
  samplesMs.length < PEER_MAX_SAMPLES && samplesMs.reduce((a, b) => a + b, 0) < PEER_SAMPLE_BUDGET_MS;

/** The harness's statistics over a peer's timed calls (ns): median, minimum, median absolute
 * deviation, and the per-unit figures, as a record's `timing`. */
export function peerTiming(samplesNs: readonly number[], work: number): Timing {
  const sorted = samplesNs.map((x) => Math.max(x, 1)).sort((a, b) => a - b);
  const ns = median(sorted);
  const mad = median(sorted.map((x) => Math.abs(x - ns)));
  return { samples: sorted.length, reps_per_sample: 1, median_ns: ns, min_ns: sorted[0]!, mad_ns: mad, ns_per_unit: work ? ns / work : 0, units_per_second: work ? (work * 1e9) / ns : 0 };
}
