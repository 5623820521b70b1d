// What a perft peer reads from the chess params: the canonical FEN and the depth (the engine has
// already checked both), or why the case is not a perft; and its node budget.
import type { Params } from '../share/schema';

export type PerftCase = { fen: string; depth: number; divide: boolean };

export function perftCase(params: Params): PerftCase | string {
  if (params.mode !== 'perft') return 'it counts perft nodes; attack lookups have no counterpart in it';
  const { fen, depth } = params;
  if (typeof fen !== 'string' || typeof depth !== 'number' || !Number.isInteger(depth)) return 'the case has no FEN and depth';
  if (depth < 1) return 'perft(0) is the position itself: nothing to time';
  return { fen, depth, divide: params.divide === true };
}

/** A peer that makes every leaf is skipped past this many nodes, with the reason. */
export function budgetReason(work: number | null, budget: number, speed: string): string | null {
  if (work === null || work <= budget) return null;
  return `this case has ${work.toLocaleString('en-US')} nodes, over its budget of ${(budget / 1e6).toFixed(0)} million (${speed})`;
}
