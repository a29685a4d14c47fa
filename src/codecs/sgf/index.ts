/**
 * SGF (FF[4]) codec shared by Go and backgammon.
 *
 * API (all pure; parsers return `Result`, never throw on bad input):
 * - `parseSgf(text): Result<SgfTree[]>` - a collection into game trees.
 *   `SgfTree = { nodes: SgfNode[], children: SgfTree[] }` (children = variations
 *   after the last node; children[0] is the main line),
 *   `SgfNode = { properties: SgfProperty[], offset?: number }` (offset of its `;`),
 *   `SgfProperty = { id: string, values: string[] }`, values unescaped
 *   (`\]` -> `]`, `\\` -> `\`, backslash + line break removed). Unknown
 *   properties are kept, in file order; ids are kept as written.
 * - `printSgf(trees | tree, { nodePerLine? }): string` - writes trees back;
 *   only `]` and `\` are escaped, so parse(print(t)) equals t.
 * - `printSgfNode(node)`, `escapeSgfValue(value)`.
 * - Helpers: `findProperty(node, id)`, `getFirstValue(node, id)`,
 *   `getValues(node, id)`, `hasProperty(node, id)`, `rootNode(tree)`,
 *   `mainLine(tree)`, `makeNode(['B','dd'], ...)`, `stripOffsets(trees)`.
 * - `decodeSgfBytes(bytes): Result<string>` - bytes to text by CA[] (default
 *   ISO-8859-1, UTF-8 BOM honoured); `sniffSgfCharset(bytes)`.
 * - `lineColumnAt(text, offset)` - line/column (from 1) for an offset.
 * - `sgfSegments(texts)` - a collection's text, streamed, cut into its top-level
 *   trees (`SgfSegment`: the text with its offset, line and column in the file).
 * - `SgfMainLineScanner` - a game tree's main line (up to the first `)` outside a
 *   value) read as bytes into a reused token array (SGF_NODE, SGF_PROPERTY,
 *   SGF_VALUE, then SGF_END or SGF_MALFORMED), nothing decoded: what Go's and
 *   backgammon's own replays of a stored game for pattern search read.
 *
 * Error codes (each with offset, line, column; field = property id where one
 * applies): ERR_SGF_NO_GAME_TREE, ERR_SGF_UNEXPECTED_CHAR,
 * ERR_SGF_UNEXPECTED_CLOSE, ERR_SGF_UNCLOSED_TREE, ERR_SGF_EMPTY_SEQUENCE,
 * ERR_SGF_NODE_AFTER_VARIATION, ERR_SGF_PROPERTY_OUTSIDE_NODE,
 * ERR_SGF_MISSING_VALUE, ERR_SGF_UNTERMINATED_VALUE, ERR_SGF_CHARSET.
 *
 * Not done here (type-dependent, left to the game modules): Text/SimpleText
 * whitespace folding, Compose `a:b` splitting, point/move decoding.
 */
export * from './tree';
export * from './parse';
export * from './print';
export * from './encoding';
export * from './stream';
export * from './mainLine';
