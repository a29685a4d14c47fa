-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "duplicateKey" BIGINT;

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "duplicateCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Game_duplicateKey_idx" ON "Game"("duplicateKey");
