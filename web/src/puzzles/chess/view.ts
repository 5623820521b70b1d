// Chess: the explainer, the board drawn from the case (Chess::illustrate in cpp/puzzles/chess/
// chess.cpp), each slider's Hyperbola Quintessence steps as 8×8 bit boards, the divide table of a
// perft run, and two browser peers (Stockfish.js and chess.js, web/src/peers/) timed on the same
// case. The illustration comes from our own module and is still checked (zod) before any of it
// is drawn.
import { z } from 'zod';
import { h, scrollBox, sourceLink } from '../../app/dom';
import { chessJsPeer } from '../../peers/chessjs';
import { stockfishPeer } from '../../peers/stockfish';
import { isPeerRecord } from '../../share/peers';
import type { Params } from '../../share/schema';
import type { PageRecord, WorkRules } from '../../share/verify';
import type { BenchGroup, PuzzleView, ResultsContext } from '../../app/puzzle-view';
import './view.css';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefgh';

// ---- the illustration, checked ---------------------------------------------------------------

const bitboard = z.string().regex(/^0x[0-9a-f]{16}$/, 'not a bitboard').transform((s) => BigInt(s));

const LineSchema = z
  .object({
    line: z.enum(['file', 'rank', 'diagonal', 'anti-diagonal']),
    reversal: z.enum(['byte swap', 'bit reversal']),
    mask: bitboard,
    o: bitboard,
    r: bitboard,
    'o-2r': bitboard,
    "o'": bitboard,
    "r'": bitboard,
    "o'-2r'": bitboard,
    "reverse(o'-2r')": bitboard,
    xor: bitboard,
    attacks: bitboard,
  })
  .strict();
export type HqLine = z.infer<typeof LineSchema>;

const SliderSchema = z
  .object({
    square: z.string().regex(/^[a-h][1-8]$/),
    index: z.number().int().min(0).max(63),
    piece: z.enum(['R', 'B', 'Q', 'r', 'b', 'q']),
    attacks: bitboard,
    lines: z.array(LineSchema).min(2).max(4),
  })
  .strict();
export type Slider = z.infer<typeof SliderSchema>;

export const IllustrationSchema = z
  .object({
    fen: z.string().max(100),
    side: z.enum(['w', 'b']),
    board: z.array(z.string().regex(/^[PNBRQKpnbrqk]?$/)).length(64),
    occupied: bitboard,
    sliders: z.array(SliderSchema).max(64),
  })
  .strict()
  // The parts must agree with each other: a slider stands where the board has it, the occupancy
  // is the board's, and a slider's attacks are the union of its lines'.
  .refine((d) => d.sliders.every((s) => squareName(s.index) === s.square && d.board[s.index] === s.piece), 'a slider is not where the board has it')
  .refine((d) => d.board.reduce((occ, p, i) => (p ? occ | bit(i) : occ), 0n) === d.occupied, 'the occupancy is not the board’s')
  .refine((d) => d.sliders.every((s) => s.lines.reduce((a, l) => a | l.attacks, 0n) === s.attacks), 'a slider’s attacks are not the union of its lines');
export type Illustration = z.infer<typeof IllustrationSchema>;

