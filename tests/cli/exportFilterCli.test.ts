/** `tabula export` by filter options: the games they keep, streamed in one format. */
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';

/**
 * Six games whose players, dates, ratings, clocks and lengths are chosen so each filter below keeps
 * a set counted by hand. Mean ratings: e1 2815, e2 2830, e3 2780, e4 2805, e5 none (Black's is
 * `?`), e6 2795. Speeds by lichess's estimate (initial + 40 × increment): e1 180+2 = 260 s blitz,
 * e2 600+5 = 800 s rapid, e3 5400+30 classical, e4 60+0 bullet, e5 300+0 blitz, e6 300+3 = 420 s
 * blitz. Plies: e3 has 4, the others 2.
 */
const GAMES: { event: string; white: string; black: string; date: string; elo: [string, string]; clock: string; moves?: string }[] = [
  { event: 'e1', white: 'Magnus Carlsen', black: 'Hikaru Nakamura', date: '2019.12.30', elo: ['2850', '2780'], clock: '180+2' },
  { event: 'e2', white: 'Fabiano Caruana', black: 'Magnus Carlsen', date: '2020.01.01', elo: ['2800', '2860'], clock: '600+5' },
  { event: 'e3', white: 'Ding Liren', black: 'Ian Nepomniachtchi', date: '2023.04.30', elo: ['2790', '2770'], clock: '5400+30', moves: '1. d4 d5 2. c4 e6' },
  { event: 'e4', white: 'Carlsen, Magnus', black: 'Ding Liren', date: '2024.??.??', elo: ['2830', '2780'], clock: '60+0' },
  { event: 'e5', white: 'Alireza Firouzja', black: 'Fabiano Caruana', date: '2018.07.01', elo: ['2700', '?'], clock: '300+0' },
  { event: 'e6', white: 'Hikaru Nakamura', black: 'magnus carlsen', date: '2024.07.01', elo: ['2750', '2840'], clock: '300+3' },
];

const pgnOf = (g: (typeof GAMES)[number]): string =>
  `[Event "${g.event}"]\n[Site "?"]\n[Date "${g.date}"]\n[Round "1"]\n[White "${g.white}"]\n[Black "${g.black}"]\n[Result "1/2-1/2"]\n` +
  `[WhiteElo "${g.elo[0]}"]\n[BlackElo "${g.elo[1]}"]\n[TimeControl "${g.clock}"]\n\n${g.moves ?? '1. e4 e5'} 1/2-1/2\n`;

