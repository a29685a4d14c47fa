-- CreateEnum
CREATE TYPE "Speed" AS ENUM ('ULTRABULLET', 'BULLET', 'BLITZ', 'RAPID', 'CLASSICAL', 'CORRESPONDENCE');

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "duplicateKey" BIGINT,
ADD COLUMN     "eco" TEXT,
ADD COLUMN     "meanRating" DOUBLE PRECISION,
ADD COLUMN     "openingKey" TEXT,
ADD COLUMN     "player1Rating" INTEGER,
ADD COLUMN     "player2Rating" INTEGER,
ADD COLUMN     "plyCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "speed" "Speed";

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "attributed" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "duplicateCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "PositionMove" ADD COLUMN     "firstPerfGames" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstPerfHalfPoints" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstPerfOpponentSum" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstRated" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstRatingSum" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastPlayed" DATE,
ADD COLUMN     "secondPerfGames" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondPerfHalfPoints" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondPerfOpponentSum" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondRated" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondRatingSum" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "PositionRun" ADD COLUMN     "moveList" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "moves" BYTEA;

-- CreateIndex
CREATE INDEX "Game_duplicateKey_idx" ON "Game"("duplicateKey");

-- CreateIndex
CREATE INDEX "Game_meanRating_id_idx" ON "Game"("meanRating" DESC, "id");

-- Games stored before carry no attributes (ratings, speed, length, opening, duplicate key): their
-- imports are read again when the database is next opened (src/storage/reanalyse.ts), which fills
-- them from each game's module. Their runs and move counts carry no per-entry moves and no
-- ratings: the same imports are indexed again after that (src/storage/reindex.ts).
UPDATE "Import" SET "attributed" = false, "indexed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id);