export function parseIllustration(data: unknown): Illustration | null {
  const parsed = IllustrationSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const bit = (index: number) => 1n << BigInt(index);
const has = (board: bigint, index: number) => ((board >> BigInt(index)) & 1n) === 1n;
export const squareName = (index: number) => `${FILES[index & 7]}${(index >> 3) + 1}`;
const popcount = (b: bigint) => [...b.toString(2)].filter((c) => c === '1').length;

// ---- the board ---------------------------------------------------------------------------------

// One glyph shape for both sides (the filled set), coloured by side, so the pieces look alike in
// every font.
const GLYPHS: Record<string, string> = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const PIECE_NAMES: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const pieceName = (letter: string) => `${letter === letter.toUpperCase() ? 'white' : 'black'} ${PIECE_NAMES[letter.toLowerCase()]}`;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The slider shown per position (by FEN): the page redraws the illustration on every render. */
const chosen = new Map<string, number>();

function boardSvg(d: Illustration, selected: Slider | null, onPick: (index: number) => void): SVGSVGElement {
  const cell = 40;
  const margin = 18;
  const root = svg('svg', {
    viewBox: `0 0 ${8 * cell + margin} ${8 * cell + margin}`,
    class: 'chess-board',
    role: 'group',
    'aria-label': `the position ${d.fen}`,
    'data-fen': d.fen,
  });
  const sliders = new Map(d.sliders.map((s) => [s.index, s]));
  for (let index = 0; index < 64; ++index) {
    const file = index & 7;
    const rank = index >> 3;
    const x = margin + file * cell;
    const y = (7 - rank) * cell; // rank 8 at the top
    const attacked = selected !== null && has(selected.attacks, index);
    const square = svg('g', { 'data-square': squareName(index), class: `square ${(file + rank) % 2 ? 'light' : 'dark'}${attacked ? ' attacked' : ''}${selected?.index === index ? ' selected' : ''}` });
    square.appendChild(svg('rect', { x, y, width: cell, height: cell }));
    if (attacked) square.appendChild(svg('circle', { cx: x + cell / 2, cy: y + cell / 2, r: d.board[index] ? cell / 2 - 3 : 6, class: 'attack-mark' }));
    const letter = d.board[index]!;
    if (letter) {
      const white = letter === letter.toUpperCase();
      square.appendChild(svg('text', { x: x + cell / 2, y: y + cell * 0.8, class: `piece ${white ? 'white' : 'black'}`, 'data-piece': letter }, GLYPHS[letter.toLowerCase()]));
    }
    const slider = sliders.get(index);
    if (slider) {
      // A slider is a button: click or keyboard (Tab, then Enter or Space).
      square.setAttribute('class', `${square.getAttribute('class')} slider`);
      square.setAttribute('role', 'button');
      square.setAttribute('tabindex', '0');
      square.setAttribute('aria-pressed', String(selected?.index === index));
      square.setAttribute('aria-label', `${pieceName(letter)} on ${slider.square}: show its attacks`);
      square.addEventListener('click', () => onPick(index));
      square.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPick(index);
        }
      });
    }
    root.appendChild(square);
  }
  for (let i = 0; i < 8; ++i) {
    root.appendChild(svg('text', { x: margin + i * cell + cell / 2, y: 8 * cell + 14, class: 'coord' }, FILES[i]));
    root.appendChild(svg('text', { x: 8, y: (7 - i) * cell + cell / 2 + 4, class: 'coord' }, String(i + 1)));
  }
  return root;
}

// ---- the Hyperbola Quintessence steps ------------------------------------------------------------

interface Step {
  key: keyof HqLine;
  label: string;
  note: string;
  reversed?: true;
}

const STEPS: readonly Step[] = [
  { key: 'o', label: 'o', note: 'the line’s occupied squares, slider included' },
  { key: 'r', label: 'r', note: 'the slider' },
  { key: 'o-2r', label: 'o − 2r', note: 'borrows up to the first blocker above the slider' },
  { key: "o'", label: "o' = reverse(o)", note: 'the line reversed', reversed: true },
  { key: "r'", label: "r' = reverse(r)", note: 'the slider reversed', reversed: true },
  { key: "o'-2r'", label: "o' − 2r'", note: 'the same, towards the other end', reversed: true },
  { key: "reverse(o'-2r')", label: "reverse(o' − 2r')", note: 'back in board order' },
  { key: 'xor', label: '(o − 2r) ^ reverse(o\' − 2r\')', note: 'the changed bits: both directions' },
  { key: 'attacks', label: 'attacks = xor & mask', note: 'kept on the line' },
];