/** The Event tags of a PGN text, in order. */
const eventsOf = (text: string): string[] => [...text.matchAll(/^\[Event "([^"]*)"\]$/gm)].map((m) => m[1]);

describe('tabula export by filter', () => {
  const cli = cliSandbox('tabula-export-filter-', { migrated: true });
  const out = (name: string) => path.join(cli.dir, name);

  beforeAll(async () => {
    const file = out('six.pgn');
    fs.writeFileSync(file, GAMES.map(pgnOf).join('\n'));
    expect(await main(['import', file])).toBe(0);
    // A Go game: a PGN export by filter leaves it out, an NDJSON one keeps it.
    const sgf = out('one.sgf');
    fs.writeFileSync(sgf, '(;GM[1]FF[4]SZ[9]PB[Magnus Carlsen]PW[Someone]DT[2021-05-05];B[ee];W[cc])\n');
    expect(await main(['import', sgf])).toBe(0);
  });

  it('writes the games with --player in either seat, any case, in id order', async () => {
    expect(await main(['export', '--format', 'pgn', '--player', 'carlsen', '--out', out('carlsen.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('carlsen.pgn'), 'utf8'))).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect(cli.logged).toEqual([`${out('carlsen.pgn')}: 4 games as PGN, ${fs.statSync(out('carlsen.pgn')).size} bytes`]);
  });

  it('writes the games that can have been played since a year with --since (a game known only to its year counts)', async () => {
    expect(await main(['export', '--format', 'pgn', '--since', '2020', '--out', out('since.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('since.pgn'), 'utf8'))).toEqual(['e2', 'e3', 'e4', 'e6']);
  });

  it('combines --player, --since and --until', async () => {
    expect(await main(['export', '--format', 'pgn', '--player', 'Carlsen', '--since', '2020', '--until', '2024-06', '--out', out('both.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('both.pgn'), 'utf8'))).toEqual(['e2', 'e4']);
  });

  it('keeps the games of a player on one side with --side and --min-rating', async () => {
    expect(await main(['export', '--format', 'pgn', '--player', 'carlsen', '--side', 'second', '--min-rating', '2800', '--out', out('side.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('side.pgn'), 'utf8'))).toEqual(['e2']);
  });

  it('keeps the games of the speeds --speed names under --max-rating, leaving out a game without both ratings', async () => {
    expect(await main(['export', '--format', 'pgn', '--speed', 'blitz,RAPID', '--max-rating', '2820', '--out', out('speed.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('speed.pgn'), 'utf8'))).toEqual(['e1', 'e6']);
  });

  it('keeps the games of a length with --min-plies and --max-plies', async () => {
    expect(await main(['export', '--format', 'pgn', '--min-plies', '3', '--out', out('long.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('long.pgn'), 'utf8'))).toEqual(['e3']);
    expect(await main(['export', '--format', 'pgn', '--kind', 'chess', '--max-plies', '2', '--out', out('short.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('short.pgn'), 'utf8'))).toEqual(['e1', 'e2', 'e4', 'e5', 'e6']);
  });

  it.each([
    [['--speed', 'blitz,lightning'], '--speed takes one or more of ultrabullet, bullet, blitz, rapid, classical, correspondence, comma-separated, got "lightning"'],
    [['--player', 'Carlsen', '--side', 'white'], '--side takes first (White in chess, Black in Go) or second, got "white"'],
    [['--side', 'first'], '--side needs --player: the side of which player'],
    [['--min-rating', 'high'], '--min-rating takes a whole number, got "high"'],
    [['--max-plies', '-1'], '--max-plies takes a whole number, got "-1"'],
    [['--eco', 'Z9'], '--eco takes an ECO code or its prefix (A..E then up to two digits: B90, B9, B), got "Z9"'],
  ])('refuses %j naming the option, with status 2', async (args, message) => {
    expect(await main(['export', '--format', 'pgn', ...args])).toBe(2);
    expect(cli.errors).toEqual([`error: ${message}\n(see tabula export --help)`]);
  });

  it('keeps the games that reached a position with --position, whatever the form it is named in', async () => {
    // After 1. d4 d5 2. c4 (the Queen's Gambit, Black to move): only e3 reaches it.
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2';
    expect(await main(['export', '--format', 'pgn', '--position', fen, '--player', 'ding', '--out', out('gambit.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('gambit.pgn'), 'utf8'))).toEqual(['e3']);
    // After 1. e4 e5: every game but e3.
    expect(await main(['export', '--format', 'pgn', '--position', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', '--out', out('e4e5.pgn')])).toBe(0);
    expect(eventsOf(fs.readFileSync(out('e4e5.pgn'), 'utf8'))).toEqual(['e1', 'e2', 'e4', 'e5', 'e6']);
  });

  it('refuses a position it cannot read, naming the option, with status 2', async () => {
    expect(await main(['export', '--format', 'pgn', '--position', 'no position', '--out', out('none.pgn')])).toBe(2);
    expect(cli.errors).toEqual([expect.stringMatching(/^error: --position: not a FEN, CGP line, .*\n\(see tabula export --help\)$/s)]);
    expect(fs.existsSync(out('none.pgn'))).toBe(false);
  });

  it('writes NDJSON of every kind, one object a line', async () => {
    expect(await main(['export', '--format', 'ndjson', '--player', 'magnus carlsen', '--out', out('carlsen.ndjson')])).toBe(0);
    const lines = fs.readFileSync(out('carlsen.ndjson'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.kind, l.event, l.player1, l.player2, l.date, l.player1Rating, l.player2Rating, l.speed, l.plyCount])).toEqual([
      ['CHESS', 'e1', 'Magnus Carlsen', 'Hikaru Nakamura', '2019.12.30', 2850, 2780, 'BLITZ', 2],
      ['CHESS', 'e2', 'Fabiano Caruana', 'Magnus Carlsen', '2020.01.01', 2800, 2860, 'RAPID', 2],
      ['CHESS', 'e6', 'Hikaru Nakamura', 'magnus carlsen', '2024.07.01', 2750, 2840, 'BLITZ', 2],
      ['GO', null, 'Magnus Carlsen', 'Someone', '2021-05-05', null, null, null, 2],
    ]);
  });

  it('says a filter that keeps nothing, writing no file', async () => {
    expect(await main(['export', '--format', 'pgn', '--player', 'Capablanca', '--out', out('none.pgn')])).toBe(1);
    expect(fs.existsSync(out('none.pgn'))).toBe(false);
    expect(cli.errors).toEqual(['no game that can be written as pgn matches the filter: nothing written']);
  });

  it('refuses a date it cannot read, naming the option, with status 2', async () => {
    expect(await main(['export', '--format', 'pgn', '--since', '2020-13'])).toBe(2);
    expect(cli.errors).toEqual(['error: --since takes a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "2020-13"\n(see tabula export --help)']);
  });

  it('refuses a kind it does not know, naming the option', async () => {
    expect(await main(['export', '--format', 'pgn', '--kind', 'checkers'])).toBe(2);
    expect(cli.errors).toEqual(['error: --kind takes one of backgammon, chess, go, crossword, got "checkers"\n(see tabula export --help)']);
  });

  it('refuses a kind the format cannot hold, naming the formats that can', async () => {
    expect(await main(['export', '--format', 'pgn', '--kind', 'go'])).toBe(2);
    expect(cli.errors).toEqual(['error: go games cannot be written as pgn; go games can be written as: sgf, ndjson\n(see tabula export --help)']);
  });

  it('refuses filter options with --game', async () => {
    expect(await main(['export', '--format', 'pgn', '--game', '1', '--player', 'Carlsen'])).toBe(2);
    expect(cli.errors).toEqual(['error: --game exports one game: it takes no filter options (--player, --since, ...)\n(see tabula export --help)']);
  });
});
