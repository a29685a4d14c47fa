-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "evaluations" BYTEA;

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
