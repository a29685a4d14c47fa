/**
 * The benchmark's chess corpus: seeded PGN games that open like real collections (compiled by
 * bench/run.sh; used by bench/ingest.ts, bench/scale.ts and bench/chessImport.sh).
 *
 * Each game picks a line of bench/openings.ts by weight and a cut point between ply 6 and ply
 * 30 (not past the line's end), plays the line up to there, then plays on with random legal moves
 * up to 40-119 plies in all (fewer when a random move mates or stalemates). Every tenth ply of
 * every twenty gets an `[%eval]` comment, as the random generator before it wrote them. The PRNG
 * is the suite's mulberry32 seeded with 12345, so the same count gives the same file, and a
 * smaller count gives the first games of a larger one.
 *
 * The file is written as it is generated, 1 MB at a time: memory stays flat at any count
 * (BENCH_PGN_GAMES=1000000 makes a file of about 650 MB).
 *
 * As a script: `node $OUT/bench/chessGames.js COUNT FILE` writes COUNT games to FILE.
 */
import { legalMoves, makeMove, parseSan, printSan, sanWithoutCheck, standardPosition, stripSanSuffix, type Move } from '../src/codecs/chess';
import { prng, writeTexts } from './common';
import { OPENING_LINES, type OpeningLine } from './openings';

export const PGN_SEED = 12345;
const MIN_CUT = 6;
const MAX_CUT = 30;
const RESULTS = ['1-0', '0-1', '1/2-1/2'];

export interface BookLine {
  eco: string;
  name: string;
  weight: number;
  /** The moves as codes, valid one after another from the standard position. */
  moves: Move[];
  /** The same moves in SAN as the codec prints them (with check marks). */
  sans: string[];
}

export interface OpeningBook {
  lines: BookLine[];
  /** Running sums of the weights, for picking a line by weight. */
  cumulative: number[];
  totalWeight: number;
}

let book: OpeningBook | undefined;

/** The lines of bench/openings.ts, each replayed with the codec: throws on any illegal or badly written move. */
export function openingBook(data: readonly OpeningLine[] = OPENING_LINES): OpeningBook {
  if (data === OPENING_LINES && book) return book;
  const lines: BookLine[] = [];
  const seen = new Set<string>();
  for (const [weight, eco, name, text] of data) {
    const where = `bench/openings.ts: ${eco} ${name}`;
    const tokens = text.trim().split(/\s+/);
    if (tokens.length < 10 || tokens.length > MAX_CUT) throw new Error(`${where}: ${tokens.length} plies, not 10-${MAX_CUT}`);
    if (!(weight > 0)) throw new Error(`${where}: weight ${weight} is not positive`);
    const key = tokens.map(stripSanSuffix).join(' ');
    if (seen.has(key)) throw new Error(`${where}: the same moves as an earlier line`);
    seen.add(key);
    const pos = standardPosition();
    const moves: Move[] = [];
    const sans: string[] = [];
    tokens.forEach((token, i) => {
      const parsed = parseSan(pos, token);
      if (!parsed.ok) throw new Error(`${where}: ply ${i + 1} '${token}' is not legal here (${parsed.error.code}: ${parsed.error.message})`);
      const canonical = sanWithoutCheck(pos, parsed.value);
      if (canonical !== stripSanSuffix(token)) throw new Error(`${where}: ply ${i + 1} '${token}' is written '${canonical}' in SAN`);
      sans.push(printSan(pos, parsed.value));
      moves.push(parsed.value);
      makeMove(pos, parsed.value);
    });
    lines.push({ eco, name, weight, moves, sans });
  }
  let sum = 0;
  const cumulative = lines.map((l) => (sum += l.weight));
  const result = { lines, cumulative, totalWeight: sum };
  if (data === OPENING_LINES) book = result;
  return result;
}

const pickLine = (b: OpeningBook, r: number): BookLine => {
  const target = r * b.totalWeight;
  let lo = 0;
  let hi = b.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (b.cumulative[mid] > target) hi = mid;
    else lo = mid + 1;
  }
  return b.lines[lo];
};

