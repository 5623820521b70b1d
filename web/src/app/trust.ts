// What the page believes of results it did not measure itself here and now: a link's records and a
// native report are re-checked (share/verify.ts) before anything shows them, a sharer's claimed
// answers are re-checked again once the viewer has run the reference, and a peer program's answer
// is judged by the engine against ours.
import type { Build } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import type { ResultRecord } from '../share/schema';
import { answerVerdict, AWAITING_CHECK, checkAnswers, engineList, screenRecords, verifyRecords, type KnownEntry, type Origin, type PageRecord, type Rejected, type Verified, type VerifyContext } from '../share/verify';
import { StoppedError, WorkerBridge } from '../worker/bridge';
import { Engine } from './engine';
import type { PuzzleView } from './puzzle-view';
import { caseWords, registeredViews } from './case-words';
import { formatAnswer } from './format';
import { listOf, recordKey, recordSet, type RecordSet } from './state/records';
import { puzzleStateOf, verifyContextOf } from './state/selectors';
import { withNotice, withPuzzle, type LinkFacts, type PageState, type Store } from './state/store';

/**
 * Runs `work` with an engine in a worker of its own, stopped afterwards (or as soon as `signal`
 * aborts). Re-checking data prepares every case it names (popcount: buffers up to 64 MiB): apart
 * from the page's engine, the params check never waits behind it, and the memory goes back (wasm
 * memory never shrinks while its worker lives).
 */
export async function withEngineWorker<T>(build: Build, work: (engine: Engine) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const bridge = new WorkerBridge(build);
  const stop = () => bridge.stop();
  signal?.addEventListener('abort', stop);
  try {
    if (signal?.aborted) throw new StoppedError();
    return await work(new Engine(bridge));
  } finally {
    signal?.removeEventListener('abort', stop);
    bridge.stop();
  }
}

/** The flavour a helper worker loads: the SIMD one where this browser runs it. */
export const helperBuild = (s: PageState): Build => (s.supported.has('simd128') ? 'simd128' : 'baseline');

const CANCELLED = 'claimed, not re-checked here: the re-check stopped before this case';

export class Verifier {
  /** The background re-check of a link's answers, if one is running. */
  private recheck: AbortController | null = null;

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly views: ReadonlyMap<string, PuzzleView>,
  ) {}

  /** The checks of share/verify.ts with what the page knows now, run by `call`'s engine. */
  context(call: VerifyContext['call'] = this.engine.call): VerifyContext {
    return verifyContextOf(this.store.get(), call, this.views);
  }

  /** Records from a report, re-checked in full; if the engine cannot check them, none is kept. */
  async verify(records: readonly ResultRecord[], origin: Origin): Promise<Verified> {
    try {
      return await withEngineWorker(helperBuild(this.store.get()), (engine) => verifyRecords(records, origin, this.context(engine.call)));
    } catch (e) {
      return { records: [], rejected: records.map((record) => ({ record, reason: String(e) })) };
    }
  }

  /** The quick checks of records from a link (no case is prepared), in the page's own engine:
   * what is kept stays claimed until recheckInBackground judges it. */
  async screen(records: readonly ResultRecord[], origin: Origin): Promise<Verified> {
    try {
      return await screenRecords(records, origin, this.context());
    } catch (e) {
      return { records: [], rejected: records.map((record) => ({ record, reason: String(e) })) };
    }
  }

  /**
   * Judges the answers of the link's records in the background, one case at a time, so the page
   * is usable at once however big the cases are (64 popcount cases of 64 MiB take over a minute).
   * Memory: one worker, one prepared case at a time (the engine frees each before the next), and
   * the worker goes when the re-check ends. A run waits for nobody: the re-check pauses between
   * cases while one is in progress, so it does not share the CPU with the timings. Cancel (the
   * link notice's button) stops the worker; what was not judged stays claimed.
   */
  async recheckInBackground(id: string) {
    this.cancelRecheck();
    const controller = new AbortController();
    this.recheck = controller;
    const signal = controller.signal;
    const keys = [...new Set(listOf(puzzleStateOf(this.store.get(), id).shared).filter((r) => r.claimed).map((r) => r.case_key))];
    const progress = (done: number, state: 'running' | 'done' | 'cancelled') =>
      this.store.update((s) => (s.link?.puzzle === id ? withLink(s, { ...s.link, recheck: { done, total: keys.length, state } }) : s));
    progress(0, 'running');
    let done = 0;
    try {
      await withEngineWorker(helperBuild(this.store.get()), async (engine) => {
        for (const key of keys) {
          await this.idle(signal);
          await this.judgeCases(id, new Set([key]), this.context(engine.call));
          progress(++done, 'running');
        }
      }, signal);
      progress(done, 'done');
    } catch {
      // Stopped (cancelled, or a newer link) or the engine failed: what was not judged stays claimed.
      this.store.update((s) => withPuzzle(s, id, (p) => ({ ...p, shared: recordSet(listOf(p.shared).map((r) => (r.verified_by === AWAITING_CHECK ? { ...r, verified_by: CANCELLED } : r))) })));
      progress(done, 'cancelled');
    } finally {
      if (this.recheck === controller) this.recheck = null;
    }
  }

  cancelRecheck() {
    this.recheck?.abort();
  }

  /** After a run of the cases `keys`: the viewer's reference answers may now settle a sharer's
   * claimed ones on those cases. */
  async recheckShared(id: string, keys: ReadonlySet<string>) {
    // No helper worker for nothing to judge (the suite's Run all ends with one call per puzzle).
    if (!listOf(puzzleStateOf(this.store.get(), id).shared).some((r) => r.claimed && keys.has(r.case_key))) return;
    await withEngineWorker(helperBuild(this.store.get()), (engine) => this.judgeCases(id, keys, this.context(engine.call))).catch(() => undefined);
  }

  /** A peer program's record on a case our kernels ran: its verdict (see judgePeer). */
  judgePeer(record: PageRecord, ours: readonly PageRecord[]): Promise<PageRecord> {
    return judgePeer(record, ours, this.context()).catch(() => record);
  }

  /** Judges the claimed shared records of `keys` and puts the verdicts in the state. */
  private async judgeCases(id: string, keys: ReadonlySet<string>, ctx: VerifyContext) {
    const claimed = listOf(puzzleStateOf(this.store.get(), id).shared).filter((r) => r.claimed && keys.has(r.case_key));
    if (!claimed.length) return;
    const judged = await checkAnswers(claimed, ctx);
    this.store.update((s) => {
      const next = withPuzzle(s, id, (p) => ({ ...p, shared: replaced(p.shared, judged) }));
      return next.link?.puzzle === id ? withLink(next, next.link) : next;
    });
  }

  /** Resolves once no run is in progress (at once if none is); rejects when `signal` aborts. */
  private idle(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        signal.removeEventListener('abort', abort);
        queueMicrotask(() => unsubscribe());
        if (error) reject(error);
        else resolve();
      };
      const abort = () => settle(new StoppedError());
      signal.addEventListener('abort', abort);
      const unsubscribe = this.store.subscribe((s) => {
        if (!s.run) settle();
      });
    });
  }
}

