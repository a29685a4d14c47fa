/** Runs GNU Backgammon (`gnubg -t`) on a match file and collects the GNUIDs it shows, for the oracle tests. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';

/** The gnubg binary, when installed (CI installs it). */
export const GNUBG = ['/usr/games/gnubg', '/usr/bin/gnubg', '/usr/local/bin/gnubg'].find((p) => fs.existsSync(p));

/** What gnubg shows: right after loading, and per game the GNUID after each `next`. */
export interface GnubgView {
  afterLoad: string;
  games: string[][];
}

const MARK = 'tabulagamemark';

/**
 * Runs gnubg on `file` with `load` (`load match FILE` or `import mat FILE`), `show board`, then per
 * game `next` + `show board` a number of times (`nextsPerGame`).
 */
export const runGnubg = (load: string, nextsPerGame: number[]): GnubgView => {
  const cmds = [load, 'show board', 'first game'];
  nextsPerGame.forEach((n, g) => {
    if (g > 0) cmds.push('next game');
    cmds.push(`help ${MARK}`);
    for (let k = 0; k < n; k++) cmds.push('next', 'show board');
  });
  const run = spawnSync(GNUBG!, ['-t', '-q'], { input: cmds.join('\n') + '\n', encoding: 'utf8', timeout: 50_000, cwd: os.tmpdir() });
  const view: GnubgView = { afterLoad: '', games: [] };
  let current: string[] | undefined;
  let pos = '';
  for (const line of run.stdout.split('\n')) {
    if (line.includes(MARK)) {
      current = [];
      view.games.push(current);
      continue;
    }
    const p = /Position ID: (\S+)/.exec(line);
    if (p) pos = p[1];
    const m = /Match ID\s*: (\S+)/.exec(line);
    if (!m) continue;
    if (current) current.push(`${pos}:${m[1]}`);
    else if (!view.afterLoad) view.afterLoad = `${pos}:${m[1]}`;
  }
  return view;
};
