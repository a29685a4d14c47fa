-- CreateTable
CREATE TABLE "ImportPosition" (
    "importId" BIGINT NOT NULL,
    "positionId" BIGINT NOT NULL,
    "listIndex" INTEGER,

    CONSTRAINT "ImportPosition_pkey" PRIMARY KEY ("positionId","importId")
);

-- CreateTable
CREATE TABLE "ImportScore" (
    "importId" BIGINT NOT NULL,
    "scoreId" BIGINT NOT NULL,

    CONSTRAINT "ImportScore_pkey" PRIMARY KEY ("scoreId","importId")
);

-- CreateIndex
CREATE INDEX "ImportPosition_importId_listIndex_idx" ON "ImportPosition"("importId", "listIndex");

-- CreateIndex
CREATE INDEX "ImportScore_importId_idx" ON "ImportScore"("importId");

-- AddForeignKey
ALTER TABLE "ImportPosition" ADD CONSTRAINT "ImportPosition_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportPosition" ADD CONSTRAINT "ImportPosition_positionId_fkey" FOREIGN KEY ("positionId") REFERENCES "Position"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportScore" ADD CONSTRAINT "ImportScore_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportScore" ADD CONSTRAINT "ImportScore_scoreId_fkey" FOREIGN KEY ("scoreId") REFERENCES "Score"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: which imports brought what was stored before imports recorded it. A position list's
-- import lists its positions (the list kept only the first one that listed a position); an import
-- brought the positions and scores first stored by its own transaction, whose time they share
-- (now() is the transaction's start). An import that overwrote an older score is not known.
INSERT INTO "ImportPosition" ("importId", "positionId", "listIndex")
SELECT "listImportId", id, "listIndex" FROM "Position" WHERE "listImportId" IS NOT NULL;

INSERT INTO "ImportPosition" ("importId", "positionId")
SELECT i.id, p.id FROM "Position" p JOIN "Import" i ON i."createdAt" = p."createdAt"
ON CONFLICT DO NOTHING;

INSERT INTO "ImportScore" ("importId", "scoreId")
SELECT i.id, s.id FROM "Score" s JOIN "Import" i ON i."createdAt" = s."createdAt";
