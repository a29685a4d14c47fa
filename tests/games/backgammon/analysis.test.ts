/**
 * The SGF reader's gnubg analysis: a hand-written analysed game (tests/fixtures/backgammon/
 * hand_analysed_5p.sgf) gives the PlayerAnalysis rows and the Score verdicts computed here by
 * hand, on PGlite and (when configured) PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../src/db/database';
import { readerFor } from '../../../src/games/index';
import { analysePendingImports } from '../../../src/storage/reanalyse';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { describeEachDatabase } from '../../support/databases';
import { sampleText } from '../../support/sampleData';

const FIXTURES = path.resolve(__dirname, '../../fixtures/backgammon');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const importText = (db: Database, text: string) => runImport(db, readerFor('SGF')!, bytesSource(Buffer.from(text, 'utf8')));

/*
 * The hand fixture, a 5-point match at 0-0 (White Amy, Black Ben), every value gnubg's layout:
 *   ply 1  Amy 31: A[0], first of 2 candidates (0.088224)        checker, unforced, lost 0
 *   ply 2  Ben 52: A[1], 0.05 best, −0.02 played                 checker, unforced, lost 0.07 (bad)
 *   ply 3  Amy doubles: ND 0.55, DT 0.60 MWC                      cube, the double is right, lost 0
 *   ply 4  Ben takes: as equity at 0-0 (MET 0.57732 / 0.42268) DT = (1.2 − 1)/0.15464 = 1.293326 > 1,
 *          so the take loses 0.293326                                                    (very bad)
 *   ply 5  Amy 64: A[0] with one candidate                        checker, forced: not counted
 *   ply 6  Ben at cube 2, no double: ND 0.62, DT 0.66 MWC; with MET 0.64795 / 0.35205
 *          ND = 0.24/0.2959 = 0.811085, DT = 1.081446, double/pass best (+1): lost 0.188915, close
 *          and his 31: A[0], lost 0
 * Amy: 1 unforced play lost 0; 1 cube decision lost 0.  Ben: 2 plays lost 0.07 (1 bad); 2 cube
 * decisions lost 0.293326 + 0.188915 = 0.482241.
 */
const AMY = { side: 1, kind: 'BACKGAMMON', player: 'Amy', program: 'gnubg', ruleset: '2-ply cubeful', decisions: 1, loss: 0, cubeDecisions: 1, cubeLoss: 0, inaccuracies: 0, mistakes: 0, blunders: 0 };
const BEN = { side: 2, kind: 'BACKGAMMON', player: 'Ben', program: 'gnubg', ruleset: '2-ply cubeful', decisions: 2, cubeDecisions: 2, inaccuracies: 0, mistakes: 1, blunders: 0 };

describeEachDatabase('the SGF reader keeps gnubg analysis', (getDb) => {
  let handGameId: bigint;

  beforeAll(async () => {
    const outcome = await importText(getDb(), fixture('hand_analysed_5p.sgf'));
    expect(outcome.warnings).toEqual([]);
    handGameId = (await getDb().prisma.game.findFirstOrThrow({ where: { importId: BigInt(outcome.importId) } })).id;
  });

  it('writes one PlayerAnalysis row per side with the sums computed by hand', async () => {
    const rows = await getDb().prisma.playerAnalysis.findMany({ where: { gameId: handGameId }, orderBy: { side: 'asc' } });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject(AMY);
    expect(rows[1]).toMatchObject(BEN);
    expect(rows[1].loss).toBeCloseTo(0.07, 12);
    expect(rows[1].cubeLoss).toBeCloseTo(0.482241, 5);
  });

  it("scores a match take in normalised equity, with gnubg's verdict in the details", async () => {
    // The take is decided after Amy's double: PositionID of the board, MatchID with the double offered.
    const take = await getDb().prisma.score.findFirstOrThrow({ where: { position: { key: '4PPIATCwZ/ABMA:MBmgAAAAAAAE' } } });
    expect(take).toMatchObject({ program: 'gnubg', ruleset: 'cube:2C 1 0.000000 1', bestValue: -1, source: 'SGF DA' });
    expect(take.value).toBeCloseTo(-1.293326, 6);
    expect(take.details).toMatchObject({ kind: 'cube', decision: 'take', player: 1, unit: 'equity', skill: 'very bad', counted: true, move: 'take' });
    expect((take.details as { loss: number }).loss).toBeCloseTo(0.293326, 6);
  });

  it('keeps a no double in match-winning chances and adds its normalised loss', async () => {
    const scores = await getDb().prisma.score.findMany({ where: { position: { key: 'sGfhQSDg88gBMA:UQmgAAAAAAAE' } }, orderBy: { ruleset: 'asc' } });
    expect(scores.map((s) => [s.ruleset, s.value, s.bestValue])).toEqual([
      ['checker:2C 0 1 0.000000 1', 0.3, 0.3],
      ['cube:2C 1 0.000000 1', 0.62, 0.66],
    ]);
    expect(scores[0].details).toMatchObject({ decision: 'qtst', loss: 0, skill: 'none', counted: true });
    expect(scores[1].details).toMatchObject({ decision: 'no double', unit: 'mwc', skill: 'very bad', counted: true });
    expect((scores[1].details as { loss: number }).loss).toBeCloseTo(0.188915, 6);
  });

  it('marks a checker play that lost 0.07 bad', async () => {
    const play = await getDb().prisma.score.findFirstOrThrow({ where: { position: { key: 'sGfwATDgc/ABMA:cAmgAAAAAAAE' } } });
    expect(play).toMatchObject({ ruleset: 'checker:2C 0 1 0.000000 1', value: -0.02, bestValue: 0.05, details: { decision: 'lqln', move: '52: 13/8 13/11', skill: 'bad', counted: true } });
    expect((play.details as { loss: number }).loss).toBeCloseTo(0.07, 12);
  });

  it('writes the rows again for an import stored before games carried them (re-read at open)', async () => {
    const db = getDb();
    const { importId } = await db.prisma.game.findUniqueOrThrow({ where: { id: handGameId } });
    await db.prisma.playerAnalysis.deleteMany({ where: { gameId: handGameId } });
    await db.prisma.import.update({ where: { id: importId! }, data: { analysed: false } });
    expect(await analysePendingImports(db)).toBe(1);
    const rows = await db.prisma.playerAnalysis.findMany({ where: { gameId: handGameId }, orderBy: { side: 'asc' } });
    expect(rows.map((r) => [r.player, r.decisions, r.cubeDecisions, r.mistakes])).toEqual([
      ['Amy', 1, 1, 0],
      ['Ben', 2, 2, 1],
    ]);
  });

  it('writes no PlayerAnalysis rows for a game without analysis', async () => {
    const outcome = await importText(getDb(), sampleText('backgammon', 'gnubg107_5p_double_dance_resign.sgf'));
    const rows = await getDb().prisma.playerAnalysis.count({ where: { game: { importId: BigInt(outcome.importId) } } });
    expect(rows).toBe(0);
  });
});
