/**
 * Backgammon resignation levels by name: the GraphQL enum `BackgammonResignation` (and the
 * stored positions' data) name the codecs' levels 0..3 NONE, SINGLE, GAMMON, BACKGAMMON.
 */
import type { ResignationLevel } from '../../codecs/backgammon';

/** A resignation level's name, as the GraphQL enum `BackgammonResignation` spells it. */
export type ResignationName = 'NONE' | 'SINGLE' | 'GAMMON' | 'BACKGAMMON';

/** Names in level order: index = level (0 none, 1 single, 2 gammon, 3 backgammon). */
const NAMES: readonly ResignationName[] = ['NONE', 'SINGLE', 'GAMMON', 'BACKGAMMON'];

/** The name of a resignation level. */
export const resignationName = (level: ResignationLevel): ResignationName => NAMES[level];

/** The level of a resignation name. */
export const resignationLevel = (name: ResignationName): ResignationLevel => NAMES.indexOf(name) as ResignationLevel;