const hex = (b: bigint) => `0x${b.toString(16).padStart(16, '0')}`;

/** One 64-bit value as an 8×8 board (a1 bottom left), the slider's square outlined. */
function miniBoard(value: bigint, mask: bigint, slider: number, label: string, reversed: boolean): SVGSVGElement {
  const c = 9;
  const root = svg('svg', { viewBox: `0 0 ${8 * c} ${8 * c}`, class: 'bits-board', role: 'img', 'aria-label': `${label}: ${hex(value)}`, 'data-value': hex(value) });
  for (let index = 0; index < 64; ++index) {
    const x = (index & 7) * c;
    const y = (7 - (index >> 3)) * c;
    const on = has(value, index);
    const cls = on ? 'on' : has(mask, index) && !reversed ? 'line' : 'off';
    root.appendChild(svg('rect', { x: x + 0.5, y: y + 0.5, width: c - 1, height: c - 1, class: cls }));
  }
  if (!reversed) root.appendChild(svg('rect', { x: (slider & 7) * c, y: (7 - (slider >> 3)) * c, width: c, height: c, class: 'slider-outline' }));
  return root;
}

const REVERSAL_NOTE: Record<HqLine['reversal'], string> = {
  'byte swap': 'byte swap: ranks swap places, so a line with one square per rank (a file, a diagonal) runs the other way; one bswap or one byte shuffle',
  'bit reversal': 'bit reversal: a rank lies in one byte, which a byte swap would only move; reversing every bit turns it around (ARM rbit, or a nibble table and a byte swap)',
};

function stepsPanel(slider: Slider): HTMLElement {
  return h('section', { className: 'hq-steps', attrs: { 'data-slider': slider.square } },
    h('h4', {}, `${pieceName(slider.piece)} on ${slider.square}: ${popcount(slider.attacks)} squares attacked`),
    ...slider.lines.map((line) =>
      h('div', { className: 'hq-line', attrs: { 'data-line': line.line } },
        h('p', { className: 'hq-line-title' }, h('b', {}, line.line), ` · reversal: ${REVERSAL_NOTE[line.reversal]}`),
        h('div', { className: 'hq-row' },
          ...STEPS.map((step) =>
            h('figure', { className: 'hq-step', attrs: { 'data-step': step.key } },
              miniBoard(line[step.key] as bigint, line.mask, slider.index, step.label, step.reversed === true),
              h('figcaption', {}, h('code', {}, step.label), h('br'), h('small', {}, step.note), h('br'), h('small', { className: 'hex' }, hex(line[step.key] as bigint))))),
        ))),
    h('p', { className: 'hint' }, 'Boards show bit 0 = a1 at the bottom left. Reversed values (o′, r′, o′ − 2r′) are drawn as their bits lie, so they look mirrored. Light squares are the line’s mask.'),
  );
}

function illustrate(data: unknown): HTMLElement | null {
  const d = parseIllustration(data);
  if (!d) return null;
  const figure = h('figure', { className: 'board-figure chess-figure', attrs: { 'data-illustration': 'chess' } });
  const draw = () => {
    const index = chosen.get(d.fen);
    const selected = d.sliders.find((s) => s.index === index) ?? null;
    const pick = (i: number) => {
      chosen.set(d.fen, i);
      draw();
      figure.querySelector<SVGGElement>(`g[data-square="${squareName(i)}"]`)?.focus();
    };
    const pieces = d.board.filter(Boolean).length;
    const side = d.side === 'w' ? 'White' : 'Black';
    figure.replaceChildren(
      h('div', { className: 'chess-board-wrap' }, boardSvg(d, selected, pick)),
      h('figcaption', {},
        `${side} to move; ${pieces} pieces, ${d.sliders.length} sliders. `,
        selected ? `${pieceName(selected.piece)} on ${selected.square} attacks ${popcount(selected.attacks)} squares (marked).` : 'Click a rook, bishop or queen (or Tab to it and press Enter) to see its attacks worked out.',
        h('br'), h('code', { className: 'fen' }, d.fen)),
      ...(selected ? [stepsPanel(selected)] : []),
    );
  };
  draw();
  return figure;
}

