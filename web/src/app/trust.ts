// What the page believes of results it did not measure itself here and now: a link's records and a
// native report are re-checked (share/verify.ts) before anything shows them, a sharer's claimed
// answers are re-checked again once the viewer has run the reference, and a peer program's answer
// is judged by the engine against ours.
import type { Build } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import type { ResultRecord } from '../share/schema';
import { answerVerdict, checkAnswers, engineList, verifyRecords, type KnownEntry, type Origin, type PageRecord, type Rejected, type Verified, type VerifyContext } from '../share/verify';
import { WorkerBridge } from '../worker/bridge';
import { Engine } from './engine';
import type { PuzzleView } from './puzzle-view';
import { formatAnswer } from './format';
import { recordSet, listOf } from './state/records';
import { puzzleStateOf, verifyContextOf } from './state/selectors';
import { withPuzzle, type PageState, type Store } from './state/store';

/**
 * Runs `work` with an engine in a worker of its own, stopped afterwards. Re-checking data prepares
 * every case it names (popcount: buffers up to 64 MiB): apart from the page's engine, the params
 * check never waits behind it, and the memory goes back (wasm memory never shrinks while its
 * worker lives).
 */
export async function withEngineWorker<T>(build: Build, work: (engine: Engine) => Promise<T>): Promise<T> {
  const bridge = new WorkerBridge(build);
  try {
    return await work(new Engine(bridge));
  } finally {
    bridge.stop();
  }
}

/** The flavour a helper worker loads: the SIMD one where this browser runs it. */
export const helperBuild = (s: PageState): Build => (s.supported.has('simd128') ? 'simd128' : 'baseline');

export class Verifier {
  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly views: ReadonlyMap<string, PuzzleView>,
  ) {}

  /** The checks of share/verify.ts with what the page knows now, run by `call`'s engine. */
  context(call: VerifyContext['call'] = this.engine.call): VerifyContext {
    return verifyContextOf(this.store.get(), call, this.views);
  }

  withVerifier<T>(work: (ctx: VerifyContext) => Promise<T>): Promise<T> {
    return withEngineWorker(helperBuild(this.store.get()), (engine) => work(this.context(engine.call)));
  }

  /** Records from a link or a report, re-checked; if the engine cannot check them, none is kept. */
  async verify(records: readonly ResultRecord[], origin: Origin): Promise<Verified> {
    try {
      return await this.withVerifier((ctx) => verifyRecords(records, origin, ctx));
    } catch (e) {
      return { records: [], rejected: records.map((record) => ({ record, reason: String(e) })) };
    }
  }

  /** After a run: the viewer's reference answers may now settle a sharer's claimed ones. */
  async recheckShared(id: string) {
    const shared = listOf(puzzleStateOf(this.store.get(), id).shared);
    if (!shared.some((r) => r.claimed)) return;
    const checked = await this.withVerifier((ctx) => checkAnswers(shared, ctx)).catch(() => null);
    if (checked) this.store.update((s) => withPuzzle(s, id, (p) => ({ ...p, shared: recordSet(checked) })));
  }

  /** A peer program's record on a case our kernels ran: its verdict (see judgePeer). */
  judgePeer(record: PageRecord, ours: readonly PageRecord[]): Promise<PageRecord> {
    return judgePeer(record, ours, this.context()).catch(() => record);
  }
}

/** The run of ours that stands for the answer our kernels agree on: among our runs on the case
 * that no check refuted, the one whose work all of them share (none when they differ). */
export function agreedRun(ours: readonly PageRecord[]): PageRecord | null {
  const works = new Set(ours.map((r) => r.work));
  return works.size === 1 ? ours[0]! : null;
}

/**
 * A peer's answer, judged by the engine (`known`, the puzzle's own same_answer): against the
 * published answer where there is one, else against the answer our kernels agree on here, else
 * against the viewer's own reference run; with none of them, claimed. A peer that answers
 * differently is flagged, whoever is wrong.
 */
export async function judgePeer(record: PageRecord, ours: readonly PageRecord[], ctx: VerifyContext): Promise<PageRecord> {
  const agreed = agreedRun(ours);
  const reference = agreed?.answer ?? ctx.reference?.(record.puzzle, record.case_key);
  const [known] = await engineList<KnownEntry>(ctx, {
    action: 'known',
    puzzle: record.puzzle,
    cases: [{ params: record.params, input: record.input ?? null, answers: [record.answer], ...(reference ? { reference } : {}) }],
  });
  const referenceKernel = ctx.puzzles.find((p) => p.id === record.puzzle)?.reference_kernel ?? 'the reference';
  const { claimed: _claimed, ...rest } = record;
  return { ...rest, ...peerVerdict(known, agreed, ours.length, referenceKernel) };
}

/** The verdict fields of a peer's record from the engine's entry (see judgePeer). */
export function peerVerdict(known: KnownEntry | undefined, agreed: PageRecord | null, runs: number, referenceKernel: string): Pick<PageRecord, 'verified' | 'verified_by' | 'claimed'> {
  const verdict = answerVerdict(known, 0, referenceKernel);
  if (verdict.verified === null || known?.compared_with !== 'reference' || !agreed) return verdict;
  const theirs = formatAnswer(agreed.answer);
  return { verified: verdict.verified, verified_by: (verdict.verified ? `agrees with the ${runs} runs of our kernels here (${theirs})` : `differs from our kernels: they answer ${theirs}`).slice(0, 120) };
}

/** The sentence a link's notice starts with: what it holds, and what the page could check. */
export function describeShared(records: readonly PageRecord[], rejected: readonly Rejected[], cpu: string): string {
  const cases = new Set(records.map((r) => r.case_key)).size;
  const checked = records.filter((r) => !r.claimed && r.verified !== null).length;
  const wrong = records.filter((r) => r.verified === false).length;
  const claimed = records.filter((r) => r.claimed).length;
  const parts = [`${records.length} results from another browser (${cpu.slice(0, 80)}) on ${cases} case${cases === 1 ? '' : 's'}; answers re-checked here: ${checked}${wrong ? ` (${wrong} wrong)` : ''}, claimed only: ${claimed}`];
  if (rejected.length) parts.push(leftOutText(rejected));
  if (records.length) parts.push('run the same case to measure yours beside them');
  return parts.join('; ');
}

/** Which records from elsewhere were refused and why, for the one notice that says so: the first
 * three, then how many more. */
export function leftOutText(rejected: readonly Rejected[], unreadable: { count: number; reasons: readonly string[] } = { count: 0, reasons: [] }): string {
  const which = (r: ResultRecord) => `${r.kernel}/${r.isa} on ${r.case.slice(0, 40)}`;
  const reasons = [...unreadable.reasons, ...rejected.map(({ record, reason }) => `${which(record)}: ${reason}`)];
  const count = unreadable.count + rejected.length;
  return `${count} left out (${reasons.slice(0, 3).join('; ')}${count > 3 ? `; and ${count - 3} more` : ''})`;
}

/** The records of ours a peer is judged against: the case's runs that no check refuted. */
export function oursOnCase(s: PageState, id: string, caseKey: string): PageRecord[] {
  return listOf(puzzleStateOf(s, id).mine).filter((r) => r.case_key === caseKey && !isPeerRecord(r) && r.verified !== false);
}
