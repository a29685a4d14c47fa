/**
 * The rated chess fixture (tests/fixtures/chess/rated-games.pgn) read independently of tabula:
 * tags by a regular expression, moves replayed by chess.js, so filtered counts can be checked
 * against counts tabula's code did not make.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';

export const RATED_PGN = readFileSync(join(__dirname, '../fixtures/chess/rated-games.pgn'), 'utf8');

export interface FixtureGame {
  tags: Record<string, string>;
  sans: string[];
  /** The position before each move and after the last, as FEN without the move counters. */
  fens: string[];
  /** The mean of the two Elo tags when both are numbers. */
  mean: number | null;
}

const fenOf = (pos: Chess): string => pos.fen().split(' ').slice(0, 4).join(' ');

export const ratedGames = (): FixtureGame[] =>
  RATED_PGN.trim().split(/\n\n(?=\[Event )/).map((text) => {
    const tags = Object.fromEntries([...text.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
    const movetext = text.split('\n\n')[1];
    const sans = movetext.replace(/\d+\.\s*/g, '').trim().split(/\s+/).slice(0, -1);
    const pos = new Chess();
    const fens = [fenOf(pos)];
    for (const san of sans) {
      pos.move(san);
      fens.push(fenOf(pos));
    }
    const elo = (tag: string) => (/^\d+$/.test(tags[tag] ?? '') ? Number(tags[tag]) : null);
    const [w, b] = [elo('WhiteElo'), elo('BlackElo')];
    return { tags, sans, fens, mean: w !== null && b !== null ? (w + b) / 2 : null };
  });

/** A fixture game's speed, by hand from lichess's limits (estimated seconds = initial + 40 × increment). */
export const SPEED_OF_CONTROL: Record<string, string | null> = {
  '15+0': 'ULTRABULLET', // 15 s
  '60+0': 'BULLET', // 60 s
  '120+1': 'BULLET', // 160 s
  '180+2': 'BLITZ', // 260 s
  '300+0': 'BLITZ', // 300 s
  '300+3': 'BLITZ', // 420 s
  '600+5': 'RAPID', // 800 s
  '900+10': 'RAPID', // 1300 s
  '1800+30': 'CLASSICAL', // 3000 s
  '5400+30': 'CLASSICAL',
  '-': 'CORRESPONDENCE',
  '1/259200': 'CORRESPONDENCE', // a move in three days
  '?': null,
};
