/**
 * SCID's import of a PGN file, the peer of tabula's PGN import in bench/ingest.ts. SCID is the
 * Debian package `scid` (`apt-get install scid`): its `tkscid` (in /usr/games) runs a Tcl script
 * with SCID's commands. The script below does `sc_base create PATH` (a new SCID 4 database: the
 * files PATH.si4 index, PATH.sg4 games, PATH.sn4 names), `sc_base import BASE FILE`, and
 * `sc_base close`, and prints how many games it imported and the milliseconds the import and
 * close took. It opens no window: tkscid runs it without a display. If tkscid fails anyway and
 * `xvfb-run` is installed it is tried under xvfb-run; otherwise SCID is reported as skipped.
 *
 * SCID does not index positions (its position searches scan the games), so this is the speed of
 * reading PGN into a compact game store: the goal is tabula at ≥ 0.1 of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runMeasured, type RunResult } from './common';

const SCRIPT = `
if {[catch {
  set base [sc_base create [lindex $argv 0]]
  set started [clock milliseconds]
  set result [sc_base import $base [lindex $argv 1]]
  sc_base close $base
  puts "scid-imported [lindex $result 0] [expr {[clock milliseconds] - $started}] [string length [lindex $result 1]]"
} message]} {
  puts stderr "scid: $message"
  exit 1
}
exit 0
`;

export interface ScidImport {
  games: number;
  /** The tkscid process, start to exit (start-up included, as tabula's figure includes the CLI's). */
  seconds: number;
  /** `sc_base import` and `sc_base close` alone, timed inside the script. */
  importSeconds: number;
  peakRssMb: number;
  /** Size of each file SCID wrote, by extension. */
  files: Record<string, number>;
  bytes: number;
  /** Length of SCID's PGN warnings text (0 when it had none). */
  warningChars: number;
  /** 'tkscid' or 'xvfb-run tkscid'. */
  via: string;
}

const onPath = (name: string): string | undefined => {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/games']) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
};

/** Imports `pgnFile` into a new SCID database under `dir` (made empty first); `{ skipped }` says why it could not run. */
export async function scidImport(pgnFile: string, dir: string): Promise<ScidImport | { skipped: string }> {
  const tkscid = onPath('tkscid');
  if (!tkscid) return { skipped: 'skipped: tkscid not installed' };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(dir, 'import.tcl');
  fs.writeFileSync(script, SCRIPT);
  const base = path.join(dir, 'games');
  const parse = (r: RunResult) => (r.code === 0 ? /^scid-imported (\d+) (\d+) (\d+)$/m.exec(r.stdout) : null);

  let via = 'tkscid';
  let run = await runMeasured(tkscid, [script, base, pgnFile], { DISPLAY: undefined });
  let found = parse(run);
  const xvfb = found ? undefined : onPath('xvfb-run');
  if (!found && xvfb) {
    for (const f of fs.readdirSync(dir)) if (f.startsWith('games.')) fs.rmSync(path.join(dir, f));
    via = 'xvfb-run tkscid';
    run = await runMeasured(xvfb, ['-a', tkscid, script, base, pgnFile]);
    found = parse(run);
  }
  if (!found) {
    // GNU time's report follows the program's own stderr.
    const why = `${run.stdout}\n${run.stderr.split('\tCommand being timed')[0]}`.trim().slice(-300);
    return { skipped: `skipped: tkscid failed (exit ${run.code}${xvfb ? ', also under xvfb-run' : ', xvfb-run not installed'}): ${why}` };
  }
  const files: Record<string, number> = {};
  for (const f of fs.readdirSync(dir)) {
    if (!f.startsWith('games.')) continue;
    files[path.extname(f).slice(1)] = fs.statSync(path.join(dir, f)).size;
  }
  return {
    games: Number(found[1]),
    seconds: run.seconds,
    importSeconds: Number(found[2]) / 1000,
    peakRssMb: run.peakRssMb,
    files,
    bytes: Object.values(files).reduce((a, b) => a + b, 0),
    warningChars: Number(found[3]),
    via,
  };
}
