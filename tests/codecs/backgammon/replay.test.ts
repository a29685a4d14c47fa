import { parseBackgammonSgf, replayGame, replayGames, decodePositionId, decodeMatchId, hasLegalPlay, startingSide, emptySide } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { SAMPLE_SGF_FILES, idVectors, readSample } from './fixtures';

const gamesOf = (name: string) => unwrap(parseBackgammonSgf(readSample(name))).games;
const replayOf = (name: string, g = 0) => unwrap(replayGame(gamesOf(name)[g]));

describe('replay', () => {
  it('starts at the opening position with the first mover on roll', () => {
    const ply0 = replayOf('gnubg107_5p_double_dance_resign.sgf').plies[0];
    expect(ply0.number).toBe(0);
    expect(ply0.positionId).toBe('4HPwATDgc/ABMA');
    expect(ply0.match).toMatchObject({ diceOwner: 1, turn: 1, gameState: 'PLAYING', dice: [0, 0], matchLength: 5 });
  });

  it('keys the position after a move with the next player on roll (gnubg 1.07 display)', () => {
    const ply1 = replayOf('gnubg107_5p_double_dance_resign.sgf').plies[1];
    expect(ply1.key).toBe('4HPiQSDgc/ABMA:MAGgAAAAAAAE');
    expect(ply1.move).toBe('63: 24/18 13/10');
  });

  it('offers a double without moving the board, then gives the cube to the taker', () => {
    const plies = replayOf('gnubg107_5p_double_dance_resign.sgf').plies;
    expect(plies[2].key).toBe('4HPiQSDgc/ABMA:MBmgAAAAAAAE');
    expect(plies[2].match).toMatchObject({ doubleOffered: true, diceOwner: 0, turn: 1, cubeValue: 1 });
    expect(plies[3].key).toBe('4HPiQSDgc/ABMA:EQGgAAAAAAAE');
    expect(plies[3].match).toMatchObject({ cubeValue: 2, cubeOwner: 'PLAYER1', turn: 0 });
  });

  it('marks hits and replays a dance as no move', () => {
    const plies = replayOf('gnubg107_5p_double_dance_resign.sgf').plies;
    expect(plies[5].move).toBe('55: 8/3 8/3 6/1* 6/1');
    expect(plies[6].move).toBe('11: no move');
    expect(plies[6].key).toBe('4HPhQUAzTuJBIA:UQmgAAAAAAAE');
  });

  it('adds the resignation gnubg records only in RE[W+4R]', () => {
    const r = replayOf('gnubg107_5p_double_dance_resign.sgf');
    const last = r.plies[r.plies.length - 1];
    expect(last).toMatchObject({ kind: 'resign', nodeIndex: null, player: 1, move: 'resign gammon' });
    expect(last.key).toBe('4HPhQUAzTuJBIA:UUugAEAAAAAE');
    expect(r.result).toEqual({ winner: 0, points: 4, resigned: true });
  });

  it('replays a beaver as a redouble by the doubled player', () => {
    const plies = replayOf('gnubg107_money_jacoby_beaver.sgf').plies;
    expect(plies.map((p) => p.kind)).toEqual(['start', 'move', 'double', 'beaver', 'take', 'setup', 'move']);
    expect(plies[3].matchId).toBe('EREAAAAAAAAA');
    expect(plies[4].matchId).toBe('EgEAAAAAAAAA');
    expect(plies[5].match.dice).toEqual([6, 5]);
  });

  it('warns about a trailing roll that was never played', () => {
    const r = replayOf('gnubg107_money_jacoby_beaver.sgf');
    expect(r.warnings.join()).toMatch(/no checker moved although a play exists/);
    expect(r.plies[r.plies.length - 1].key).toBe('4HPwATDgc+JBIA:UgkAAAAAAAAA');
  });

  it('turns the Gibbon setup file into the GNUID gnubg shows', () => {
    const v = idVectors.sgfToGnuid[0];
    const r = replayOf(v.sgfFile);
    expect(r.plies.length).toBe(1);
    expect(r.plies[0].key).toBe(v.gnuid);
    expect(r.plies[0].board.onRoll).toEqual(v.onRoll);
    expect(r.plies[0].board.opponent).toEqual(v.notOnRoll);
  });

  it('turns the gnubg position file into the position and cube it was saved with', () => {
    const ply0 = replayOf('gnubg107_9p_setup_position.sgf').plies[0];
    expect(ply0.key).toBe('4HPwAFiwz8EDQA:QokqASAAIAAE');
    expect(ply0.match).toMatchObject({ cubeValue: 4, cubeOwner: 'PLAYER0', diceOwner: 1, dice: [5, 2], score: [2, 4] });
  });

  describe('setup read as gnubg 1.07 reads it (sgf.c RestoreNode)', () => {
    // A partial AE leaves the start position's checkers on the points it does not clear.
    const node = ';AE[a:g][i:l][n:p][r:x][y][z]AW[h][h][m]AB[q][l]PL[B]';
    const lastKey = (sgf: string) => {
      const plies = unwrap(replayGame(unwrap(parseBackgammonSgf(sgf)).games[0])).plies;
      return plies[plies.length - 1].key;
    };

    it('turns the colours of a node whose PL comes after its AE, AW and AB (White on roll after PL[W])', () => {
      expect(lastKey(`(;FF[4]GM[6]${node};PL[W])`)).toBe('gA9+AAB4EAAAAA:MAEAAAAAAAAE');
    });

    it('keeps those colours when a later PL[B] puts Black on roll', () => {
      expect(lastKey(`(;FF[4]GM[6]${node};PL[B])`)).toBe('gAcBAOCDHwAAAA:cAkAAAAAAAAE');
    });

    it.each(['b', 'bLaCk'])('reads PL[%s] as White', (value) => {
      expect(lastKey(`(;FF[4]GM[6]${node};PL[${value}])`)).toBe('gA9+AAB4EAAAAA:MAEAAAAAAAAE');
    });

    it('shows a set-up board from the side of the first roll, as gnubg does at the start of the game', () => {
      // gnubg makes White the player on roll of a set-board record, then turns to the player of the next roll.
      const plies = unwrap(replayGame(unwrap(parseBackgammonSgf('(;FF[4]GM[6]MI[length:5];AE[a:y]AW[e][e][f]AB[x][w][v];B[21vxwx])')).games[0])).plies;
      expect(plies.map((p) => p.key)).toEqual(['sAAAUAEAAAAAAA:cAmgAAAAAAAE', 'BwAAAAsAAAAAAA:MAGgAAAAAAAE']);
    });

    it('ends the libgsgf setup-properties sample at the GNUID gnubg shows after load match', () => {
      const plies = replayOf('gibbon_libgsgf_setup-properties.sgf').plies;
      expect(plies[plies.length - 1].key).toBe('gA9+AAB4EAAAAA:MAEAAAAAAAAE');
    });
  });

  it("replays Gibbon's resign and accept nodes as an offer and its acceptance", () => {
    const r = replayOf('gibbon_7point.sgf', 3);
    const [offer, accept] = r.plies.slice(-2);
    expect(offer.match).toMatchObject({ resignation: 1, turn: 0, gameState: 'PLAYING' });
    expect(accept.match).toMatchObject({ resignation: 1, gameState: 'RESIGNED', score: [4, 2] });
    expect(accept.key).toBe('v+0BAIDdOwMAAQ:USvgAEAAEAAE');
  });

  it('ends a match with the final score gnubg prints, above the match length', () => {
    const r = unwrap(replayGames(gamesOf('gibbon_7point.sgf')));
    expect(r[8].plies[r[8].plies.length - 1].key).toBe('AAAAbLcfAAAAAA:8ArgAIAAKAAE');
    expect(unwrap(decodeMatchId('8ArgAIAAKAAE', { allowFinalScore: true })).score).toEqual([8, 5]);
  });

  it.each(SAMPLE_SGF_FILES)('gives every ply of %s IDs that decode to its own board and state', (name) => {
    for (const r of unwrap(replayGames(gamesOf(name)))) {
      for (const p of r.plies) {
        expect(unwrap(decodePositionId(p.positionId))).toEqual(p.board);
        expect(unwrap(decodeMatchId(p.matchId, { allowFinalScore: true }))).toEqual(p.match);
      }
    }
  });

  it('fails on a move from an empty point, with the node', () => {
    const games = unwrap(parseBackgammonSgf('(;FF[4]GM[6]\n;W[31abab])')).games;
    const r = replayGame(games[0]);
    expect(r.ok || [r.error.code, r.error.record, r.error.offset]).toEqual(['ERR_BG_REPLAY_ILLEGAL_MOVE', 0, 13]);
  });

  it('fails on a move to a point the opponent holds', () => {
    // White 24/18 onto Black's 7-point? Black holds White's 19-point (s) = Black's 6-point with 5 checkers: 24/19 is blocked.
    const r = replayGame(unwrap(parseBackgammonSgf('(;GM[6];W[51xs])')).games[0]);
    expect(r.ok || r.error.code).toBe('ERR_BG_REPLAY_ILLEGAL_MOVE');
  });

  describe('checks the play against the dice (gnubg rules)', () => {
    /** The error of replaying a one-game SGF text. */
    const errorOf = (sgf: string) => {
      const r = replayGame(unwrap(parseBackgammonSgf(sgf)).games[0]);
      if (r.ok) throw new Error(`${sgf} replayed`);
      return r.error;
    };

    it.each([
      ['a move the dice do not give: Black 55 from his 6-point to his 24-point', '(;GM[6];B[55sa])', 0, /^node 1: Black 6\/24 moves away from home; .*\(roll 55\)$/],
      ['a distance no die matches: White 31 as 13/8', '(;GM[6];W[31mh])', 0, /^node 1: White 13\/8 moves 5 pips, which no die matches: the unused dice of 31 are 3, 1$/],
      ['bearing off with a checker outside the home board', '(;GM[6];AE[a:y]AW[a][b][m]AB[x][w];W[21azmk])', 1, /^node 2: White 1\/off: bearing off while a checker is on 13, outside the home board \(roll 21\)$/],
      ['a larger die bearing off from below the highest point', '(;GM[6];AE[a:y]AW[e][d][b]AB[x];W[63bzda])', 1, /^node 2: White 2\/off with a 3: .* bears off only from the highest point, and a checker is on 5 \(roll 63\)$/],
      ['not entering from the bar first', '(;GM[6];W[21mkfe];B[64aggk];W[31hefe])', 2, /^node 3: White 8\/5: a checker on the bar must enter first \(roll 31\)$/],
      ['playing one die when both can be played', '(;GM[6];W[31he])', 0, /^node 1: White plays 1 die of 31 but 2 can be played$/],
      ['playing the smaller die when only one can be played and the larger can', '(;GM[6];AE[a:y]AW[m]AB[f][f];W[61ml])', 1, /^node 2: White plays the 1 of 61 but the 6 can be played: when only one die can be played it must be the larger$/],
    ])('refuses %s: ERR_BG_REPLAY_ILLEGAL_MOVE at the node', (_what, sgf, record, message) => {
      const e = errorOf(sgf);
      expect(e).toMatchObject({ code: 'ERR_BG_REPLAY_ILLEGAL_MOVE', record, offset: sgf.split(';', record + 2).join(';').length });
      expect(e.message).toMatch(message);
    });

    it.each([
      ['the larger die from the highest point', '(;GM[6];AE[a:y]AW[e][b]AB[x];W[63ezbz])', '63: 5/off 2/off'],
      ['a legal play written in an order that is not (gnubg compares positions)', '(;GM[6];AE[a:y]AW[e][b]AB[x];W[63bzez])', '63: 5/off 2/off'],
      ['the only die that can be played, the larger', '(;GM[6];AE[a:y]AW[m]AB[f][f];W[61mg])', '61: 13/7'],
      ['a bear-off reached with both dice', '(;GM[6];AE[a:y]AW[f]AB[x];W[65faaz])', '65: 6/1 1/off'],
      ['the same bear-off with one die (same position as with both)', '(;GM[6];AE[a:y]AW[f]AB[x];W[65fz])', '65: 6/off'],
      ['entering, then moving on', '(;GM[6];W[21mkfe];B[64aggk];W[31yvhg])', '31: bar/22 8/7'],
    ])('accepts %s', (_what, sgf, move) => {
      const r = unwrap(replayGame(unwrap(parseBackgammonSgf(sgf)).games[0]));
      expect(r.plies[r.plies.length - 1].move).toBe(move);
    });
  });

  it('fails on a take without a double', () => {
    const r = replayGame(unwrap(parseBackgammonSgf('(;GM[6];W[take])')).games[0]);
    expect(r.ok || r.error.code).toBe('ERR_BG_REPLAY_ORDER');
  });

  it('fails on a setup with 16 checkers', () => {
    const r = replayGame(unwrap(parseBackgammonSgf('(;GM[6];AW[a])')).games[0]);
    expect(r.ok || r.error.code).toBe('ERR_BG_REPLAY_SETUP');
  });

  it('knows a closed board is a forced dance', () => {
    const own = emptySide();
    own[24] = 1;
    const opp = emptySide();
    for (let i = 0; i < 6; i++) opp[i] = 2; // the opponent's home board, where I enter
    expect(hasLegalPlay(own, opp, [6, 6])).toBe(false);
    expect(hasLegalPlay(startingSide(), startingSide(), [6, 5])).toBe(true);
  });
});
