// What a perft peer reads from the chess params: the canonical FEN and the depth (the engine has
// already checked both), or why the case is not a perft.
import type { Params } from '../share/schema';

export type PerftCase = { fen: string; depth: number; divide: boolean };

export function perftCase(params: Params): PerftCase | string {
  if (params.mode !== 'perft') return 'it counts perft nodes; attack lookups have no counterpart in it';
  const { fen, depth } = params;
  if (typeof fen !== 'string' || typeof depth !== 'number' || !Number.isInteger(depth)) return 'the case has no FEN and depth';
  if (depth < 1) return 'perft(0) is the position itself: nothing to time';
  return { fen, depth, divide: params.divide === true };
}

// A peer's timed perfts: repeated until about a second is spent (at most 11 calls, at least one),
// so a fast program gets a median and a spread like our kernels and a slow one is timed once.
export const PEER_MAX_SAMPLES = 11;
export const PEER_SAMPLE_BUDGET_MS = 1000;

/** Whether to time another call, after `samples` (ms) so far. */
export const anotherSample = (samplesMs: readonly number[]) =>
  samplesMs.length < PEER_MAX_SAMPLES && samplesMs.reduce((a, b) => a + b, 0) < PEER_SAMPLE_BUDGET_MS;

/** A peer that makes every leaf is skipped past this many nodes, with the reason. */
export function budgetReason(work: number | null, budget: number, speed: string): string | null {
  if (work === null || work <= budget) return null;
  return `this case has ${work.toLocaleString('en-US')} nodes, over its budget of ${(budget / 1e6).toFixed(0)} million (${speed})`;
}
