/**
 * Fuzzes the backgammon codecs: Position ID, Match ID, GM[6] SGF (parse, read,
 * replay) and Jellyfish .mat (read, resolve, replay), with random input and
 * mutations of the sample files.
 */
import fc from 'fast-check';
import { decodeMatchId, decodePositionId, parseBackgammonSgf, parseMatFile, gamesOfMat, replayGame, replayGames, canonicalPositionId } from '../../src/codecs/backgammon';
import { HUGE_INPUT_MS, exercise, expectResult, fuzzParams, fuzzTimeout, FuzzCounter, mutatedText, randomText, sample, samples } from './fuzzSupport';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const vectors = JSON.parse(sample('backgammon', 'id_vectors.json').toString('utf8')) as {
  positionIds: { id: string }[];
  matchIds?: { id: string }[];
};
const positionIds = vectors.positionIds.map((v) => v.id);
const matchIds = (vectors.matchIds ?? []).map((v) => v.id).filter((id) => typeof id === 'string');
const sgfSeeds = samples('backgammon', '.sgf').map((b) => b.toString('latin1'));
const matSeeds = samples('backgammon', '.mat').map((b) => b.toString('latin1'));

const counter = new FuzzCounter('backgammon');
afterAll(() => counter.report());

describe('backgammon Position ID fuzz', () => {
  it('decodes random and mutated IDs to a board or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(randomText(BASE64 + '=-_ ', 20), fc.constantFrom(...positionIds), mutatedText(positionIds, 3)), (id) => {
        exercise(counter, 'positionId', () => decodePositionId(id));
        exercise(counter, 'positionId', () => canonicalPositionId(id));
      }),
      fuzzParams(2),
    );
  }, fuzzTimeout(2));
});

describe('backgammon Match ID fuzz', () => {
  it('decodes random and mutated IDs to a state or a typed error', () => {
    const seeds = matchIds.length > 0 ? matchIds : ['cAkAAAAAAAAA', 'QYkqASAAIAAA'];
    fc.assert(
      fc.property(fc.oneof(randomText(BASE64 + '=-_ ', 16), fc.constantFrom(...seeds), mutatedText(seeds, 3)), (id) => {
        exercise(counter, 'matchId', () => decodeMatchId(id));
        exercise(counter, 'matchId', () => decodeMatchId(id, { allowFinalScore: true }));
      }),
      fuzzParams(2),
    );
  }, fuzzTimeout(2));
});

describe('backgammon GM[6] SGF fuzz', () => {
  it('reads and replays mutated sample files to games or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 6, arbitrary: mutatedText(sgfSeeds, 8) }, { weight: 1, arbitrary: randomText('()[];\\GMWBAEPLX6 0123456789abcdefghijklmnopqrstuvwxyz', 400) }), (text) => {
        const read = exercise(counter, 'sgf GM[6]', () => parseBackgammonSgf(text));
        if (read.ok) {
          const replay = replayGames(read.value.games);
          expectResult(replay, 'replayGames');
        }
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('refuses 10^6 nested variations without a stack overflow', () => {
    const deep = '(;GM[6]' + '(;B[52]'.repeat(1_000_000) + ')'.repeat(1_000_001);
    exercise(counter, 'sgf GM[6]', () => parseBackgammonSgf(deep), (r) => expectResult(r), HUGE_INPUT_MS);
  });
});

describe('backgammon .mat fuzz', () => {
  it('reads, resolves and replays mutated sample files to games or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 6, arbitrary: mutatedText(matSeeds, 8) }, { weight: 1, arbitrary: randomText(' \n0123456789:/*()=>abDGTWinopst', 400) }), (text) => {
        const read = exercise(counter, 'mat', () => parseMatFile(text));
        if (!read.ok) return;
        const games = exercise(counter, 'mat games', () => gamesOfMat(read.value.file));
        if (games.ok) for (const g of games.value.games) expectResult(replayGame(g.game), 'replayGame');
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));
});
