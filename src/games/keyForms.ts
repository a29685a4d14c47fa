/**
 * A position written in any of the forms users have at hand, read as the keys tabula stores
 * positions under: a FEN (its Polyglot key), a Polyglot or crossword Zobrist key (16 hex digits),
 * a Go PositionID (20 hex digits) or a Go board as text (its canonical hash, either side to
 * play), a gnubg `PositionID:MatchID` or a Position ID alone (every match state of that board), a
 * CGP line (its Zobrist key). Pure: the shape of the text decides,
 * the codecs check it.
 */
import { canonicalMatchId, canonicalPositionId } from '../codecs/backgammon';
import { parseFen, polyglotKey } from '../codecs/chess';
import { parseCgp, positionKey } from '../codecs/crossword';
import { squareBoardSize } from '../codecs/go';
import type { GameKind } from '../db/records';

/** What a text names: exact keys, or (a backgammon Position ID alone) a board under any match state. */
export type KeyForm =
  | { form: 'keys'; name: string; keys: { kind: GameKind; key: string }[] }
  | { form: 'backgammonBoard'; name: string; positionId: string }
  | { form: 'goBoard'; name: string; board: string }
  | { form: 'unknown'; reason: string };

const B64 = '[A-Za-z0-9+/]';
const GNUID = new RegExp(`^(${B64}{14}):(${B64}{12})$`);
const POSITION_ID = new RegExp(`^${B64}{14}$`);

/** The keys a text names, by its shape; `unknown` with the reason when no form reads it. */
export function keyFormOf(input: string): KeyForm {
  const text = input.trim();
  const gnubg = GNUID.exec(text);
  if (gnubg) {
    const pid = canonicalPositionId(gnubg[1]);
    const mid = canonicalMatchId(gnubg[2], { allowFinalScore: true });
    if (!pid.ok) return { form: 'unknown', reason: pid.error.message };
    if (!mid.ok) return { form: 'unknown', reason: mid.error.message };
    return { form: 'keys', name: 'gnubg Position ID and Match ID', keys: [{ kind: 'BACKGAMMON', key: `${pid.value}:${mid.value}` }] };
  }
  if (/^[0-9a-fA-F]{16}$/.test(text)) {
    const key = text.toLowerCase();
    return { form: 'keys', name: 'Polyglot or Zobrist key', keys: [{ kind: 'CHESS', key }, { kind: 'CROSSWORD', key }] };
  }
  if (/^[0-9a-fA-F]{20}$/.test(text)) return { form: 'keys', name: 'Go PositionID', keys: [{ kind: 'GO', key: text.toLowerCase() }] };
  if (POSITION_ID.test(text)) {
    const pid = canonicalPositionId(text);
    return pid.ok ? { form: 'backgammonBoard', name: 'gnubg Position ID', positionId: pid.value } : { form: 'unknown', reason: pid.error.message };
  }
  if (/^[.#O\s]+$/.test(text)) {
    // A Go board as position files write it: n*n points, `#` black, `O` white, `.` empty (line breaks allowed).
    const board = text.replace(/\s+/g, '');
    const size = squareBoardSize(board);
    return size.ok ? { form: 'goBoard', name: `Go board (${size.value}x${size.value})`, board } : { form: 'unknown', reason: `Go board: ${size.error.message}` };
  }
  const placement = text.split(/\s+/)[0];
  if (placement.includes('/')) {
    // A FEN's placement has 8 ranks; a CGP board has 15 or 21 rows.
    if (placement.split('/').length === 8) {
      const fen = parseFen(text);
      return fen.ok ? { form: 'keys', name: 'FEN', keys: [{ kind: 'CHESS', key: polyglotKey(fen.value) }] } : { form: 'unknown', reason: fen.error.message };
    }
    const cgp = parseCgp(text);
    return cgp.ok ? { form: 'keys', name: 'CGP', keys: [{ kind: 'CROSSWORD', key: positionKey(cgp.value) }] } : { form: 'unknown', reason: cgp.error.message };
  }
  return {
    form: 'unknown',
    reason: 'not a FEN, CGP line, gnubg ID, Polyglot or Zobrist key (16 hex digits), Go PositionID (20 hex digits) or Go board (`#`, `O`, `.`)',
  };
}
