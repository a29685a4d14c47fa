-- CreateEnum
CREATE TYPE "Speed" AS ENUM ('ULTRABULLET', 'BULLET', 'BLITZ', 'RAPID', 'CLASSICAL', 'CORRESPONDENCE');

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "eco" TEXT,
ADD COLUMN     "meanRating" DOUBLE PRECISION,
ADD COLUMN     "opening" JSONB,
ADD COLUMN     "player1Rating" INTEGER,
ADD COLUMN     "player2Rating" INTEGER,
ADD COLUMN     "plyCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "speed" "Speed";

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "attributed" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "Game_meanRating_id_idx" ON "Game"("meanRating" DESC, "id");

-- CreateIndex
CREATE INDEX "Game_eco_idx" ON "Game"("eco") WHERE (eco IS NOT NULL);

-- Games stored before carry no attributes: their imports are read again when the database is
-- next opened (src/storage/reanalyse.ts), which fills them from each game's module.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id);
