/**
 * When two games are the same game (src/games/duplicates.ts): the key of a game's main line, and
 * the players, dates and rounds that must agree where both games give them.
 */
import { createHash } from 'node:crypto';
import type { GameRecord } from '../../src/db/records';
import { type DuplicateFacts, duplicateKeyOf, foldText, sameDate, sameGame, sameName, sameRound } from '../../src/games/duplicates';
import { readerFor } from '../../src/games/index';
import { AFTER_E4, START, chessGame } from '../support/records';
import { importedGames, rereadGames } from '../support/reread';
import { exportedGameText } from '../support/written';

/** sha256 of the kind and the keys, one a line; its first 8 bytes as a signed 64-bit number. */
const expectedKey = (kind: string, keys: string[]): bigint =>
  BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update([kind, ...keys].join('\n')).digest('hex').slice(0, 16)}`));

const facts = (extra: Partial<DuplicateFacts> = {}): DuplicateFacts => ({ kind: 'CHESS', duplicateKey: 42n, ...extra });

describe('the duplicate key of a game', () => {
  it('is the hash of the kind and the main line position keys, ply 0 first', () => {
    // Polyglot keys of the start, 1.e4 and 1.e4 e5 (the Polyglot book format's own examples).
    expect(duplicateKeyOf(chessGame('A', 'B'))).toBe(expectedKey('CHESS', ['463b96181691fc9c', '823c9b50fd114196', '0844931a6ef4b9a0']));
  });

  it('leaves variations out and does not depend on the order plies come in', () => {
    const game = chessGame('A', 'B');
    const withVariation: GameRecord = {
      ...game,
      plies: [game.plies[2], { position: AFTER_E4, variation: '1', ply: 1, move: 'e4' }, game.plies[0], game.plies[1]],
    };
    expect(duplicateKeyOf(withVariation)).toBe(duplicateKeyOf(game));
  });

  it('differs for another line, and for a line one move shorter', () => {
    const game = chessGame('A', 'B');
    expect(duplicateKeyOf({ ...game, plies: game.plies.slice(0, 2) })).toBe(expectedKey('CHESS', ['463b96181691fc9c', '823c9b50fd114196']));
    expect(duplicateKeyOf({ ...game, plies: game.plies.slice(0, 2) })).not.toBe(duplicateKeyOf(game));
  });

  it('is null for a game without a move', () => {
    expect(duplicateKeyOf({ kind: 'CHESS', plies: [{ position: START, variation: '', ply: 0 }] })).toBeNull();
    expect(duplicateKeyOf({ kind: 'CHESS', plies: [] })).toBeNull();
  });

  it('is the same for a game read from PGN and from the GameText written of it', async () => {
    const pgn = Buffer.from('[White "Anderssen"]\n[Black "Kieseritzky"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 *\n');
    const [fromPgn] = await importedGames(readerFor('PGN')!, pgn);
    // The GameText the game exports: moves only, no headers.
    const gameText = readerFor('GAMETEXT')!;
    const [fromGameText] = await importedGames(gameText, exportedGameText(pgn));
    expect(fromGameText.player1 ?? null).toBeNull();
    expect(duplicateKeyOf(fromGameText)).toBe(duplicateKeyOf(fromPgn));
    expect(duplicateKeyOf(fromPgn)).not.toBeNull();
  });

  it('is the same for a stored game read again (what a catch-up of older games computes)', async () => {
    const pgn = Buffer.from('[White "X"]\n[Black "Y"]\n\n1. d4 d5 2. c4 (2. Nf3) 2... e6 *\n');
    const reader = readerFor('PGN')!;
    const games = await importedGames(reader, pgn);
    const [again] = rereadGames(reader, games);
    expect(duplicateKeyOf(again!)).toBe(duplicateKeyOf(games[0]));
  });
});

describe('players', () => {
  it('fold case, accents and letters such as ø and ß', () => {
    expect(foldText('Müller')).toBe('muller');
    expect(foldText('HØI')).toBe('hoi');
    expect(foldText('Weiß')).toBe('weiss');
    expect(sameName('José Raúl Capablanca', 'CAPABLANCA, JOSE RAUL')).toBe(true);
  });

  it('agree in "Surname, Firstname" and "Firstname Surname" order, with initials', () => {
    expect(sameName('Carlsen, Magnus', 'Magnus Carlsen')).toBe(true);
    expect(sameName('Carlsen, Magnus', 'Carlsen M.')).toBe(true);
    expect(sameName('Carlsen,M', 'M. Carlsen')).toBe(true);
    expect(sameName('Carlsen, Magnus', 'Carlsen')).toBe(true);
    expect(sameName('van der Wiel, John', 'John van der Wiel')).toBe(true);
    expect(sameName('Vachier-Lagrave, Maxime', 'Maxime Vachier Lagrave')).toBe(true);
    expect(sameName('Carlsen, Magnus (NOR)', 'Magnus Carlsen')).toBe(true);
  });

  it('differ when the surnames or the given names differ', () => {
    expect(sameName('Carlsen, Magnus', 'Carlsen, Henrik')).toBe(false);
    expect(sameName('Carlsen, Magnus', 'Carlsen, H.')).toBe(false);
    expect(sameName('Carlsen, Magnus', 'Caruana, Fabiano')).toBe(false);
    expect(sameName('Kasparov', 'Karpov')).toBe(false);
  });

  it('do not prevent a match when one game does not name the player', () => {
    expect(sameName(null, 'Carlsen, Magnus')).toBe(true);
    expect(sameName('?', 'Carlsen, Magnus')).toBe(true);
    expect(sameName('N.N.', 'Carlsen, Magnus')).toBe(true);
    expect(sameName('', 'Carlsen, Magnus')).toBe(true);
  });
});

describe('dates', () => {
  it('agree when the days they can be overlap', () => {
    expect(sameDate('1921.03.17', '1921.03.17')).toBe(true);
    expect(sameDate('1921.??.??', '1921.03.17')).toBe(true);
    expect(sameDate('1921.03.??', '1921.03.17')).toBe(true);
    expect(sameDate('1921-03-17', '1921.03.17')).toBe(true);
  });

  it('differ on another day, month or year', () => {
    expect(sameDate('1921.03.17', '1921.03.18')).toBe(false);
    expect(sameDate('1921.04.??', '1921.03.17')).toBe(false);
    expect(sameDate('1921.??.??', '1922.??.??')).toBe(false);
  });

  it('do not prevent a match when one game gives none', () => {
    expect(sameDate(null, '1921.03.17')).toBe(true);
    expect(sameDate('????.??.??', '1921.03.17')).toBe(true);
  });
});

describe('rounds', () => {
  it('agree with leading zeros and sub-rounds', () => {
    expect(sameRound('01', '1')).toBe(true);
    expect(sameRound('3', '3.1')).toBe(true);
    expect(sameRound('?', '5')).toBe(true);
    expect(sameRound(null, '5')).toBe(true);
  });

  it('differ when their numbers differ', () => {
    expect(sameRound('3', '4')).toBe(false);
    expect(sameRound('3.1', '3.2')).toBe(false);
  });
});

describe('two games', () => {
  it('are the same with the same key, kind, players and date', () => {
    expect(sameGame(facts({ player1: 'Carlsen, Magnus', dateText: '2020.01.01' }), facts({ player1: 'Magnus Carlsen', dateText: '2020.??.??' }))).toBe(true);
  });

  it('are the same when one gives no headers at all, as a GameText game', () => {
    expect(sameGame(facts(), facts({ player1: 'Carlsen, Magnus', player2: 'Caruana, Fabiano', dateText: '2020.01.01', round: '5' }))).toBe(true);
  });

  it('are not the same with other keys, kinds, players, dates or rounds', () => {
    const base = facts({ player1: 'A', player2: 'B', dateText: '2020.01.01', round: '1' });
    expect(sameGame(base, { ...base, duplicateKey: 43n })).toBe(false);
    expect(sameGame(base, { ...base, kind: 'GO' })).toBe(false);
    expect(sameGame(base, { ...base, player2: 'C' })).toBe(false);
    // The same two players with the colours the other way round are another game.
    expect(sameGame(base, { ...base, player1: 'B', player2: 'A' })).toBe(false);
    expect(sameGame(base, { ...base, dateText: '2021.01.01' })).toBe(false);
    expect(sameGame(base, { ...base, round: '2' })).toBe(false);
  });

  it('are never the same without a key', () => {
    expect(sameGame(facts({ duplicateKey: null }), facts({ duplicateKey: null }))).toBe(false);
  });
});
