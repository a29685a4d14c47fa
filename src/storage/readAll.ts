/** Collects a file's byte stream into one array, for readers that need the whole file at once. */
export const readAll = async (input: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const parts: Uint8Array[] = [];
  for await (const part of input) parts.push(part);
  return parts.length === 1 ? parts[0] : new Uint8Array(Buffer.concat(parts));
};
