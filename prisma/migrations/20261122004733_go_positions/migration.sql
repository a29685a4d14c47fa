-- AlterTable
ALTER TABLE "Position" ADD COLUMN     "listImportId" BIGINT,
ADD COLUMN     "listIndex" INTEGER,
ADD COLUMN     "pieceCount" INTEGER;

-- CreateIndex
CREATE INDEX "Position_listImportId_listIndex_idx" ON "Position"("listImportId", "listIndex");
