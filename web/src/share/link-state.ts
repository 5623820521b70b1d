// What a share link carries, decided from the page's records: the case on screen first, then the
// most recently run cases, each case's records in the order they arrived, at most
// MAX_SHARED_RECORDS; every record keeps the params it was measured on. The codec then leaves out
// the least recent cases while the link is too long (codec.ts, encodeLinkWithin).
import { encodeLinkWithin, MAX_FRAGMENT_CHARS } from './codec';
import { portableRecord } from './export';
import { MAX_SHARED_RECORDS, type Environment, type LinkState, type Params, type PlaygroundSource, type ResultRecord } from './schema';
import type { Build } from './builds';
import type { PageRecord } from './verify';

/** The viewer's records in link order, stripped of what only this page knows (a claim mark, a
 * peer's start-up time); `beyondCap`: how many did not fit under MAX_SHARED_RECORDS. */
export function recordsForLink(mine: readonly PageRecord[], onScreen: string | null): { records: ResultRecord[]; beyondCap: number } {
  const recency = [...new Set(mine.map((r) => r.case_key).reverse())];
  const order = [...(onScreen !== null && recency.includes(onScreen) ? [onScreen] : []), ...recency.filter((k) => k !== onScreen)];
  const ordered = order.flatMap((k) => mine.filter((r) => r.case_key === k));
  const records = ordered.slice(0, MAX_SHARED_RECORDS).map(portableRecord);
  return { records, beyondCap: ordered.length - records.length };
}

export interface LinkBasis {
  puzzle: string;
  params: Params;
  kernels: readonly string[];
  builds: readonly Build[];
  /** The browser the records were measured in, and the native numbers the page had. */
  environment: Environment | undefined;
  native: Environment | null;
}

/** The link's state for the records kept (none: the link sets up the case without results). */
export function linkStateOf(basis: LinkBasis, shared: ResultRecord[]): LinkState {
  return {
    v: 1,
    puzzle: basis.puzzle,
    params: basis.params,
    kernels: [...basis.kernels],
    builds: [...basis.builds],
    ...(shared.length && basis.environment ? { shared: { environment: basis.environment, native: basis.native, records: shared } } : {}),
  };
}

/** The status line after Copy link. */
export function copiedSentence(url: string, kept: readonly ResultRecord[], leftOut: number, copied: boolean): string {
  const cases = new Set(kept.map((r) => r.case_key)).size;
  const trimmed = leftOut ? ` (${leftOut} older results left out to keep the link under ${MAX_SHARED_RECORDS} results and ${MAX_FRAGMENT_CHARS / 1024} KiB)` : '';
  const what = (kept.length ? `, with your ${kept.length} results on ${cases} case${cases === 1 ? '' : 's'}` : '') + trimmed;
  return copied ? `Link copied (${url.length} characters${what}).` : `Copy the link from the field (the clipboard is not available here)${what}.`;
}

/** The kernel id of a user's kernel (app/playground/kernel-id.ts says the same). */
const YOURS = 'yours';

/**
 * The link for `records` with the user's kernel (`kernel`, its source) when there is one: its
 * `yours` records travel only with it. The least recent cases are left out while the link is too
 * long (encodeLinkWithin); if even the source alone does not fit, the link goes without the kernel
 * and its records, and `kernelTooLong` says how long it would have been.
 */
export async function encodeLinkWithKernel(records: readonly ResultRecord[], basis: LinkBasis, kernel: PlaygroundSource | null, maxChars = MAX_FRAGMENT_CHARS): Promise<{ fragment: string; kept: ResultRecord[]; leftOut: number; kernelTooLong: number | null }> {
  const without = records.filter((r) => r.kernel !== YOURS);
  if (kernel) {
    const made = await encodeLinkWithin(records, (shared) => ({ ...linkStateOf(basis, shared), playground: kernel }), maxChars);
    if (made.fragment.length <= maxChars) return { ...made, kernelTooLong: null };
    const plain = await encodeLinkWithin(without, (shared) => linkStateOf(basis, shared), maxChars);
    return { ...plain, leftOut: records.length - plain.kept.length, kernelTooLong: made.fragment.length };
  }
  const plain = await encodeLinkWithin(without, (shared) => linkStateOf(basis, shared), maxChars);
  return { ...plain, leftOut: records.length - plain.kept.length, kernelTooLong: null };
}

/** What the status line adds about the kernel after Copy link. */
export function kernelSentence(kernel: PlaygroundSource | null, tooLong: number | null, maxChars = MAX_FRAGMENT_CHARS): string {
  if (!kernel) return '';
  if (tooLong !== null) return ` Your kernel is not in the link: compressed, its source takes ${tooLong.toLocaleString('en-US')} characters, more than the ${maxChars / 1024} KiB a link may hold.`;
  return ' It carries your kernel’s source.';
}
