/**
 * Codec benchmark (compiled by bench/run.sh with tsc; run as `node $OUT/bench/codecs.js`):
 * single thread, no database, inputs from the repository's samples/ (BENCH_DATA overrides). Each figure
 * repeats its work for at least BENCH_CODEC_SECONDS (1 s) after a warm-up, and the npm peers run
 * on the same inputs in the same process, so the ratios hold on a noisy machine:
 *   codec-backgammon-ids  Position ID and Match ID decode+encode round trips per second
 *   codec-go-hash         canonical (8-symmetry) Zobrist hashes of 9x9 boards per second
 *   codec-cgp             CGP parse+print per second
 *   codec-pgn             games/s: tabula parse+replay (+ GameText in the same walk) vs chess.js
 *                         loadPgn and chessops parsePgn + parseSan/play over the main line
 *   codec-sgf             MB/s: tabula parseSgf vs @sabaki/sgf parse on the same collection
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeMatchId, decodePositionId, encodeMatchId, encodePositionId } from '../src/codecs/backgammon';
import { parsePgn, replayGame } from '../src/codecs/chess';
import { parseCgp, printCgp } from '../src/codecs/crossword';
import { canonicalHashInto, defaultHasher } from '../src/codecs/go';
import { parseSgf } from '../src/codecs/sgf';
import { SAMPLES, emit, prng, round } from './common';

const DATA = SAMPLES;
const MIN_SECONDS = Number(process.env.BENCH_CODEC_SECONDS || 1);

/** Units of work per second: `work` does `units` units; repeated for at least MIN_SECONDS after a warm-up. */
/** The median of `runs` rates of `work` (single runs vary by ±15% on this VM). */
function medianRate(runs: number, units: number, work: () => void): number {
  const rates = Array.from({ length: runs }, () => rate(units, work)).sort((a, b) => a - b);
  return rates[Math.floor(runs / 2)];
}

function rate(units: number, work: () => void): number {
  const warmUntil = performance.now() + 200;
  while (performance.now() < warmUntil) work();
  let rounds = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    work();
    rounds++;
    elapsed = performance.now() - started;
  } while (elapsed < MIN_SECONDS * 1000);
  return (units * rounds) / (elapsed / 1000);
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

interface ChessJs {
  loadPgn(pgn: string): void;
  history(): string[];
}
interface ChessopsPgn {
  parsePgn(text: string): { headers: Map<string, string>; moves: { mainline(): Iterable<{ san: string }> } }[];
  startingPosition(headers: Map<string, string>): { unwrap(): ChessopsPosition };
}
interface ChessopsPosition {
  play(move: unknown): void;
}
interface ChessopsSan {
  parseSan(pos: ChessopsPosition, san: string): unknown;
}

function backgammonIds(): void {
  const vectors = JSON.parse(fs.readFileSync(path.join(DATA, 'backgammon/id_vectors.json'), 'utf8')) as {
    positionIds: { id: string }[];
    matchIds: { id: string }[];
  };
  const positionIds = vectors.positionIds.map((v) => v.id).filter((id) => decodePositionId(id).ok);
  const matchIds = vectors.matchIds.map((v) => v.id).filter((id) => decodeMatchId(id).ok);
  const positionRate = rate(positionIds.length, () => {
    for (const id of positionIds) if (must(encodePositionId(must(decodePositionId(id)))) !== id) throw new Error(`round trip ${id}`);
  });
  const matchRate = rate(matchIds.length, () => {
    for (const id of matchIds) must(encodeMatchId(must(decodeMatchId(id))));
  });
  emit('codec-backgammon-ids', {
    positionIds: positionIds.length,
    matchIds: matchIds.length,
    positionIdRoundTripsPerSecond: round(positionRate),
    matchIdRoundTripsPerSecond: round(matchRate),
  });
}

function goHash(): void {
  const random = prng(3);
  const boards = Array.from({ length: 1000 }, () => {
    const cells = new Uint8Array(81);
    const stones = 2 + Math.floor(random() * 60);
    for (let s = 0; s < stones; s++) cells[Math.floor(random() * 81)] = random() < 0.5 ? 1 : 2;
    return cells;
  });
  const hasher = defaultHasher(9, 9);
  const out = new Uint32Array(2);
  const hashes = rate(boards.length, () => {
    for (const cells of boards) canonicalHashInto(hasher, cells, out);
  });
  emit('codec-go-hash', { board: '9x9', symmetries: 8, hashesPerSecond: round(hashes) });
}

