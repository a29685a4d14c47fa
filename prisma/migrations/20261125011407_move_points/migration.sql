-- AlterTable
ALTER TABLE "PositionMove" ADD COLUMN     "firstPoints" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "pointGames" INTEGER NOT NULL DEFAULT 0;

-- Data: the explorer's kept counts of backgammon and crossword imports stored before them have no
-- points; those imports are indexed again (their games replayed) when the database is next
-- opened (storage/reindex.ts).
UPDATE "Import" SET indexed = false
WHERE id IN (SELECT DISTINCT "importId" FROM "Game" WHERE kind IN ('BACKGAMMON', 'CROSSWORD') AND "importId" IS NOT NULL);
