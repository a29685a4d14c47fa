import { GcgGame, decodeGcg, printGcgEvent, gcgPragma, parseGcg, printGcg } from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';
import { GCG_FILES, readBytes, readText } from './fixtures';

const read = (rel: string): GcgGame => unwrap(parseGcg(readBytes(rel)));

/** The game without source line numbers or encoding, for comparing a read with a re-read. */
const content = (g: GcgGame) => ({
  players: g.players,
  pragmas: g.pragmas,
  note: g.note,
  finalRacks: g.finalRacks,
  events: g.events.map((e) => ({ ...e, line: 0 })),
});

const HEAD = '#player1 a Ann\n#player2 b Bob\n';
const errorOf = (text: string) => {
  const r = parseGcg(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('sample GCG files', () => {
  for (const file of GCG_FILES) {
    it(`${file} survives write → read unchanged`, () => {
      const g = read(file);
      expect(content(unwrap(parseGcg(printGcg(g))))).toEqual(content(g));
    });
  }

  it('writes incomplete.gcg back as the original text after the encoding pragma', () => {
    expect(printGcg(read('macondo/gcg/incomplete.gcg'))).toBe(
      `#character-encoding UTF-8\n${readText('macondo/gcg/incomplete.gcg').replace(/\n?$/, '\n')}`,
    );
  });

  it('reads the ISO-8859-1 names of name_iso8859-1.gcg as césar and hércules', () => {
    const g = read('macondo/gcg/name_iso8859-1.gcg');
    expect(g.sourceEncoding).toBe('ISO-8859-1');
    expect(g.players.map((p) => p.nick)).toEqual(['césar', 'hércules']);
    expect(g.events[0].nick).toBe('césar');
  });

  it('writes ISO-8859-1 input out as UTF-8', () => {
    const out = printGcg(read('macondo/gcg/name_iso8859-1.gcg'));
    expect(out.startsWith('#character-encoding UTF-8\n#player1 césar césar\n')).toBe(true);
  });

  it('reads utf8_dos.gcg (CRLF) with players angwantibo and Michal_Josko', () => {
    const g = read('macondo/gcg/utf8_dos.gcg');
    expect(g.players).toEqual([
      { number: 1, nick: 'angwantibo', name: 'angwantibo' },
      { number: 2, nick: 'Michal_Josko', name: 'Michal Josko' },
    ]);
    expect(g.events.every((e) => !e.nick.includes('\r') && !String(e.cumulative).includes('\r'))).toBe(true);
  });

  it('appends a bare line after a #note to that note (utf8_dos.gcg)', () => {
    const g = read('macondo/gcg/utf8_dos.gcg');
    const e = g.events.find((x) => x.kind === 'play' && x.word === 'E.NSTEIN');
    expect(e?.note?.split('\n')).toEqual([
      'tennises dentines way more points',
      'since ive been behind  and the board is not open, ive made decision to do that risky play. win or lose. will it work?',
    ]);
  });

  it('reads Polish letters and exchanges from the UTF-8 CRLF polish_endgame.gcg', () => {
    const g = read('macondo/gcg/polish_endgame.gcg');
    expect(g.events.find((e) => e.kind === 'exchange' && e.nick === '2')).toMatchObject({ exchanged: 'KWŃW', rack: 'FKLNŃWW' });
    expect(g.events.filter((e) => e.kind === 'withdrawal')).toHaveLength(2);
  });

  it('reads the lexicon pragma of incomplete.gcg', () => {
    expect(gcgPragma(read('macondo/gcg/incomplete.gcg'), 'lexicon')).toBe('NWL18');
  });

  it('reads a withdrawn phony, a pass and end-rack points (doug_v_emely_double_challenge.gcg)', () => {
    const g = read('macondo/gcg/doug_v_emely_double_challenge.gcg');
    expect(g.events[6]).toEqual({ line: 9, nick: 'emely', rack: 'DEIILTZ', score: -24, cumulative: 55, kind: 'withdrawal' });
    expect(g.events.at(-2)).toMatchObject({ kind: 'pass', rack: 'EGOP', score: 0, cumulative: 451 });
    expect(g.events.at(-1)).toEqual({ line: 31, nick: 'emely', rack: '', score: 14, cumulative: 345, kind: 'endRackPoints', tiles: 'OPEG' });
  });

  it('reads challenge bonuses with and without a rack, and an UNKNOWN rack (many_challenges.gcg)', () => {
    const g = read('liwords/many_challenges.gcg');
    const challenges = g.events.filter((e) => e.kind === 'challenge');
    expect(challenges.map((e) => [e.rack, e.rackUnknown, e.score])).toEqual([
      ['BCEIPRR', undefined, 10],
      ['?ADENTU', undefined, 5],
      ['', true, 5],
    ]);
    expect(printGcg(g).split('\n')).toContain('>jvc: UNKNOWN (challenge) +5 477');
    const frentz = read('macondo/gcg/vs_frentz.gcg').events.filter((e) => e.kind === 'challenge');
    expect(frentz.map((e) => [e.nick, e.rack, e.score])).toEqual([
      ['cesar', 'ADDIPYZ', 5],
      ['frentz', '', 5],
    ]);
  });
});

describe('encodings', () => {
  const latin1 = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const text = `${HEAD.replace('Ann', 'Anné')}>a: ABC 8H CAB +14 14\n`;

  it('decodes UTF-8 bytes without a pragma as UTF-8', () => {
    expect(unwrap(decodeGcg(utf8(text)))).toEqual({ text, encoding: 'UTF-8' });
  });

  it('decodes non-UTF-8 bytes without a pragma as ISO-8859-1', () => {
    expect(unwrap(decodeGcg(latin1(text)))).toEqual({ text, encoding: 'ISO-8859-1' });
  });

  it('decodes ISO-8859-1 bytes 0x80-0x9f as the C1 code points, not Windows-1252', () => {
    expect(unwrap(decodeGcg(new Uint8Array([0x80, 0x9f]))).text).toBe('\u0080\u009f');
  });

  it('honours "#character-encoding ISO-8859-1"', () => {
    const t = `#character-encoding ISO-8859-1\n${text}`;
    expect(unwrap(parseGcg(latin1(t))).players[0].name).toBe('Anné');
  });

  it('rejects an unknown encoding with GCG_UNSUPPORTED_ENCODING', () => {
    expect(parseGcg(utf8(`#character-encoding EBCDIC\n${text}`))).toMatchObject({
      ok: false,
      error: { code: 'GCG_UNSUPPORTED_ENCODING', line: 1 },
    });
  });

  it('rejects bytes that are not UTF-8 under a UTF-8 pragma with GCG_INVALID_UTF8', () => {
    expect(parseGcg(latin1(`#character-encoding UTF-8\n${text}`))).toMatchObject({ ok: false, error: { code: 'GCG_INVALID_UTF8' } });
  });

  it('skips a UTF-8 byte-order mark', () => {
    expect(unwrap(parseGcg(utf8(`\ufeff${text}`))).players[0].nick).toBe('a');
  });
});

describe('events', () => {
  const one = (line: string) => unwrap(parseGcg(`${HEAD}${line}\n`)).events[0];

  it('reads a play', () => {
    expect(one('>a: ABC 8H CAB +14 14')).toEqual({ line: 3, nick: 'a', rack: 'ABC', score: 14, cumulative: 14, kind: 'play', position: '8H', word: 'CAB' });
  });

  it('reads a play without a rack', () => {
    expect(one('>a: h8 CAB +14 14')).toMatchObject({ kind: 'play', rack: '', position: 'h8' });
  });

  it('reads an exchange of a number of unknown tiles', () => {
    expect(one('>a: ABC -3 +0 0')).toMatchObject({ kind: 'exchange', exchanged: '3' });
  });

  it('reads a pass without a rack (the liwords editor form)', () => {
    expect(one('>a:  - +0 0')).toMatchObject({ kind: 'pass', rack: '' });
  });

  it('reads a time penalty', () => {
    expect(one('>a: ABC (time) -10 -10')).toMatchObject({ kind: 'timePenalty', score: -10, cumulative: -10 });
  });

  it('reads a last-rack penalty', () => {
    expect(one('>a: ABC (ABC) -7 -7')).toMatchObject({ kind: 'lastRackPenalty', tiles: 'ABC', score: -7 });
  });

  it('reads a challenge penalty (negative challenge score)', () => {
    expect(one('>a: ABC (challenge) -5 -5')).toMatchObject({ kind: 'challenge', score: -5 });
  });

  it("reads Woogles' UNKNOWN rack as an unknown rack, not the letters U-N-K-N-O-W-N, and writes it back", () => {
    const line = '>a: UNKNOWN 8H CAB +14 14';
    const e = one(line);
    expect(e).toEqual({ line: 3, nick: 'a', rack: '', rackUnknown: true, score: 14, cumulative: 14, kind: 'play', position: '8H', word: 'CAB' });
    expect(printGcgEvent(e)).toBe(line);
    expect(one('>a: UNKNOWN (challenge) +5 5')).toMatchObject({ kind: 'challenge', rack: '', rackUnknown: true });
    expect(one('>a: UNKNOWN - +0 0')).toMatchObject({ kind: 'pass', rack: '', rackUnknown: true });
  });

  it('writes every event kind back as read', () => {
    const lines = [
      '>a: ABC 8H CAB +14 14',
      '>a: ABC -- -14 0',
      '>b: DEF - +0 0',
      '>b: DEF -DE +0 0',
      '>a: ABC (challenge) +5 5',
      '>b: (ABC) +14 14',
      '>a: ABC (time) -10 -5',
      '>b: DEF (DEF) -7 7',
    ];
    const g = unwrap(parseGcg(`${HEAD}${lines.join('\n')}\n`));
    expect(g.events.map(printGcgEvent)).toEqual(lines);
  });

  it('keeps game-level notes, event notes and final racks', () => {
    const g = unwrap(parseGcg(`${HEAD}#note before\n>a: ABC 8H CAB +14 14\n#note one\n#note two\n#rack1 DEF\n#rack2 GHI\n`));
    expect([g.note, g.events[0].note, g.finalRacks]).toEqual(['before', 'one\ntwo', ['DEF', 'GHI']]);
    expect(content(unwrap(parseGcg(printGcg(g))))).toEqual(content(g));
  });
});

describe('errors', () => {
  it('rejects an event by an undeclared player with GCG_UNKNOWN_PLAYER and its line', () => {
    expect(errorOf(`${HEAD}>c: ABC 8H CAB +14 14\n`)).toMatchObject({ code: 'GCG_UNKNOWN_PLAYER', line: 3 });
  });

  it('rejects a malformed event with GCG_MALFORMED_EVENT and the column of the bad field', () => {
    expect(errorOf(`${HEAD}>a: ABC 8H CAB 14x 14\n`)).toMatchObject({ code: 'GCG_MALFORMED_EVENT', line: 3, column: 16 });
  });

  it('rejects a line that is neither pragma, event nor note with GCG_MALFORMED_LINE', () => {
    expect(errorOf(`${HEAD}hello\n`)).toMatchObject({ code: 'GCG_MALFORMED_LINE', line: 3 });
  });

  it('rejects the same player declared twice with GCG_DUPLICATE_PLAYER', () => {
    expect(errorOf('#player1 a A\n#player2 a B\n').code).toBe('GCG_DUPLICATE_PLAYER');
  });

  it('rejects a third player with GCG_MALFORMED_PRAGMA', () => {
    expect(errorOf(`${HEAD}#player3 c C\n`).code).toBe('GCG_MALFORMED_PRAGMA');
  });

  it('rejects a player declared after the first event with GCG_PRAGMA_AFTER_EVENT', () => {
    expect(errorOf('#player1 a A\n>a: ABC 8H CAB +14 14\n#player2 b B\n').code).toBe('GCG_PRAGMA_AFTER_EVENT');
  });

  it('rejects #character-encoding after line 1 with GCG_ENCODING_NOT_FIRST', () => {
    expect(errorOf(`${HEAD}#character-encoding UTF-8\n`)).toMatchObject({ code: 'GCG_ENCODING_NOT_FIRST', line: 3 });
  });
});