function cgp(): void {
  const lines = fs
    .readFileSync(path.join(DATA, 'crossword/cgp_cases.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter((f) => f[1] === 'valid')
    .map((f) => f[3])
    .concat(fs.readFileSync(path.join(DATA, 'crossword/macondo/cgps.txt'), 'utf8').split('\n').filter(Boolean))
    .filter((text) => parseCgp(text).ok);
  const perSecond = rate(lines.length, () => {
    for (const text of lines) printCgp(must(parseCgp(text)));
  });
  emit('codec-cgp', { positions: lines.length, parsePrintPerSecond: round(perSecond) });
}

async function pgn(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Chess } = require('chess.js') as { Chess: new () => ChessJs };
  const source = fs.readFileSync(path.join(DATA, 'chess/jose-starter.pgn'), 'utf8');
  // The games every parser reads (chess.js refuses NAGs such as $1).
  const games = source
    .split(/\n(?=\[Event )/)
    .filter((g) => g.includes('['))
    .filter((g) => {
      try {
        new Chess().loadPgn(g);
        return parsePgn(g).every((r) => r.ok);
      } catch {
        return false;
      }
    });
  const copies = 10;
  const text = Array.from({ length: copies }, () => games.join('\n')).join('\n');
  const count = games.length * copies;
  let plies = 0;
  for (const g of parsePgn(games.join('\n'))) plies += must(replayGame(must(g))).positions.length;
  const tabulaParse = rate(count, () => {
    for (const g of parsePgn(text)) must(g);
  });
  const tabulaReplay = rate(count, () => {
    for (const g of parsePgn(text)) must(replayGame(must(g)));
  });
  // What an import does per game: parse, replay, SAN and the Polyglot key of every position (FEN
  // text only where an evaluation needs a stored row). The median of five runs, side by side with
  // chessops's parse + replay of the main line.
  const tabulaKeys = medianRate(5, count, () => {
    for (const g of parsePgn(text)) must(replayGame(must(g), { fens: 'evaluated' }));
  });
  const tabulaFull = rate(count, () => {
    for (const g of parsePgn(text)) {
      const r = must(replayGame(must(g), { gameText: true }));
      if (!r.gameText) throw new Error('no GameText');
    }
  });
  const chessJs = rate(games.length, () => {
    for (const g of games) new Chess().loadPgn(g);
  });
  const ops = (await importEsm('chessops/pgn')) as ChessopsPgn;
  const san = (await importEsm('chessops/san')) as ChessopsSan;
  const chessopsParse = rate(count, () => {
    ops.parsePgn(text);
  });
  const chessopsReplay = medianRate(5, count, () => {
    for (const g of ops.parsePgn(text)) {
      const pos = ops.startingPosition(g.headers).unwrap();
      for (const node of g.moves.mainline()) {
        const move = san.parseSan(pos, node.san);
        if (!move) throw new Error(`chessops: illegal ${node.san}`);
        pos.play(move);
      }
    }
  });
  emit('codec-pgn', {
    input: `jose-starter.pgn (the ${games.length} games chess.js reads, ${plies} positions) x${copies}`,
    tabulaParseGamesPerSecond: round(tabulaParse),
    tabulaParseReplayGamesPerSecond: round(tabulaReplay),
    tabulaParseReplayGameTextGamesPerSecond: round(tabulaFull),
    chessjsLoadPgnGamesPerSecond: round(chessJs),
    chessopsParseGamesPerSecond: round(chessopsParse),
    chessopsParseReplayGamesPerSecond: round(chessopsReplay),
    replayOverChessjs: round(tabulaReplay / chessJs, 2),
    replayOverChessops: round(tabulaReplay / chessopsReplay, 2),
    tabulaParseReplayKeysGamesPerSecond: round(tabulaKeys),
    replayKeysOverChessops: round(tabulaKeys / chessopsReplay, 2),
    parseOverChessops: round(tabulaParse / chessopsParse, 2),
  });
}

function sgf(): void {
  const files = ['go', 'backgammon'].flatMap((dir) =>
    fs
      .readdirSync(path.join(DATA, dir))
      .filter((f) => f.endsWith('.sgf'))
      .map((f) => fs.readFileSync(path.join(DATA, dir, f), 'latin1')),
  );
  const text = files.join('\n');
  const mb = Buffer.byteLength(text, 'latin1') / 1e6;
  must(parseSgf(text));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sabaki = require('@sabaki/sgf') as { parse(text: string): unknown[] };
  const tabula = rate(mb, () => must(parseSgf(text)));
  const peer = rate(mb, () => sabaki.parse(text));
  emit('codec-sgf', {
    input: `${files.length} SGF files from go/ and backgammon/, ${round(mb, 2)} MB`,
    tabulaMBPerSecond: round(tabula, 1),
    sabakiMBPerSecond: round(peer, 1),
    tabulaOverSabaki: round(tabula / peer, 2),
  });
}

async function main(): Promise<void> {
  backgammonIds();
  goHash();
  cgp();
  await pgn();
  sgf();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
