/**
 * The suite's closing table (compiled by bench/run.sh; `node $OUT/bench/table.js RESULTS.jsonl [SECONDS]`):
 * reads the JSON lines the benchmarks printed and prints one Markdown table, one row per line,
 * with its figures as `name=value` pairs, then the suite's wall-clock time.
 */
import fs from 'node:fs';

const [file, elapsed] = process.argv.slice(2);
const rows: string[][] = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  const { benchmark, ...figures } = JSON.parse(line) as { benchmark: string } & Record<string, unknown>;
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
  rows.push([benchmark, text]);
}
console.log('\n| benchmark | figures |\n|---|---|');
for (const [name, text] of rows) console.log(`| ${name} | ${text} |`);
if (elapsed) console.log(`\nsuite wall-clock: ${elapsed} s`);
