/** Paths and loaders for the crossword sample files (`samples/crossword`). */
import * as fs from 'fs';
import * as path from 'path';
import { samplePath } from '../../support/sampleData';

/** The crossword sample folder. */
export const DATA = samplePath('crossword');

/** Reads a sample file as bytes. */
export const readBytes = (rel: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(DATA, rel)));

/** Reads a sample file as UTF-8 text. */
export const readText = (rel: string): string => fs.readFileSync(path.join(DATA, rel), 'utf8');

/** One row of cgp_cases.tsv. */
export interface CgpCase {
  id: string;
  expect: string;
  ld: string;
  cgp: string;
  notes: string;
}

/** The rows of cgp_cases.tsv. */
export const cgpCases = (): CgpCase[] =>
  readText('cgp_cases.tsv')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [id, expect, ld, cgp, notes] = l.split('\t');
      return { id, expect, ld, cgp, notes };
    });

/** The expected error code named in an invalid row's notes. */
export const expectedCode = (c: CgpCase): string => {
  const m = /-> ([A-Z_]+)/.exec(c.notes);
  if (!m) throw new Error(`no code in ${c.id}`);
  return m[1];
};

/** The GCG sample files, relative to DATA. */
export const GCG_FILES = [
  'macondo/gcg/doug_v_emely_double_challenge.gcg',
  'macondo/gcg/incomplete.gcg',
  'macondo/gcg/name_iso8859-1.gcg',
  'macondo/gcg/polish_endgame.gcg',
  'macondo/gcg/utf8_dos.gcg',
  'macondo/gcg/vs_frentz.gcg',
  'liwords/many_challenges.gcg',
];
