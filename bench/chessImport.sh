#!/usr/bin/env bash
# Chess import speed (games/s with every position indexed) through the CLI on PostgreSQL.
# Generates N games with the suite's generator (bench/chessGames.ts: a real opening from
# bench/openings.ts for 6-30 plies, then random legal moves, 40-119 plies, seeded, a few [%eval]
# comments; the same file `npm run bench` imports for the same N), imports them into a throwaway
# schema, and drops it. Compiles src/ and bench/ with tsc into a temporary directory, as
# bench/run.sh does, and runs the CLI from there.
# Usage: bench/chessImport.sh [N]   (env: DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
OUT="$(mktemp -d -t tabula-chess-XXXXXX)"
trap 'rm -rf "$OUT"' EXIT
FILE="$OUT/games.pgn"
npx tsc -p tsconfig.bench.json --outDir "$OUT"
ln -s "$PWD/node_modules" "$OUT/node_modules"
ln -s "$PWD/prisma" "$OUT/prisma"
ln -s "$PWD/package.json" "$OUT/package.json"
ln -s "$PWD/src/schema" "$OUT/src/schema"
node "$OUT/bench/chessGames.js" "$N" "$FILE"
PGOPTIONS='-c client_min_messages=warning' psql "$URL" -qc 'DROP SCHEMA IF EXISTS bench_chess CASCADE' >/dev/null
start=$(date +%s.%N)
DATABASE_URL="$URL" DATABASE_SCHEMA=bench_chess TABULA_DATA_DIR='' NODE_ENV=production \
  node "$OUT/src/cli/main.js" import --format pgn "$FILE"
end=$(date +%s.%N)
PGOPTIONS='-c client_min_messages=warning' psql "$URL" -qc 'DROP SCHEMA IF EXISTS bench_chess CASCADE' >/dev/null
echo "$N games in $(echo "$end - $start" | bc) s: $(echo "scale=0; $N / ($end - $start)" | bc) games/s (wall clock, incl. start-up and migrations)"