export interface GeneratedGame {
  /** From 0, in file order. */
  index: number;
  /** The game's PGN: tags, movetext, result and a blank line. */
  text: string;
  /** The moves played, in SAN with check marks (no comments). */
  sans: string[];
  line: BookLine;
  /** How many plies follow the opening line (6-30). */
  cut: number;
}

/** The corpus's games, one at a time: the first `count` games of the seeded sequence. */
export function* chessGames(count: number, seed = PGN_SEED): Generator<GeneratedGame> {
  const b = openingBook();
  const random = prng(seed);
  for (let g = 0; g < count; g++) {
    const line = pickLine(b, random());
    const longest = Math.min(MAX_CUT, line.moves.length);
    const cut = MIN_CUT + Math.floor(random() * (longest - MIN_CUT + 1));
    const plies = 40 + Math.floor(random() * 80);
    const pos = standardPosition();
    const sans: string[] = [];
    const moves: string[] = [];
    for (let i = 0; i < plies; i++) {
      let san: string;
      if (i < cut) {
        san = line.sans[i];
        makeMove(pos, line.moves[i]);
      } else {
        const legal = legalMoves(pos);
        if (legal.length === 0) break;
        const m = legal[Math.floor(random() * legal.length)];
        san = printSan(pos, m);
        makeMove(pos, m);
      }
      sans.push(san);
      if (i % 20 === 9) san += ` {[%eval ${((random() - 0.5) * 4).toFixed(2)}]}`;
      moves.push((i % 2 === 0 ? `${i / 2 + 1}. ` : '') + san);
    }
    const r = RESULTS[g % 3];
    const text = `[Event "bench"]\n[Site "?"]\n[Date "${dateOf(g)}"]\n[Round "${g + 1}"]\n[White "${whiteOf(g)}"]\n[Black "B${g % 89}"]\n[Result "${r}"]\n${ratingTags(g)}[TimeControl "${CONTROLS[g % CONTROLS.length]}"]\n\n${moves.join(' ')} ${r}\n\n`;
    yield { index: g, text, sans, line, cut };
  }
}

/** Clocks of every speed (lichess's classes), in turn: ultrabullet, bullet, blitz ×2, rapid, classical, correspondence. */
const CONTROLS = ['15+0', '60+1', '180+2', '300+3', '600+5', '1800+20', '-'];

/** White of game `g`: one of 100 players (`P000`..`P099`), so each plays White in a hundredth of the games (10,000 of a million). */
export const whiteOf = (g: number): string => `P${String(g % 100).padStart(3, '0')}`;

/** The date of game `g`: spread over the ten years 2015–2024, a day of a month each. */
const dateOf = (g: number): string => {
  const month = (g * 7) % 120;
  return `${2015 + Math.floor(month / 12)}.${String((month % 12) + 1).padStart(2, '0')}.${String((g % 28) + 1).padStart(2, '0')}`;
};

/** Elo tags spread over 1200–2799 (one game in 20 has an unknown Black rating). */
const ratingTags = (g: number): string => {
  const white = 1200 + ((g * 37) % 1600);
  const black = 1200 + ((g * 53 + 400) % 1600);
  return `[WhiteElo "${white}"]\n[BlackElo "${g % 20 === 0 ? '?' : black}"]\n`;
};

/** Writes the first `count` games to `file`, 1 MB at a time; returns the bytes written. */
export function writePgnFile(file: string, count: number): number {
  return writeTexts(file, (function* () {
    for (const game of chessGames(count)) yield game.text;
  })());
}


if (require.main === module) {
  const [count, file] = process.argv.slice(2);
  if (!count || !file || !(Number(count) >= 0)) {
    console.error('usage: node bench/chessGames.js COUNT FILE');
    process.exit(2);
  }
  const started = Date.now();
  const bytes = writePgnFile(file, Number(count));
  const rssMb = process.memoryUsage().rss / 1e6;
  console.error(`${count} games, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s (generator RSS ${rssMb.toFixed(0)} MB)`);
}
