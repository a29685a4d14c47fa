/**
 * A game's plies as the bulk writer reads them, packed where the game was read (an import's
 * worker thread), so the thread that writes receives a few arrays per game instead of an object
 * per ply (whose copy between threads, and whose garbage, cost that thread about as much as
 * reading the game): the position index's entries with their hashes already computed
 * (`PositionIndexBuffer.addPacked`), every ply's key, and the positions of the plies the game's
 * own scores are about. The plies themselves are read again on demand (`GameRecord.plies`, made
 * lazy by the import), which only a score about a position another game reached first, or a
 * failure to name, asks for.
 */
import { type GameKind, type GameRecord, type PositionRecord, type ScoreRecord, distinctPlyIndexes } from './records';
import { MAX_NODE, nodeWord, positionHash } from './positionIndex/layout';

export interface PackedPlies {
  /** How many plies the game has. */
  count: number;
  /** The kind of every ply's position. */
  kind: GameKind;
  /**
   * The game's entries in the position index, in the order `PositionIndexBuffer.addGame` makes
   * them: per entry the hash's high and low halves and the node word.
   */
  entries: Uint32Array;
  /** Per entry, the move played from it (null: none). */
  moves: (string | null)[];
  /** The first node the index cannot hold (over MAX_NODE), or -1. */
  overflowNode: number;
  /** How many distinct keys the plies reach. */
  distinctKeys: number;
  /** Every ply's key, in order, joined by newlines. */
  keys: string;
  /** The position of the first ply reaching each key the scores given are about, by ply. */
  scored: { at: number; position: PositionRecord }[];
}

/**
 * The game's plies packed (`scores`: the scores read with it), or null when they cannot be
 * (positions of another kind than the first's, or a key holding a newline): the plies then go as they are.
 */
export function packPlies(game: GameRecord, scores: readonly ScoreRecord[]): PackedPlies | null {
  const plies = game.plies;
  if (plies.length === 0) return null;
  const kind = plies[0].position.kind;
  for (const p of plies) if (p.position.kind !== kind || p.position.key.includes('\n')) return null;
  const nodes = distinctPlyIndexes(plies);
  const entries: number[] = [];
  const moves: (string | null)[] = [];
  let overflowNode = -1;
  for (const node of nodes) {
    const ply = plies[node];
    if (node > MAX_NODE) {
      overflowNode = node;
      break;
    }
    const { key, groupKey } = ply.position;
    const word = nodeWord(node, ply.variation === '');
    const move = ply.explorerMove ?? ply.nextMove ?? null;
    const h = positionHash(key);
    entries.push(h.hi, h.lo, word);
    moves.push(move || null);
    if (groupKey && groupKey !== key) {
      const gh = positionHash(groupKey);
      entries.push(gh.hi, gh.lo, word);
      moves.push(move || null);
    }
  }
  const keys = plies.map((p) => p.position.key);
  const scoredKeys = new Set(scores.filter((s) => s.kind === kind).map((s) => s.positionKey));
  const scored: PackedPlies['scored'] = [];
  const met = new Set<string>();
  for (let at = 0; at < plies.length; at++) {
    const key = keys[at];
    if (!scoredKeys.has(key) || met.has(key)) continue;
    met.add(key);
    scored.push({ at, position: plies[at].position });
  }
  return {
    count: plies.length,
    kind,
    entries: Uint32Array.from(entries),
    moves,
    overflowNode,
    distinctKeys: new Set(keys).size,
    keys: keys.join('\n'),
    scored,
  };
}

/** How many plies a game has, without reading packed plies again. */
export const plyCountOf = (game: GameRecord): number => game.packedPlies?.count ?? game.plies.length;

/** How many distinct positions a game reaches. */
export const distinctKeysOf = (game: GameRecord): number =>
  game.packedPlies ? game.packedPlies.distinctKeys : new Set(game.plies.map((p) => p.position.key)).size;
