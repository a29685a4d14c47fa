-- DropForeignKey
ALTER TABLE "Occurrence" DROP CONSTRAINT "Occurrence_gameId_fkey";

-- DropForeignKey
ALTER TABLE "Occurrence" DROP CONSTRAINT "Occurrence_positionId_fkey";

-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "indexed" BOOLEAN NOT NULL DEFAULT true;

-- Data: games stored before the position index are indexed again (a replay) when the database
-- is next opened; a game without an import is given one so its index rows have an owner.
INSERT INTO "Import" (format, fingerprint, "gameCount", indexed)
  SELECT 'LEGACY', 'legacy:games-without-import', count(*), false FROM "Game" WHERE "importId" IS NULL HAVING count(*) > 0;
UPDATE "Game" SET "importId" = (SELECT id FROM "Import" WHERE fingerprint = 'legacy:games-without-import') WHERE "importId" IS NULL;
UPDATE "Import" SET indexed = false WHERE id IN (SELECT DISTINCT "importId" FROM "Game");

-- Data: a position that only games reached (no score, no position list) is read from a replay
-- of its games from now on: its row goes.
DELETE FROM "Position" p
  WHERE p."listImportId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Score" s WHERE s."positionId" = p.id)
    AND EXISTS (SELECT 1 FROM "Occurrence" o WHERE o."positionId" = p.id);

-- DropTable
DROP TABLE "Occurrence";

-- CreateTable
CREATE TABLE "PositionBlock" (
    "kind" "GameKind" NOT NULL,
    "bucket" INTEGER NOT NULL,
    "baseGameId" BIGINT NOT NULL,
    "importId" BIGINT NOT NULL,
    "entries" BYTEA NOT NULL,

    CONSTRAINT "PositionBlock_pkey" PRIMARY KEY ("kind","bucket","baseGameId")
);

-- CreateTable
CREATE TABLE "PositionRun" (
    "kind" "GameKind" NOT NULL,
    "hash" BIGINT NOT NULL,
    "baseGameId" BIGINT NOT NULL,
    "importId" BIGINT NOT NULL,
    "occurrences" INTEGER NOT NULL,
    "games" INTEGER NOT NULL,
    "entries" BYTEA NOT NULL,

    CONSTRAINT "PositionRun_pkey" PRIMARY KEY ("kind","hash","baseGameId")
);

-- CreateTable
CREATE TABLE "PositionMove" (
    "kind" "GameKind" NOT NULL,
    "hash" BIGINT NOT NULL,
    "baseGameId" BIGINT NOT NULL,
    "move" TEXT NOT NULL,
    "mainLine" BOOLEAN NOT NULL,
    "importId" BIGINT NOT NULL,
    "games" INTEGER NOT NULL,
    "firstWins" INTEGER NOT NULL,
    "draws" INTEGER NOT NULL,
    "secondWins" INTEGER NOT NULL,

    CONSTRAINT "PositionMove_pkey" PRIMARY KEY ("kind","hash","baseGameId","move","mainLine")
);

-- CreateIndex
CREATE INDEX "PositionBlock_importId_idx" ON "PositionBlock"("importId");

-- CreateIndex
CREATE INDEX "PositionRun_importId_idx" ON "PositionRun"("importId");

-- CreateIndex
CREATE INDEX "PositionMove_importId_idx" ON "PositionMove"("importId");

-- AddForeignKey
ALTER TABLE "PositionBlock" ADD CONSTRAINT "PositionBlock_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PositionRun" ADD CONSTRAINT "PositionRun_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PositionMove" ADD CONSTRAINT "PositionMove_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;
