-- A game's outcome is read from its result once, by its game's reader (src/games/<game>/result.ts),
-- and stored here: the position index and the explorer count it and never read result texts.
-- "Outcome" is an enum rather than a smallint code: a row and a query say FIRST, DRAW or SECOND,
-- the TypeScript `Outcome` type is the same three words, and the 2 bytes a smallint would save
-- a game are nothing beside its source.

-- CreateEnum
CREATE TYPE "Outcome" AS ENUM ('FIRST', 'DRAW', 'SECOND');

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "firstPoints" DOUBLE PRECISION,
ADD COLUMN     "outcome" "Outcome";

-- Data: the games stored before this migration, read as each game's result.ts reads them. The
-- result is trimmed of what JavaScript's trim() removes, then
--   CHESS       1-0 FIRST, 0-1 SECOND, 1/2-1/2 DRAW;
--   GO          B+... FIRST, W+... SECOND, 0, Draw or Jigo DRAW (Black is the first player);
--   BACKGAMMON  W+... FIRST, B+... SECOND, with W+n worth n points to White, B+n worth -n;
--   CROSSWORD   final scores a-b: FIRST, SECOND or DRAW as a > b, a < b, a = b, worth a - b.
-- Letters match in either case through ASCII classes ([Bb]), as JavaScript's /i does (lower() and
-- ~* may fold other letters in some locales). Digits become float8 as JavaScript's Number() reads
-- them: from 2^1024 - 2^970 on (what rounds past the largest double), Infinity, where a cast fails.
WITH trimmed AS (
  SELECT id, kind,
    regexp_replace(result, '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g') AS r
  FROM "Game" WHERE result IS NOT NULL
), parsed AS (
  SELECT id, kind, r,
    regexp_match(r, '^(-?[0-9]+)-(-?[0-9]+)$')::numeric[] AS scores,
    regexp_match(r, '^([WwBb])\+([0-9]+)') AS won
  FROM trimmed
), numbers AS (
  SELECT id, kind, r, upper(won[1]) AS winner,
    CASE WHEN abs(scores[1]) >= 2::numeric ^ 1024 - 2::numeric ^ 970 THEN sign(scores[1]) * 'Infinity'::float8 ELSE scores[1]::float8 END AS a,
    CASE WHEN abs(scores[2]) >= 2::numeric ^ 1024 - 2::numeric ^ 970 THEN sign(scores[2]) * 'Infinity'::float8 ELSE scores[2]::float8 END AS b,
    CASE WHEN won[2]::numeric >= 2::numeric ^ 1024 - 2::numeric ^ 970 THEN 'Infinity'::float8 ELSE won[2]::float8 END AS n
  FROM parsed
), read AS (
  SELECT id,
    CASE kind
      WHEN 'CHESS' THEN CASE r WHEN '1-0' THEN 'FIRST' WHEN '0-1' THEN 'SECOND' WHEN '1/2-1/2' THEN 'DRAW' END
      WHEN 'GO' THEN CASE WHEN r ~ '^[Bb]\+' THEN 'FIRST' WHEN r ~ '^[Ww]\+' THEN 'SECOND'
        WHEN r = '0' OR r ~ '^([Dd][Rr][Aa][Ww]|[Jj][Ii][Gg][Oo])$' THEN 'DRAW' END
      WHEN 'BACKGAMMON' THEN CASE WHEN r ~ '^[Ww]\+' THEN 'FIRST' WHEN r ~ '^[Bb]\+' THEN 'SECOND' END
      WHEN 'CROSSWORD' THEN CASE WHEN a > b THEN 'FIRST' WHEN a < b THEN 'SECOND' WHEN a = b THEN 'DRAW' END
    END::"Outcome" AS outcome,
    CASE kind
      WHEN 'BACKGAMMON' THEN CASE winner WHEN 'W' THEN n WHEN 'B' THEN 0 - n END
      WHEN 'CROSSWORD' THEN a - b
    END AS "firstPoints"
  FROM numbers
)
UPDATE "Game" g SET outcome = read.outcome, "firstPoints" = read."firstPoints"
FROM read WHERE g.id = read.id AND (read.outcome IS NOT NULL OR read."firstPoints" IS NOT NULL);
