/**
 * The repository's sample files (`samples/`, each folder's README names their sources and
 * licences): real files and verified vectors per game. Every test reaches them through these helpers.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The sample data folder, inside the checkout. */
export const SAMPLE_DATA = path.resolve(__dirname, '../../samples');

/** The path of a sample file or folder, e.g. `samplePath('chess', 'jose-starter.pgn')`. */
export const samplePath = (...parts: string[]): string => path.join(SAMPLE_DATA, ...parts);

/** The bytes of a sample file. */
export const sample = (...parts: string[]): Buffer => fs.readFileSync(samplePath(...parts));

/** The text (UTF-8) of a sample file. */
export const sampleText = (...parts: string[]): string => fs.readFileSync(samplePath(...parts), 'utf8');

/** The names of a sample folder's files that end in `ext`, sorted. */
export const sampleNames = (dir: string, ext: string): string[] =>
  fs
    .readdirSync(samplePath(dir))
    .filter((name) => name.endsWith(ext))
    .sort();
