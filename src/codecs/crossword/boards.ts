/**
 * Board layouts (premium squares) as data: the 15x15 `CrosswordGame` and the 21x21
 * `SuperCrosswordGame`, as in Macondo's board/layouts.go (same strings in liwords).
 *
 * Legend per square: `=` triple word, `-` double word, `"` triple letter, `'` double letter,
 * `~` quadruple word, `^` quadruple letter, space = plain. The centre square is the start.
 */

/** A board: its size and the letter/word multiplier of every square (row-major). */
export interface BoardLayout {
  /** Name as used by the `bdn` opcode. */
  readonly name: string;
  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly cols: number;
  /** The layout strings, one per row, in the legend above. */
  readonly premiumRows: readonly string[];
  /** Letter multiplier per square (1, 2, 3 or 4), row-major. */
  readonly letterMultipliers: Uint8Array;
  /** Word multiplier per square (1, 2, 3 or 4), row-major. */
  readonly wordMultipliers: Uint8Array;
  /** Index (row * cols + col) of the start square. */
  readonly startSquare: number;
}

const CROSSWORD_GAME_ROWS: readonly string[] = [
  '=  \'   =   \'  =',
  ' -   "   "   - ',
  '  -   \' \'   -  ',
  '\'  -   \'   -  \'',
  '    -     -    ',
  ' "   "   "   " ',
  '  \'   \' \'   \'  ',
  '=  \'   -   \'  =',
  '  \'   \' \'   \'  ',
  ' "   "   "   " ',
  '    -     -    ',
  '\'  -   \'   -  \'',
  '  -   \' \'   -  ',
  ' -   "   "   - ',
  '=  \'   =   \'  =',
];

const SUPER_CROSSWORD_GAME_ROWS: readonly string[] = [
  '~  \'   =  \'  =   \'  ~',
  ' -  "   -   -   "  - ',
  '  -  ^   - -   ^  -  ',
  '\'  =  \'   =   \'  =  \'',
  ' "  -   "   "   -  " ',
  '  ^  -   \' \'   -  ^  ',
  '   \'  -   \'   -  \'   ',
  '=      -     -      =',
  ' -  "   "   "   "  - ',
  '  -  \'   \' \'   \'  -  ',
  '\'  =  \'   -   \'  =  \'',
  '  -  \'   \' \'   \'  -  ',
  ' -  "   "   "   "  - ',
  '=      -     -      =',
  '   \'  -   \'   -  \'   ',
  '  ^  -   \' \'   -  ^  ',
  ' "  -   "   "   -  " ',
  '\'  =  \'   =   \'  =  \'',
  '  -  ^   - -   ^  -  ',
  ' -  "   -   -   "  - ',
  '~  \'   =  \'  =   \'  ~',
];

const LETTER: Readonly<Record<string, number>> = { "'": 2, '"': 3, '^': 4 };
const WORD: Readonly<Record<string, number>> = { '-': 2, '=': 3, '~': 4 };

/** Builds a layout from its premium strings (all rows the same width). */
export const layoutFromRows = (name: string, premiumRows: readonly string[]): BoardLayout => {
  const rows = premiumRows.length;
  const cols = premiumRows[0]?.length ?? 0;
  const letterMultipliers = new Uint8Array(rows * cols);
  const wordMultipliers = new Uint8Array(rows * cols);
  premiumRows.forEach((line, r) => {
    for (let c = 0; c < cols; c++) {
      const ch = line[c] ?? ' ';
      letterMultipliers[r * cols + c] = LETTER[ch] ?? 1;
      wordMultipliers[r * cols + c] = WORD[ch] ?? 1;
    }
  });
  const startSquare = (rows >> 1) * cols + (cols >> 1);
  return { name, rows, cols, premiumRows, letterMultipliers, wordMultipliers, startSquare };
};

/** The standard 15x15 board. */
export const CROSSWORD_GAME: BoardLayout = layoutFromRows('CrosswordGame', CROSSWORD_GAME_ROWS);

/** The 21x21 super board. */
export const SUPER_CROSSWORD_GAME: BoardLayout = layoutFromRows('SuperCrosswordGame', SUPER_CROSSWORD_GAME_ROWS);

/** Every board tabula knows, by `bdn` name. */
export const BOARDS: Readonly<Record<string, BoardLayout>> = {
  CrosswordGame: CROSSWORD_GAME,
  SuperCrosswordGame: SUPER_CROSSWORD_GAME,
};

/** The board used when `bdn` is absent and nothing else says otherwise. */
export const DEFAULT_BOARD = 'CrosswordGame';

/** Looks a board up by name, case-insensitively; undefined when unknown. */
export const boardByName = (name: string): BoardLayout | undefined => {
  const exact = BOARDS[name];
  if (exact) return exact;
  const lower = name.toLowerCase();
  return Object.values(BOARDS).find((b) => b.name.toLowerCase() === lower);
};
