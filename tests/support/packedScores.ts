/** The evaluations packed in read games (`GameRecord.evaluations`) as the scores they are read back as, each with its position's key. */
import type { ImportChunk } from '../../src/db/records';
import { gameOf } from '../../src/games';

export interface PackedScore {
  positionKey: string;
  program: string;
  ruleset: string;
  value: number;
  details: Record<string, unknown>;
  source: string;
}

/** Every game's packed evaluations in the chunks, in file order (each game numbered by its place among the chunks' games). */
export function packedScoresOf(chunks: readonly ImportChunk[]): PackedScore[] {
  const out: PackedScore[] = [];
  let index = 0;
  for (const game of chunks.flatMap((c) => c.games ?? [])) {
    const packed = game.evaluations;
    const reader = gameOf(game.kind).evaluations;
    if (packed && reader) {
      const keyOf = new Map(packed.nodes.map((n) => [n.node, n.key]));
      for (const s of reader.scoresOf(packed.bytes, game.sourceFormat, index)) {
        out.push({ positionKey: keyOf.get(s.node) as string, program: s.program, ruleset: s.ruleset, value: s.value, details: s.details, source: s.source });
      }
    }
    index++;
  }
  return out;
}
