#!/usr/bin/env node
// `npm start`: builds only what changed since the last build, then runs the server.
// Each step runs when one of its inputs is newer than its output: the generated clients
// (prisma/schema.prisma, src/schema/*.graphql), the TypeScript build (src/, tsconfig.json,
// package-lock.json; tsc itself is incremental) and the web pages (web/). Nothing changed: the
// server starts from dist/ at once.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time (ms) of the files under `paths` (0 when none exists). */
const newest = (paths) => {
  let latest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return latest;
};

/** Modification time of `file`, or -1 when it does not exist (older than any input). */
const built = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);

const run = (script) => execFileSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });

const steps = [
  { name: 'generate', inputs: [at('prisma/schema.prisma'), at('src/schema'), at('scripts/codegen.mjs')], output: at('src/generated/graphql/index.ts') },
  { name: 'build:server', inputs: [at('src'), at('tsconfig.json'), at('package-lock.json')], output: at('dist/server/main.js') },
  { name: 'build:web', inputs: [at('web'), at('scripts/buildWeb.mjs'), at('package-lock.json')], output: at('dist/web/dashboard/index.html') },
];
for (const step of steps) {
  if (newest(step.inputs) <= built(step.output)) continue;
  console.error(`npm start: ${step.name} (sources changed)`);
  run(step.name);
  // Touch the output so an unchanged rebuild (tsc writes nothing new) still counts as done.
  if (fs.existsSync(step.output)) fs.utimesSync(step.output, new Date(), new Date());
}

// The server runs in a process group of its own, so a Ctrl-C reaches it once, from here: the terminal
// signals the whole foreground group (npm, this script) and npm passes the signal on once more, so
// this script gets up to two copies of one Ctrl-C. It passes on the first, and any signal more than
// SAME_SIGNAL_MS after the last one it passed on (a second Ctrl-C: the server then stops at once,
// status 130). Copies reaching the server directly arrived when its event loop was busy (a long
// import on the embedded database) and were taken for a second Ctrl-C, cutting a clean stop short.
// This script's event loop is never busy, so its clock tells copies from a second Ctrl-C.
const SAME_SIGNAL_MS = 500;
const server = spawn(process.execPath, [at('dist/server/main.js')], { stdio: 'inherit', detached: true });
const running = () => server.exitCode === null && server.signalCode === null;
let lastPassed = -Infinity;
const pass = (signal) => {
  if (!running() || Date.now() - lastPassed < SAME_SIGNAL_MS) return;
  lastPassed = Date.now();
  server.kill(signal);
};
process.on('SIGINT', () => pass('SIGINT'));
process.on('SIGTERM', () => pass('SIGTERM'));
// The terminal closing: the server, in a group of its own, would not hear of it.
process.on('SIGHUP', () => pass('SIGTERM'));
// Whatever ends this script ends the server too (its own group would outlive it).
process.on('exit', () => {
  if (running()) server.kill('SIGTERM');
});
// This script exits when the server has, with its status.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