// ---- results: the divide table ----------------------------------------------------------------

interface DivideRow {
  move: string;
  nodes: number;
}

function divideOf(r: PageRecord): DivideRow[] | null {
  const list = r.answer.divide;
  if (!Array.isArray(list)) return null;
  const rows: DivideRow[] = [];
  for (const item of list) {
    const row = item as Record<string, unknown> | null;
    if (!row || typeof row.move !== 'string' || !/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(row.move) || !Number.isSafeInteger(row.nodes)) return null;
    rows.push({ move: row.move, nodes: row.nodes as number });
  }
  return rows;
}

const sameDivide = (a: DivideRow[], b: DivideRow[]) => a.length === b.length && a.every((x, i) => x.move === b[i]!.move && x.nodes === b[i]!.nodes);

/** The divide of the case on screen: one list (all runs must agree), its sum checked against nodes. */
function dividePanel(records: readonly PageRecord[]): HTMLElement | null {
  const lists = records.map((r) => ({ r, rows: divideOf(r) })).filter((x): x is { r: PageRecord; rows: DivideRow[] } => x.rows !== null);
  if (!lists.length) return null;
  const first = lists[0]!;
  const rows = [...first.rows].sort((a, b) => b.nodes - a.nodes || (a.move < b.move ? -1 : 1));
  const sum = rows.reduce((n, x) => n + x.nodes, 0);
  const nodes = typeof first.r.answer.nodes === 'number' ? first.r.answer.nodes : null;
  const sumOk = nodes !== null && sum === nodes;
  const disagree = lists.filter((x) => !sameDivide(x.rows, first.rows)).map((x) => `${x.r.kernel}/${x.r.isa} (${x.r.build})`);
  const fmt = (n: number) => n.toLocaleString('en-US');
  return h('section', { className: 'chess-divide' },
    h('h3', {}, `Divide: leaves below each of the ${rows.length} root moves`),
    h('p', { className: sumOk && !disagree.length ? 'divide-check ok' : 'divide-check bad', attrs: { 'data-divide-sum': String(sum), 'data-divide-nodes': String(nodes ?? '') } },
      sumOk ? `✓ The ${rows.length} counts sum to ${fmt(sum)}, the total.` : `✗ The counts sum to ${fmt(sum)}, not the total ${nodes === null ? '?' : fmt(nodes)}.`,
      ' ',
      disagree.length ? `✗ These runs list other counts: ${disagree.join(', ')}.` : `All ${lists.length} runs with a divide list agree move by move.`),
    scrollBox('divide table',
      h('table', { className: 'results divide', attrs: { 'data-table': 'divide' } },
        h('thead', {}, h('tr', {}, h('th', {}, 'move'), h('th', {}, 'nodes'), h('th', {}, 'share'))),
        h('tbody', {}, ...rows.map((x) => h('tr', { attrs: { 'data-move': x.move } },
          h('td', {}, h('code', {}, x.move)), h('td', {}, fmt(x.nodes)), h('td', {}, sum ? `${((100 * x.nodes) / sum).toFixed(1)} %` : '–')))),
        h('tfoot', {}, h('tr', {}, h('th', {}, 'sum'), h('th', {}, fmt(sum)), h('th', {}, sumOk ? '= nodes ✓' : '≠ nodes ✗'))))),
    h('p', { className: 'hint' }, 'Sorted by count, largest first. A divide that differs from another generator’s points at the root move whose subtree hides the bug: run that move’s position one ply shallower and divide again.'),
  );
}

