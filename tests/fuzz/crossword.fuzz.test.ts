/**
 * Fuzzes the crossword codecs: CGP positions (line by line and through
 * importCrossword) and GCG games (parse + replay), random and mutated.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import { importCrossword, parseCgp, parseGcg, replayGcg } from '../../src/codecs/crossword';
import { exercise, expectResult, fuzzParams, fuzzTimeout, FuzzCounter, mutatedBytes, mutatedText, randomText, sample } from './fuzzSupport';
import { samplePath } from '../support/sampleData';

const cgpLines = [
  ...sample('crossword', 'macondo', 'cgps.txt').toString('utf8').split(/\r?\n/),
  ...sample('crossword', 'cgp_cases.tsv')
    .toString('utf8')
    .split(/\r?\n/)
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t')[3] ?? ''),
].filter((l) => l.trim() !== '');

const gcgFiles = [
  ...fs.readdirSync(samplePath('crossword', 'macondo', 'gcg')).map((n) => sample('crossword', 'macondo', 'gcg', n)),
  ...fs.readdirSync(samplePath('crossword', 'liwords')).map((n) => sample('crossword', 'liwords', n)),
];

const counter = new FuzzCounter('crossword');
afterAll(() => counter.report());

describe('crossword CGP fuzz', () => {
  it('parses random and mutated CGP lines to a position or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedText(cgpLines, 6), randomText('ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz?/0123456789 ;-.lexldbbbdncretlgidlmtmopsiimspo', 200)), (line) => {
        exercise(counter, 'CGP', () => parseCgp(line));
        const all = exercise(counter, 'CGP', () => importCrossword('CGP', line), expectResult);
        if (all.ok && all.value.format === 'CGP') for (const p of all.value.positions) expectResult(p.result, 'CGP line');
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('refuses a board that claims 4 G squares and huge scores without allocating', () => {
    exercise(counter, 'CGP', () => parseCgp('4294967295/15 / 0/0 0'));
    exercise(counter, 'CGP', () => parseCgp('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 99999999999999999999/0 4294967296 lm -4294967296;'));
    exercise(counter, 'CGP', () => parseCgp('15/'.repeat(100_000) + '15 / 0/0 0'));
  });
});

describe('crossword GCG fuzz', () => {
  it('parses and replays mutated sample games to a game or a typed error', () => {
    fc.assert(
      fc.property(mutatedBytes(gcgFiles, 8), (bytes) => {
        const game = exercise(counter, 'GCG', () => parseGcg(bytes));
        if (game.ok) exercise(counter, 'GCG replay', () => replayGcg(game.value));
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('parses random text to a game or a typed error', () => {
    fc.assert(
      fc.property(randomText('#>:player1 2 ABCDEFGHOTRS?8H 15A +-0123456789()\n', 300), (text) => {
        const game = exercise(counter, 'GCG', () => parseGcg(text));
        if (game.ok) exercise(counter, 'GCG replay', () => replayGcg(game.value));
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));
});
