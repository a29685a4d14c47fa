/** tabula's version, read once from package.json. */
import fs from 'node:fs';
import path from 'node:path';

export const VERSION: string = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).version;
