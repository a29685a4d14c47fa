/**
 * The pattern bench's backgammon corpus (compiled by bench/run.sh; used by bench/patterns.ts):
 * seeded 7-point matches written as gnubg/Gibbon SGF (GM[6], one game tree per game, as the
 * samples are), played with random legal checker plays, so that the structures a pattern search
 * filters on (contact and races, primes, anchors, blots, checkers on the bar and borne off, pip
 * counts, match scores) occur as random play makes them.
 *
 * Each game starts from the standard position with a non-double opening roll, played by the side
 * with the higher die; the sides then roll in turn. A play is legal as gnubg's rules (and the
 * importer's replay) define it: a random checker step for each die in turn (entering from the bar
 * first, bearing off only with every checker home, a larger die only from the highest point), and
 * when that does not use every die, one of the codec's legal plays (`legalPlays`: most dice, then
 * the larger die) at random, or a dance when there is none. No cube is offered. A game ends when a
 * side has borne off all 15 (a gammon or a backgammon as the board says); the match goes on to 7
 * points with the scores at each game's start in `MI`. The PRNG is the suite's mulberry32 seeded
 * with BACKGAMMON_SEED: the same count gives the same file, and a smaller one its first games.
 *
 * As a script: `node $OUT/bench/backgammonGames.js POSITIONS FILE` writes games until they hold
 * POSITIONS positions (the plies of their main lines, each game's start included).
 */
import { BAR, OFF, applyStep, legalPlays, letterOfPoint, startingSide, type SideCheckers } from '../src/codecs/backgammon';
import { prng, writeTexts } from './common';

export const BACKGAMMON_SEED = 1728;
const MATCH_LENGTH = 7;

/** `own` (0..23 = its points 1..24, 24 = bar) moves a checker `die` pips from `from`: legal? (gnubg's LegalMove) */
const legalStep = (own: SideCheckers, opp: SideCheckers, from: number, die: number): boolean => {
  const dest = from - die;
  if (dest >= 0) return opp[23 - dest] <= 1;
  let back = 24;
  while (back >= 0 && own[back] === 0) back--;
  return back <= 5 && (from === back || dest === -1);
};

/** A random legal play of `dice` by `own`: its steps, played on the boards. */
function randomPlay(own: SideCheckers, opp: SideCheckers, dice: [number, number], random: () => number): { from: number; to: number }[] {
  const order = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : random() < 0.5 ? [dice[0], dice[1]] : [dice[1], dice[0]];
  const o = own.slice();
  const p = opp.slice();
  const steps: { from: number; to: number }[] = [];
  for (const die of order) {
    const sources: number[] = [];
    if (o[BAR] > 0) {
      if (legalStep(o, p, BAR, die)) sources.push(BAR);
    } else for (let from = 0; from < 24; from++) if (o[from] > 0 && legalStep(o, p, from, die)) sources.push(from);
    if (sources.length === 0) break;
    const from = sources[Math.floor(random() * sources.length)];
    const to = from - die < 0 ? OFF : from - die;
    applyStep(o, p, from, to);
    steps.push({ from, to });
  }
  let chosen = steps;
  if (steps.length < order.length) {
    // Not every die was used: a legal play is one of gnubg's (most dice, then the larger die).
    const legal = legalPlays(own, opp, dice);
    const plays = [...legal.plays.values()];
    chosen = plays.length && legal.dice > 0 ? plays[Math.floor(random() * plays.length)] : [];
  }
  for (const s of chosen) applyStep(own, opp, s.from, s.to);
  return chosen;
}

const checkersLeft = (side: SideCheckers): number => side.reduce((a, b) => a + b, 0);

export interface BackgammonGame {
  /** From 0, in file order. */
  index: number;
  /** The game's SGF tree and a newline. */
  text: string;
  /** Plies of its main line (rolls and dances), the start not counted. */
  plies: number;
}