/** `set` with each of `records` in place of the record of the same key (order kept). */
function replaced(set: RecordSet, records: readonly PageRecord[]): RecordSet {
  const out = new Map(set);
  for (const r of records) out.set(recordKey(r), r);
  return out;
}

/** The state with the link's facts and its notice, which is made from them and from the link's
 * records as they are now: a re-check or a run of the viewer's changes what it says. */
export function withLink(s: PageState, link: LinkFacts | null): PageState {
  const next = { ...s, link };
  if (!link) return withNotice(next, 'link', null);
  const records = listOf(puzzleStateOf(next, link.puzzle).shared);
  const parts = link.carried ? [describeShared(records, link.rejected, link.cpu)] : [];
  if (link.refused) parts.push(link.refused);
  const r = link.recheck;
  if (r?.state === 'running') parts.push(`re-checking their answers in the background: ${r.done} of ${r.total} cases done`);
  if (r?.state === 'cancelled') parts.push(`re-check cancelled after ${r.done} of ${r.total} cases: the rest stay claimed`);
  return withNotice(next, 'link', {
    text: `Shared link: ${parts.join('; ')}.`,
    kind: link.refused ? 'error' : 'info',
    ...(r?.state === 'running' ? { action: 'cancel-recheck' as const } : {}),
  });
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
  // The case in words (case-words.ts), as every screen names it.
  const which = (r: ResultRecord) => `${r.kernel}/${r.isa} on ${caseWords(registeredViews(), r).slice(0, 60)}`;
  const reasons = [...unreadable.reasons, ...rejected.map(({ record, reason }) => `${which(record)}: ${reason}`)];
  const count = unreadable.count + rejected.length;
  return `${count} left out (${reasons.slice(0, 3).join('; ')}${count > 3 ? `; and ${count - 3} more` : ''})`;
}

/** The records of ours a peer is judged against: the case's runs that no check refuted. */
export function oursOnCase(s: PageState, id: string, caseKey: string): PageRecord[] {
  return listOf(puzzleStateOf(s, id).mine).filter((r) => r.case_key === caseKey && !isPeerRecord(r) && r.verified !== false);
}
