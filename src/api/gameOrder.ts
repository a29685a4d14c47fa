/**
 * `GameOrder` (the order of a list of games) as the storage's order, with the name its cursors
 * carry and the check of a cursor's value; `games` and a position's ordered occurrences read it here.
 */
import type { GameOrder, GameOrderColumn } from '../storage/games';
import { isCursorDay, isCursorNumber } from './args';

/** The GraphQL order fields (`GameOrderField`). */
export type GameOrderField = 'ID' | 'DATE' | 'PLAYER1' | 'PLAYER2' | 'EVENT' | 'RATING' | 'PLIES';

/** The stored column of each order field. */
const ORDER_COLUMNS: Record<GameOrderField, GameOrderColumn> = {
  ID: 'id', DATE: 'playedOn', PLAYER1: 'player1', PLAYER2: 'player2', EVENT: 'event', RATING: 'meanRating', PLIES: 'plyCount',
};

/** An order as given (default: by id, ascending). */
export interface GameOrderInput {
  field: GameOrderField;
  direction?: 'ASC' | 'DESC' | null;
}

/** The order, the name its cursors carry, and what a cursor's value must look like. */
export const gameOrderArg = (orderBy: GameOrderInput | null | undefined): { order: GameOrder; name: string; validValue?: (value: string) => boolean } => {
  const order = { column: ORDER_COLUMNS[orderBy?.field ?? 'ID'], descending: orderBy?.direction === 'DESC' };
  const name = `${order.column}:${order.descending ? 'desc' : 'asc'}`;
  const validValue = order.column === 'playedOn' ? isCursorDay : order.column === 'meanRating' || order.column === 'plyCount' ? isCursorNumber : undefined;
  return { order, name, validValue };
};
