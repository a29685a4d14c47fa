-- AlterTable
ALTER TABLE "PositionMove" ADD COLUMN     "firstPerfGames" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstPerfOpponentSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "firstPerfScore" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "firstRated" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstRatingSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "lastPlayed" DATE,
ADD COLUMN     "secondPerfGames" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondPerfOpponentSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "secondPerfScore" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "secondRated" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondRatingSum" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "PositionRun" ADD COLUMN     "moveList" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "moves" BYTEA;

-- Runs and move counts written before carry no per-entry moves and no ratings: every import with
-- games is indexed again when the database is next opened (src/storage/reindex.ts), after its
-- games' attributes are read (src/storage/reanalyse.ts).
UPDATE "Import" SET "indexed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id);
