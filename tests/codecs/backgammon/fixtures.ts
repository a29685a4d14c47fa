/** Paths and loaders for the backgammon sample files (`samples/backgammon`). */
import * as fs from 'fs';
import * as path from 'path';
import { samplePath } from '../../support/sampleData';

/** The backgammon sample folder. */
export const DATA_DIR = samplePath('backgammon');

/** Text of a sample file. */
export const readSample = (name: string): string => fs.readFileSync(path.join(DATA_DIR, name), 'utf8');

/** Every sample SGF file name. */
export const SAMPLE_SGF_FILES: string[] = fs.readdirSync(DATA_DIR).filter((f) => f.endsWith('.sgf')).sort();

/** Every sample Jellyfish .mat file name. */
export const SAMPLE_MAT_FILES: string[] = fs.readdirSync(DATA_DIR).filter((f) => f.endsWith('.mat')).sort();

/** The repository's own backgammon fixtures (`tests/fixtures/backgammon`: .mat files exported by gnubg 1.07). */
export const FIXTURE_DIR = path.resolve(__dirname, '../../fixtures/backgammon');

/** Text of a fixture file. */
export const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8');

/** Every .mat fixture file name. */
export const FIXTURE_MAT_FILES: string[] = fs.readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.mat')).sort();

/** id_vectors.json, parsed. */
export const idVectors = JSON.parse(readSample('id_vectors.json'));
