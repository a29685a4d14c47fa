-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "playedUntil" DATE;

-- CreateIndex
CREATE INDEX "Game_playedUntil_idx" ON "Game"("playedUntil");

-- Backfill: the first and last day each stored game's written date can be (src/db/dateRange.ts).
UPDATE "Game" SET "playedUntil" = "playedOn" WHERE "playedOn" IS NOT NULL;
UPDATE "Game"
SET "playedOn" = make_date(substr("dateText", 1, 4)::int, substr("dateText", 6, 2)::int, 1),
    "playedUntil" = (make_date(substr("dateText", 1, 4)::int, substr("dateText", 6, 2)::int, 1) + interval '1 month - 1 day')::date
WHERE "playedOn" IS NULL AND "dateText" ~ '^[0-9]{4}[.\-/](0[1-9]|1[0-2])([.\-/]\?\?)?$' AND substr("dateText", 1, 4)::int >= 1;
UPDATE "Game"
SET "playedOn" = make_date(substr("dateText", 1, 4)::int, 1, 1),
    "playedUntil" = make_date(substr("dateText", 1, 4)::int, 12, 31)
WHERE "playedOn" IS NULL AND "dateText" ~ '^[0-9]{4}([.\-/]\?\?([.\-/]\?\?)?)?$' AND substr("dateText", 1, 4)::int >= 1;