function extraResults(context: ResultsContext): HTMLElement | null {
  const here = context.mine.filter((r) => r.case_key === context.caseKey);
  const shared = context.shared.filter((r) => r.case_key === context.caseKey);
  const panel = dividePanel(here.length ? here : shared);
  const peers = [...here, ...shared].some(isPeerRecord)
    ? h('p', { className: 'hint' }, 'Peer rows are other programs run in this browser on the same FEN and depth, each in a worker of its own: Stockfish.js counts the last ply in bulk as our kernels do; chess.js makes every leaf. Each is timed over repeated calls for about a second (a slow one once), after a warm-up of perfts one ply shallower (about 200 ms); loading and warm-up are shown apart and not timed.')
    : null;
  return panel || peers ? h('div', { className: 'chess-results' }, panel, peers) : null;
}

// ---- the explainer ---------------------------------------------------------------------------

function explainer(): HTMLElement {
  return h('div', { className: 'explainer' },
    h('p', {}, 'A rook, bishop or queen attacks along lines until the first piece in the way, which it still attacks. Hyperbola Quintessence finds that blocker with arithmetic instead of a loop or a big table.'),
    h('ul', {},
      h('li', {}, h('b', {}, 'One direction: o ^ (o − 2r). '), 'Take the line’s occupied squares o (the slider included) and the slider’s bit r. Subtracting r clears the slider’s bit; subtracting it again borrows: the borrow runs up through the empty squares above the slider, turning them on, until it reaches the first occupied square, which it clears. So o − 2r differs from o exactly on the squares from the slider up to and including the first blocker. XOR with o keeps those, and a mask keeps them on the line.'),
      h('li', {}, h('b', {}, 'The other direction: reverse, subtract, reverse back. '), 'Subtraction only borrows upwards. For the squares below the slider, reverse the line, do the same, and reverse the result: attacks = ((o − 2r) ^ reverse(o′ − 2r′)) & mask. A file or diagonal has one square per rank, that is one bit per byte, so a byte swap (bswap, or one byte shuffle) reverses it. A rank lies inside a single byte, which a byte swap only moves: there the reversal has to reverse bits (ARM rbit; on x86 a nibble table plus a byte swap). Our scalar hq uses a small first-rank table for ranks instead.'),
      h('li', {}, h('b', {}, 'Lines in lanes (hq-simd). '), 'The same steps for two lines in one 128-bit register (file and rank, or the two diagonals), four in a 256-bit one: one shuffle reverses every lane at once, and the subtract, XOR and AND are single vector instructions. wasm SIMD128 has i8x16.shuffle for the byte swap but no scalar bswap, which makes the vector form attractive there.'),
      h('li', {}, h('b', {}, 'The table alternatives. '), 'Fancy magic multiplies the relevant occupancy by a magic number to index a table (hundreds of KiB); PEXT (BMI2) gathers the relevant bits directly into an index (x86 only). Both are a multiply or one instruction and a load, fast when the tables stay in cache; Hyperbola Quintessence needs a few hundred bytes of masks. Kogge-Stone fills all directions with shifts, and ray walking and classical ray scans are the slow, obvious references.'),
      h('li', {}, h('b', {}, 'Perft proves the generator. '), 'Perft counts the leaves of the legal move tree to a depth; published counts (the wiki’s six positions and more) catch any move the generator gets wrong. Our perft is bulk-counting: at the last ply it counts the legal moves instead of making them, so nodes per second measure move generation. Divide lists the count below each root move, to find where two generators disagree. Each kernel is checked against the published count, or against the independent make-and-test reference (ray-walk).'),
      h('li', {}, h('b', {}, 'Peers. '), 'Stockfish.js (GPL-3.0, a separate program in its own worker, served as installed) and chess.js (plain JavaScript) run the same FEN and depth after our kernels; their node counts are checked like ours.'),
    ),
    h('p', {}, 'Sources: ',
      sourceLink('https://www.chessprogramming.org/Hyperbola_Quintessence', 'Chess Programming Wiki, “Hyperbola Quintessence”'), ' · ',
      sourceLink('https://www.chessprogramming.org/Perft_Results', 'Chess Programming Wiki, “Perft Results”'), ' · ',
      sourceLink('https://www.chessprogramming.org/Magic_Bitboards', '“Magic Bitboards”'), ' · ',
      sourceLink('https://github.com/nmrugg/stockfish.js', 'Stockfish.js'), ' · ',
      sourceLink('https://github.com/jhlywa/chess.js', 'chess.js'), '.'),
  );
}

