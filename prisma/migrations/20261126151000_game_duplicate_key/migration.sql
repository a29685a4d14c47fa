-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "duplicateKey" BIGINT;

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "duplicateCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Game_duplicateKey_idx" ON "Game"("duplicateKey");

-- Games stored before have no key (null: not compared): their imports are read again when the
-- database is next opened (src/storage/reanalyse.ts, the attributes pass), which computes it.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id);
