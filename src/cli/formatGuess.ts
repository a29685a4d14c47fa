/**
 * Which import format a file is: from its name when `--format` is not given, and from its first
 * bytes for a hint when the format given does not read it ("this looks like SGF").
 */
import path from 'node:path';

/** Import format names by file extension; `.dat` is a Go position or score file, which the name cannot tell. */
const BY_EXTENSION: Record<string, string> = {
  '.sgf': 'sgf',
  '.pgn': 'pgn',
  '.gcg': 'gcg',
  '.cgp': 'cgp',
  '.mat': 'mat',
};

/** The format a file's name says, or a sentence saying why it does not tell. */
export const formatFromName = (file: string): { format: string } | { problem: string } => {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.dat') return { problem: `${file} is a Go position or score file: give --format go-positions or --format go-scores` };
  const format = BY_EXTENSION[ext];
  if (format) return { format };
  return { problem: `cannot tell the format of ${file} from its name: give --format (sgf, mat, pgn, gametext, gcg, cgp, go-positions, go-scores)` };
};

/** The format the first bytes of a file look like, if any: for hints. */
export const formatFromContent = (head: Uint8Array): string | undefined => {
  const text = Buffer.from(head.subarray(0, 4096)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (text.startsWith('(;')) return 'sgf';
  if (/^\[[A-Za-z]+ "/.test(text) || /^1\.\s*[a-hNBRQKO]/.test(text)) return 'pgn';
  if (/^\d+\s+point match/m.test(text.slice(0, 400))) return 'mat';
  if (/^#(character-encoding|player1)\b/m.test(text)) return 'gcg';
  if (/^[0-9A-Za-z.?/[\]·]+\s+\S*\/\S*\s+-?\d+\/-?\d+\s+\d+/.test(text)) return 'cgp';
  return undefined;
};
