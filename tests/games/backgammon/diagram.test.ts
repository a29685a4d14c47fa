/** Backgammon diagrams: a stored key, or a board with or without its match state. */
import { decodeMatchId, decodePositionId } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { backgammonDiagram, backgammonOrientation, backgammonPositionDiagram } from '../../../src/games/backgammon/diagram';
import { backgammon } from '../../../src/games/backgammon';
import { checkDocument, titleAndDesc } from '../../render/xml';

const KEY = '4HPhQSDgc+JBIA:UQmgAAAAAAAE';

describe('backgammonOrientation', () => {
  test('White or Black when asked, else the player on roll', () => {
    expect(backgammonOrientation('WHITE')).toBe('white');
    expect(backgammonOrientation('BLACK')).toBe('black');
    expect(backgammonOrientation('TO_MOVE')).toBe('onRoll');
    expect(backgammonOrientation(null)).toBe('onRoll');
  });
});

describe('backgammonPositionDiagram', () => {
  test('draws the board and match state of a stored key', () => {
    const [positionId, matchId] = KEY.split(':');
    const board = unwrap(decodePositionId(positionId));
    const match = unwrap(decodeMatchId(matchId, { allowFinalScore: true }));
    const options = { size: 300, orientation: 'WHITE' as const };
    const svg = backgammonPositionDiagram({ key: KEY, board: KEY }, options);
    expect(svg).toBe(backgammonDiagram(board, match, options));
    const { desc } = titleAndDesc(checkDocument(svg));
    expect(desc).toContain('5-point match');
    expect(desc).toContain('with White at the bottom');
  });

  test('draws a board with no match state', () => {
    const root = checkDocument(backgammonDiagram(unwrap(decodePositionId('4HPwATDgc/ABMA')), null, { size: 200, orientation: null }));
    expect(titleAndDesc(root).title).toBe('Backgammon position, White on roll, pips 167–167');
  });

  test('is the backgammon module\'s diagram, and refuses a key that does not decode', () => {
    const options = { size: 100, orientation: null };
    expect(backgammon.diagram({ key: KEY, board: KEY }, options)).toBe(backgammonPositionDiagram({ key: KEY, board: KEY }, options));
    expect(() => backgammonPositionDiagram({ key: 'nonsense', board: '' }, options)).toThrow(/backgammon position nonsense does not decode/);
  });
});
