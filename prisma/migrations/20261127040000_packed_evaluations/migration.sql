-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "evaluations" BYTEA;

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "evaluationsPacked" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "EvaluationBlock" (
    "kind" "GameKind" NOT NULL,
    "bucket" INTEGER NOT NULL,
    "baseGameId" BIGINT NOT NULL,
    "importId" BIGINT NOT NULL,
    "entries" BYTEA NOT NULL,

    CONSTRAINT "EvaluationBlock_pkey" PRIMARY KEY ("kind","bucket","baseGameId")
);

-- CreateIndex
CREATE INDEX "EvaluationBlock_importId_idx" ON "EvaluationBlock"("importId");

-- AddForeignKey
ALTER TABLE "EvaluationBlock" ADD CONSTRAINT "EvaluationBlock_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Imports whose games may carry evaluations inside them (chess) are read again when the database is
-- next opened: their evaluations are packed with the games, and the Score rows (and Position rows)
-- only those evaluations needed go (src/storage/reanalyse.ts).
UPDATE "Import" SET "evaluationsPacked" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id AND g.kind = 'CHESS');
