/**
 * Backgammon game records, whatever the file they come from (SGF, .mat): one position per
 * replayed ply keyed `PositionID:MatchID`, the decoded state worth keeping with it, and the
 * game's metadata.
 */
import type { BackgammonGame, BgPly } from '../../codecs/backgammon';
import type { PlyRecord, PositionRecord } from '../../db/records';
import { resignationName } from './resignation';

/** Property id as gnubg and FF[3] files write it: lowercase letters dropped (`RUles` = `RU`). */
const normId = (id: string): string => id.replace(/[a-z]/g, '');

/** The decoded bits of a replayed ply that are worth keeping with its position (all follow from the key). */
const positionData = (ply: BgPly) => {
  const pips = (side: number[]) => side.reduce((sum, n, i) => sum + n * (i + 1), 0);
  const off = (side: number[]) => 15 - side.reduce((sum, n) => sum + n, 0);
  const m = ply.match;
  return {
    positionId: ply.positionId,
    matchId: ply.matchId,
    pipCounts: [pips(ply.board.onRoll), pips(ply.board.opponent)],
    borneOff: [off(ply.board.onRoll), off(ply.board.opponent)],
    onRoll: m.diceOwner,
    turn: m.turn,
    dice: m.dice,
    cubeValue: m.cubeValue,
    cubeOwner: m.cubeOwner,
    doubleOffered: m.doubleOffered,
    resignation: resignationName(m.resignation),
    gameState: m.gameState,
    crawford: m.crawford,
    matchLength: m.matchLength,
    score: m.score,
  };
};

const positionOf = (ply: BgPly): PositionRecord => ({
  kind: 'BACKGAMMON',
  key: ply.key,
  groupKey: ply.positionId,
  sideToMove: String(ply.match.diceOwner),
  board: ply.key,
  data: positionData(ply),
});

/** The game's root properties that are worth searching or showing, as metadata. */
export const metadataOf = (game: BackgammonGame, replayResult: { winner: number; points: number; resigned: boolean } | undefined) => {
  const { info } = game;
  const ru = game.tree.nodes[0]?.properties.find((p) => normId(p.id) === 'RU')?.values[0];
  const meta: Record<string, unknown> = {
    matchLength: info.matchLength,
    gameNumberInFile: info.gameNumber,
    startScore: info.score,
    rules: info.rules,
    cubeValue: info.cubeValue,
  };
  if (ru !== undefined) meta.RU = ru;
  const text: [string, string | undefined][] = [
    ['application', info.application], ['date', info.date], ['event', info.event], ['round', info.round],
    ['place', info.place], ['annotator', info.annotator], ['comment', info.comment],
    ['whiteRating', info.whiteRating], ['blackRating', info.blackRating],
  ];
  for (const [k, v] of text) if (v !== undefined) meta[k] = v;
  if (info.result) meta.result = info.result;
  if (replayResult) meta.replayResult = replayResult;
  const mi = game.rootExtra.find((p) => p.id === 'MI');
  if (mi) meta.MI = mi.values;
  return meta;
};

/** The plies of a replayed game as records: each position, the move that reached it and the next one. */
export const plyRecordsOf = (plies: BgPly[]): PlyRecord[] =>
  plies.map((ply, k) => ({
    position: positionOf(ply),
    variation: '',
    ply: ply.number,
    move: k === 0 ? null : ply.move,
    nextMove: plies[k + 1]?.move ?? null,
  }));
