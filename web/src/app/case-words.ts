// A case in words, the one place every screen gets it from: headings, the Suite's plan and
// scoreboard, the History, the notices about records from elsewhere and the downloads' header
// all say "Rubik's cube: apply R U R' U'", never "moves=R U R' U' op=apply seed=1 with=". Each
// puzzle view says how its params read (PuzzleView.describeCase); a puzzle without one gets its
// params as "name value" pairs. The engine's case name stays what records carry and files keep.
import type { PuzzleView } from './puzzle-view';
import type { Params } from '../share/schema';

let registered: ReadonlyMap<string, PuzzleView> = new Map();

/** The page's puzzle views, registered once (main.ts), for code that names cases without being
 * handed them (the notices about records left out, app/trust.ts). */
export function registerCaseWords(views: ReadonlyMap<string, PuzzleView>) {
  registered = views;
}

export const registeredViews = (): ReadonlyMap<string, PuzzleView> => registered;

/** What a case is known by: its puzzle and params (a record, a bench case with its puzzle). */
export interface CaseLike {
  puzzle: string;
  params: Params;
}

/** The params as "name value" pairs, empty ones left out ("n 12", "op compose, seed 1"). */
export function genericWords(params: Params): string {
  const pairs = Object.entries(params).filter(([, v]) => v !== '' && v !== null && v !== undefined).map(([k, v]) => `${k} ${String(v)}`);
  return pairs.length ? pairs.join(', ') : 'no parameters';
}

/** The case in words, without its puzzle ("apply R U R' U'"); `fileName`: the file it read, where
 * the page knows it. */
export function caseWords(views: ReadonlyMap<string, PuzzleView>, c: CaseLike, fileName?: string): string {
  const view = views.get(c.puzzle);
  try {
    return view?.describeCase?.(c.params, fileName) ?? genericWords(c.params);
  } catch {
    // Params from outside may hold anything a view does not expect: its words are not worth a throw.
    return genericWords(c.params);
  }
}

/** The case in words with its puzzle's title ("Rubik's cube: apply R U R' U'"). */
export function caseTitle(views: ReadonlyMap<string, PuzzleView>, title: string, c: CaseLike, fileName?: string): string {
  return `${title}: ${caseWords(views, c, fileName)}`;
}
