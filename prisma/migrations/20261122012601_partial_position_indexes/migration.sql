-- DropIndex
DROP INDEX "Position_groupKey_idx";

-- DropIndex
DROP INDEX "Position_listImportId_listIndex_idx";

-- CreateIndex
CREATE INDEX "Position_groupKey_idx" ON "Position"("groupKey") WHERE ("groupKey" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Position_listImportId_listIndex_idx" ON "Position"("listImportId", "listIndex") WHERE ("listImportId" IS NOT NULL);
