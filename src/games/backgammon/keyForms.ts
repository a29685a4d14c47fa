/** Backgammon positions as text: gnubg's `PositionID:MatchID`, or a Position ID alone (its board under every match state). */
import { canonicalMatchId, canonicalPositionId } from '../../codecs/backgammon';
import type { BoardQuery, KeyForm } from '../types';

const B64 = '[A-Za-z0-9+/]';
const GNUID = new RegExp(`^(${B64}{14}):(${B64}{12})$`);
const POSITION_ID = new RegExp(`^${B64}{14}$`);

export const backgammonKeyForm = (text: string): KeyForm | null => {
  const gnubg = GNUID.exec(text);
  if (gnubg) {
    const pid = canonicalPositionId(gnubg[1]);
    const mid = canonicalMatchId(gnubg[2], { allowFinalScore: true });
    if (!pid.ok) return { form: 'unknown', reason: pid.error.message };
    if (!mid.ok) return { form: 'unknown', reason: mid.error.message };
    return { form: 'keys', name: 'gnubg Position ID and Match ID', keys: [{ kind: 'BACKGAMMON', key: `${pid.value}:${mid.value}` }] };
  }
  if (POSITION_ID.test(text)) {
    const pid = canonicalPositionId(text);
    return pid.ok ? { form: 'board', name: 'gnubg Position ID', kind: 'BACKGAMMON', board: pid.value, grouped: true } : { form: 'unknown', reason: pid.error.message };
  }
  return null;
};

/** A board (its Position ID) is every position stored under it as group key. */
export const backgammonBoardQuery = (positionId: string): BoardQuery => ({ by: 'group', groupKey: positionId });
