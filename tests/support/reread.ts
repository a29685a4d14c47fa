/** What the `reread` tests share: the games a reader's import read gives for a file, without a database. */
import type { GameRecord, ImportChunk } from '../../src/db/records';
import type { FormatReader, ImportOptions, ReadContext } from '../../src/games/formats';

/** The file in pieces of `piece` bytes, as an upload streams it. */
async function* pieces(bytes: Uint8Array, piece: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
}

/** Every game `reader.read` gives for `bytes` (streamed in small pieces), in order. */
export const importedGames = async (
  reader: FormatReader,
  bytes: Uint8Array,
  options: ImportOptions = {},
  context?: ReadContext,
): Promise<GameRecord[]> => {
  const games: GameRecord[] = [];
  for await (const chunk of reader.read(pieces(bytes, 997), options, context) as AsyncIterable<ImportChunk>) games.push(...(chunk.games ?? []));
  return games;
};

/** Each game read again from its own stored source by `reader.reread`. */
export const rereadGames = (reader: FormatReader, games: readonly GameRecord[], options: ImportOptions = {}, tables = {}): (GameRecord | null)[] =>
  games.map((g) => comparable(reader.reread!({ source: new Uint8Array(g.source), metadata: g.metadata }, options, tables)));

/** A record as the tests compare it: its source as a Buffer, whichever byte array a reader made it. */
export const comparable = (record: GameRecord | null): GameRecord | null => (record ? { ...record, source: Buffer.from(record.source) } : null);
