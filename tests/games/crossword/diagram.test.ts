/** Crossword diagrams: a decoded CGP with its scores, a stored position without. */
import { parseCgp } from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';
import { crosswordDiagram, crosswordPositionDiagram } from '../../../src/games/crossword/diagram';
import { crossword } from '../../../src/games/crossword';
import { crosswordPlyPositions } from '../../../src/games/crossword/plyPositions';
import type { Game } from '../../../src/generated/prisma/client';
import { checkDocument, titleAndDesc } from '../../render/xml';

const CGP = '15/15/15/15/15/15/15/6WINDY4/15/15/15/15/15/15/15 AEINRST/ 30/12 0 lex NWL20;';
const OPTIONS = { size: 240, orientation: null };

describe('crosswordPositionDiagram', () => {
  test('draws a stored position without scores: the games that reach it have their own', () => {
    const root = checkDocument(crosswordPositionDiagram({ key: 'k', board: CGP, data: null }, OPTIONS));
    expect(root.attrs.width).toBe('240');
    expect(titleAndDesc(root).title).toBe('Crossword position, 15x15');
    expect(titleAndDesc(root).desc).toContain('WINDY');
  });

  test('a decoded position keeps its scores', () => {
    expect(titleAndDesc(checkDocument(crosswordDiagram(unwrap(parseCgp(CGP)), OPTIONS))).title).toBe('Crossword position, 15x15, scores 30–12');
  });

  test('is the crossword module\'s diagram, and refuses a position that does not decode', () => {
    expect(crossword.diagram({ key: 'k', board: CGP }, OPTIONS)).toBe(crosswordPositionDiagram({ key: 'k', board: CGP }, OPTIONS));
    expect(() => crosswordPositionDiagram({ key: 'k', board: 'not a cgp' }, OPTIONS)).toThrow(/crossword position k does not decode/);
  });
});

describe('crosswordPlyPositions', () => {
  test('gives nothing for a game of another kind', () => {
    expect(crosswordPlyPositions({ kind: 'CHESS' } as Game)).toBeNull();
  });
});
