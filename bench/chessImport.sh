#!/usr/bin/env bash
# Chess import speed (games/s with every position indexed) through the CLI on PostgreSQL.
# Generates N random legal games (default 10000, 40-120 plies, seeded, with a few [%eval] comments)
# with the built codecs, imports them into a throwaway schema, and drops it.
# Usage: bench/chessImport.sh [N]   (env: DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
FILE="$(mktemp -t chess-bench-XXXXXX.pgn)"
npx tsc -p tsconfig.json
node -e '
const c = require("./dist/codecs/chess");
const n = Number(process.argv[1]);
let seed = 12345;
// 32-bit LCG in integer arithmetic (seed * 1103515245 in doubles loses bits and cycles after a few hundred games).
const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 2147483648);
const out = [];
const results = ["1-0", "0-1", "1/2-1/2"];
for (let g = 0; g < n; g++) {
  const pos = c.standardPosition();
  const plies = 40 + Math.floor(rnd() * 80);
  const moves = [];
  for (let i = 0; i < plies; i++) {
    const legal = c.legalMoves(pos);
    if (legal.length === 0) break;
    const m = legal[Math.floor(rnd() * legal.length)];
    let san = c.printSan(pos, m);
    c.makeMove(pos, m);
    if (i % 20 === 9) san += ` {[%eval ${((rnd() - 0.5) * 4).toFixed(2)}]}`;
    moves.push((i % 2 === 0 ? `${i / 2 + 1}. ` : "") + san);
  }
  const r = results[g % 3];
  out.push(`[Event "bench"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "${g + 1}"]\n[White "W${g % 97}"]\n[Black "B${g % 89}"]\n[Result "${r}"]\n\n${moves.join(" ")} ${r}\n`);
}
require("fs").writeFileSync(process.argv[2], out.join("\n"));
' "$N" "$FILE"
psql "$URL" -qc 'DROP SCHEMA IF EXISTS bench_chess CASCADE' >/dev/null
start=$(date +%s.%N)
DATABASE_URL="$URL" DATABASE_SCHEMA=bench_chess node bin/tabula.js import --format pgn "$FILE"
end=$(date +%s.%N)
psql "$URL" -qc 'DROP SCHEMA IF EXISTS bench_chess CASCADE' >/dev/null
rm -f "$FILE"
echo "$N games in $(echo "$end - $start" | bc) s: $(echo "scale=0; $N / ($end - $start)" | bc) games/s (wall clock, incl. start-up and migrations)"