const PLAYERS = ['stick', 'falafel', 'mochy', 'jellyfish', 'snowie', 'bgblitz', 'gnubg', 'xg', 'palamede', 'backgammonmasters', 'hank', 'nack'];
const playerOf = (match: number, side: number): string => `${PLAYERS[(match * 5 + side * 7) % PLAYERS.length]}_${(match * (side + 2)) % 211}`;
const dateOf = (match: number): string => `${2010 + (match % 15)}-${String((match % 12) + 1).padStart(2, '0')}-${String((match % 28) + 1).padStart(2, '0')}`;

/** The corpus's games, one at a time, as long as the caller takes them (matches of 7 points, played out). */
export function* backgammonGames(seed = BACKGAMMON_SEED): Generator<BackgammonGame> {
  const random = prng(seed);
  const roll = (): number => 1 + Math.floor(random() * 6);
  let index = 0;
  for (let match = 0; ; match++) {
    const score: [number, number] = [0, 0];
    let crawfordPlayed = false;
    for (let game = 0; score[0] < MATCH_LENGTH && score[1] < MATCH_LENGTH; game++) {
      // Seat 0 is White, 1 Black (the SGF's W and B).
      const sides: [SideCheckers, SideCheckers] = [startingSide(), startingSide()];
      let d1 = roll();
      let d2 = roll();
      while (d1 === d2) d2 = roll();
      let mover: 0 | 1 = d1 > d2 ? 0 : 1;
      const nodes: string[] = [];
      for (;;) {
        const own = sides[mover];
        const opp = sides[1 - mover];
        const played = randomPlay(own, opp, [d1, d2], random);
        nodes.push(`;${mover === 1 ? 'B' : 'W'}[${d1}${d2}${played.map((s) => letterOfPoint(s.from, mover) + letterOfPoint(s.to, mover)).join('')}]`);
        if (checkersLeft(own) === 0) break;
        mover = mover === 0 ? 1 : 0;
        d1 = roll();
        d2 = roll();
      }
      const winner = mover;
      const loser = sides[1 - winner];
      // A gammon: the loser bore off none; a backgammon: and one of its checkers is on the bar or in the winner's home board.
      let points = 1;
      if (checkersLeft(loser) === 15) points = loser.slice(18).some((n) => n > 0) ? 3 : 2;
      // The Crawford game: the first after a side came within a point of the match.
      const crawford = !crawfordPlayed && score.includes(MATCH_LENGTH - 1);
      if (crawford) crawfordPlayed = true;
      const header =
        `(;FF[4]GM[6]CA[UTF-8]AP[tabula bench]MI[length:${MATCH_LENGTH}][game:${game}][ws:${score[0]}][bs:${score[1]}]` +
        `PW[${playerOf(match, 0)}]PB[${playerOf(match, 1)}]DT[${dateOf(match)}]EV[bench match ${match + 1}]RE[${winner === 1 ? 'B' : 'W'}+${points}]` +
        `RU[Crawford${crawford ? ':CrawfordGame' : ''}]`;
      score[winner] += points;
      yield { index: index++, text: `${header}\n${nodes.join('\n')})\n`, plies: nodes.length };
    }
  }
}

/** Writes games to `file` until their positions (plies plus each game's start) reach `positions`; returns the games, positions and bytes written. */
export function writeBackgammonSgfFile(file: string, positions: number): { games: number; positions: number; bytes: number } {
  let games = 0;
  let written = 0;
  const bytes = writeTexts(file, (function* () {
    for (const game of backgammonGames()) {
      if (written >= positions) return;
      games++;
      written += game.plies + 1;
      yield game.text;
    }
  })());
  return { games, positions: written, bytes };
}


if (require.main === module) {
  const [positions, file] = process.argv.slice(2);
  if (!positions || !file || !(Number(positions) >= 0)) {
    console.error('usage: node bench/backgammonGames.js POSITIONS FILE');
    process.exit(2);
  }
  const started = Date.now();
  const w = writeBackgammonSgfFile(file, Number(positions));
  console.error(`${w.games} games, ${w.positions} positions, ${(w.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
