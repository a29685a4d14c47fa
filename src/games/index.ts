/**
 * The games tabula knows, listed once: every list of kinds, readers and writers derives from
 * `GAMES`. Adding a game is one folder here (its `GameModule`), one line below, and the rest
 * docs/ARCHITECTURE.md names.
 */
import type { GameKind } from '../db/records';
import { backgammon } from './backgammon';
import { chess } from './chess';
import { crossword } from './crossword';
import type { FormatName, FormatReader, GameWriter } from './formats';
import { go } from './go';
import { sgfReaderOf } from './sgf/reader';
import type { GameModule } from './types';

export type { GameModule } from './types';

/** Every game, by kind. */
const GAMES: Readonly<Record<GameKind, GameModule>> = { BACKGAMMON: backgammon, CHESS: chess, GO: go, CROSSWORD: crossword };

/** Every kind, in the order lists of kinds are given. */
export const GAME_KINDS: readonly GameKind[] = Object.keys(GAMES) as GameKind[];

/** The module of a kind. */
export const gameOf = (kind: GameKind): GameModule => GAMES[kind];

/** Whether a text is a kind. */
export const isGameKind = (text: string): text is GameKind => Object.hasOwn(GAMES, text);

const MODULES = Object.values(GAMES);

/** Every format `importGames` and the CLI read: each game's own, and SGF for the games written in it. */
const READERS: FormatReader[] = [
  ...MODULES.flatMap((m) => m.readers),
  sgfReaderOf(MODULES.flatMap((m) => (m.sgf ? [m.sgf] : []))),
];

export const readerFor = (format: string): FormatReader | undefined => READERS.find((r) => r.format === format);

export const writerFor = (kind: GameKind, format: string): GameWriter | undefined => GAMES[kind].writers.find((w) => w.format === format)?.write;

export const importFormats = (): FormatName[] => READERS.map((r) => r.format).sort();

/** The formats games of `kind` (of any kind when absent) can be written in, each once, sorted. */
export const exportFormats = (kind?: GameKind): FormatName[] =>
  [...new Set((kind === undefined ? MODULES : [GAMES[kind]]).flatMap((m) => m.writers.map((w) => w.format)))].sort();
