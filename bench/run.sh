#!/usr/bin/env bash
# `npm run bench`: issue 8's benchmark suite. Compiles src/ and bench/ with tsc, as `npm run build`
# compiles what ships (tsconfig.bench.json), into a temporary directory (node_modules and prisma/
# symlinked beside them), then runs
#   codecs.js  single-thread codec throughput against the npm peers (@sabaki/sgf, chess.js, chessops)
#   lookup.js  position-by-key over HTTP GraphQL (autocannon) against a raw prepared-pg HTTP server,
#              with the server's peak RSS
#   ingest.js  CLI imports into PostgreSQL and PGlite (Go positions and scores vs psql \copy, PGN vs
#              SCID's tkscid when installed, SGF), the schemas' bytes per game beyond the source text
#              per table, and the importer's peak RSS at two file sizes
# Each prints one JSON line per figure; table.js prints them as one table at the end, each figure
# that has a goal with its goal and met / not met, then a table of the goals.
# Not run by default (issue 14's collection scale; not in CI):
#   scale.js   position lookups and the opening explorer over HTTP GraphQL, one request at a time,
#              p50/p99 ms on hot and cold positions, on a schema holding BENCH_PGN_GAMES games of
#              the chess corpus (imported through the CLI first unless the schema already has games):
#                BENCH_ONLY=scale BENCH_PGN_GAMES=1000000 BENCH_SCALE_KEEP=1 npm run bench
#              imports a million games once (hours at today's rate) and keeps the schema; the same
#              command again measures the kept schema without importing. BENCH_SCALE_SCHEMA
#              (bench_scale), BENCH_SCALE_REQUESTS (200 per query), BENCH_SCALE_KEEP=1.
#   analysis.js  every score-analysis query of the dashboard over HTTP GraphQL, p50/max ms, on a
#              schema of 1,000,000 positions and 100,000 games written with SQL (kept for the next
#              run): BENCH_ONLY=analysis npm run bench. BENCH_ANALYSIS_SCHEMA (bench_analysis),
#              BENCH_ANALYSIS_REQUESTS (20 per query), BENCH_ANALYSIS_DROP=1.
#   dashboard.js  each dashboard tab's time to fill in, in Chromium, on the embedded PGlite with
#              10,000 Go positions, 1,000 evaluated chess games and the backgammon and crossword
#              samples 50 times over: BENCH_ONLY=dashboard npm run bench (BENCH_DASHBOARD_POSITIONS).
#   export.js  export by filter (issue 27): GET /export?format=PGN of a stored chess collection over
#              HTTP, games/s and the server's RSS before/after: BENCH_ONLY=export npm run bench.
#              BENCH_EXPORT_GAMES (20000, imported through the CLI unless the schema holds games),
#              BENCH_EXPORT_SCHEMA (bench_export; bench_scale measures a kept scale corpus),
#              BENCH_EXPORT_KEEP=1.
#   patterns.js  pattern search (issue 28): `patternSearch` over HTTP GraphQL, p50/p99/max ms of whole
#              searches (BENCH_PATTERN_REQUESTS, 10, after a warm-up; each with its own always-true
#              filter so none reads the answer kept for the next pages), totalCount/gameCount, and
#              each corpus's Game.patternSignature bytes per game: BENCH_ONLY=patterns npm run bench.
#              Corpora generated and imported through the CLI (schemas bench_pattern_<corpus>_<size>,
#              reused when they hold games, dropped unless BENCH_PATTERN_KEEP=1): BENCH_PATTERN_GO_GAMES
#              (100000) 19x19 games and as many 9x9 (bench/goGames.ts); chess on the schema
#              BENCH_SCALE_SCHEMA names when it holds chess games (never dropped), else
#              BENCH_PATTERN_CHESS_GAMES (100000) of bench/chessGames.ts; backgammon matches
#              (bench/backgammonGames.ts) up to BENCH_PATTERN_BG_POSITIONS (1000000) positions.
#              BENCH_PATTERN_PARTS ("go chess backgammon"), BENCH_PATTERN_TIMEOUT_MS (280000: the
#              server's TABULA_STATEMENT_TIMEOUT_MS; a search stopped by it is reported, not fatal).
#   replicas.js  read replicas (issue 29): position lookups over HTTP GraphQL on a private primary
#              and a hot standby of it (tests/support/privateCluster.ts, never the shared server),
#              the server on the primary alone and then with the standby in DATABASE_REPLICA_URLS:
#              BENCH_ONLY=replicas npm run bench. BENCH_REPLICA_POSITIONS (100000), BENCH_LOOKUP_SECONDS.
# Env: DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test; schemas bench_* are created
# and dropped), BENCH_ONLY="codecs lookup ingest" to run a subset (or "scale"), BENCH_INGEST="go pgn
# sgf" for a part of ingest, BENCH_GO_RECORDS (1000000), BENCH_PGN_GAMES (10000; 1000000 streams the
# file with flat memory), BENCH_SGF_COPIES (200), BENCH_LOOKUP_SECONDS (10), BENCH_DATA (the sample
# files: samples/ of this checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
OUT="$(mktemp -d -t tabula-bench-XXXXXX)"
trap 'rm -rf "$OUT"' EXIT
started=$(date +%s)
# tsc, not a per-file transpiler: esbuild's per-file CommonJS output reads every imported binding
# through a getter, which slowed the chess replay's hot loops by half against what ships.
npx tsc -p tsconfig.bench.json --outDir "$OUT"
ln -s "$PWD/node_modules" "$OUT/node_modules"
ln -s "$PWD/prisma" "$OUT/prisma"
ln -s "$PWD/package.json" "$OUT/package.json"
ln -s "$PWD/src/schema" "$OUT/src/schema"
ln -s "$PWD/samples" "$OUT/samples"
# The dashboard bench drives the built web pages, which the server serves from dist/web.
if [[ " ${BENCH_ONLY:-} " == *" dashboard "* ]]; then
  node scripts/buildWeb.mjs >&2
  ln -s "$PWD/dist" "$OUT/dist"
fi
RESULTS="$OUT/results.jsonl"
: >"$RESULTS"
for b in ${BENCH_ONLY:-codecs lookup ingest}; do
  echo "== $b" >&2
  node "$OUT/bench/$b.js" | tee -a "$RESULTS"
done
node "$OUT/bench/table.js" "$RESULTS" "$(($(date +%s) - started))"
