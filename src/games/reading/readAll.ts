/** Collects a file's byte stream into one array, for the one-game formats (GAMETEXT, GCG) that read a game whole. */
export const readAll = async (input: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const parts: Uint8Array[] = [];
  for await (const part of input) parts.push(part);
  return parts.length === 1 ? parts[0] : new Uint8Array(Buffer.concat(parts));
};