// ---- case labels and benchmark groups ------------------------------------------------------------

const NAMED: Record<string, string> = {
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1': 'startpos',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1': 'kiwipete',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1': 'position3',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1': 'position4',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8': 'position5',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10': 'position6',
};

const WORDS: Record<string, string> = { startpos: 'the start position', kiwipete: 'Kiwipete' };

/** The case in words: "perft 4 from the start position", "queen attacks, throughput". */
export function describeChess(p: Params): string {
  if (p.mode === 'attacks') return `${String(p.piece)} attacks, ${String(p.measure)}`;
  const fen = String(p.fen ?? '');
  const name = NAMED[fen] ?? fen;
  const where = WORDS[name] ?? (/^position\d$/.test(name) ? `the wiki’s ${name.replace('position', 'position ')}` : `FEN ${name.length > 40 ? `${name.slice(0, 38)}…` : name}`);
  return `perft ${String(p.depth)} from ${where}${p.divide === true ? ', divided by root move' : ''}`;
}

export function caseLabel(r: PageRecord): string {
  const p = r.params;
  if (p.mode === 'attacks') return `${p.piece} ${p.measure}`;
  const fen = typeof p.fen === 'string' ? p.fen : '';
  const name = NAMED[fen] ?? (fen.length > 24 ? `${fen.slice(0, 22)}…` : fen);
  return `${name} d${p.depth}${p.divide ? ' divide' : ''}`;
}

const benchGroups: readonly BenchGroup[] = [
  { label: 'sliding attacks (rook, bishop, queen; throughput and latency)', cases: (c) => c.params.mode === 'attacks' },
  { label: 'perft, the wiki’s positions', cases: (c) => c.params.mode === 'perft' },
  { label: 'all', cases: () => true },
];

// Work: a perft's is its node count (the last ply counted in bulk, as its answer says), an attacks
// case's its lookups. Rate: the best here are 1.6 G nodes/s (pext, perft) and 1 G lookups/s
// natively, Stockfish 0.3 G nodes/s; 50 a ns is out of reach of any core.
const work: WorkRules = {
  maxUnitsPerNs: { nodes: 50, lookups: 50 },
  workProblem(r) {
    const attacks = r.params.mode === 'attacks';
    const unit = attacks ? 'lookups' : 'nodes';
    if (r.work_unit !== unit) return `work counted in ${r.work_unit} for a ${attacks ? 'lookups' : 'perft'} case (it counts ${unit})`;
    const nodes = r.answer.nodes;
    if (!attacks && typeof nodes === 'number' && r.work !== nodes)
      return `work of ${r.work.toLocaleString('en-US')} nodes for a perft of ${nodes.toLocaleString('en-US')} nodes (a perft's work is its node count)`;
    return null;
  },
};

export const view: PuzzleView = {
  id: 'chess',
  order: 4,
  work,
  explainer,
  illustrate,
  caseLabel,
  describeCase: describeChess,
  benchGroups,
  // startpos perft 4, the default (197,281 nodes: 1-30 ms a call per kernel); chess.js takes about
  // a second on it, Stockfish.js several (load and warm-up), so only chess.js joins.
  suite: { cases: (c) => c.params.mode === 'perft' && c.params.depth === 4 && c.params.fen === 'startpos', peers: ['chess.js'], why: 'perft 4 from the start position (the default), with chess.js; Stockfish.js is left out: loading it takes longer than the case' },
  extraResults,
  peers: [stockfishPeer, chessJsPeer],
};
