-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "analysed" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "PlayerAnalysis" (
    "gameId" BIGINT NOT NULL,
    "side" INTEGER NOT NULL,
    "kind" "GameKind" NOT NULL,
    "player" TEXT,
    "program" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL DEFAULT '',
    "decisions" INTEGER NOT NULL,
    "loss" DOUBLE PRECISION NOT NULL,
    "cubeDecisions" INTEGER,
    "cubeLoss" DOUBLE PRECISION,
    "inaccuracies" INTEGER NOT NULL,
    "mistakes" INTEGER NOT NULL,
    "blunders" INTEGER NOT NULL,
    "accuracy" DOUBLE PRECISION,
    "turns" INTEGER,
    "points" INTEGER,
    "bingos" INTEGER,
    "statedScore" INTEGER,

    CONSTRAINT "PlayerAnalysis_pkey" PRIMARY KEY ("gameId","side")
);

-- CreateIndex
CREATE INDEX "PlayerAnalysis_kind_player_idx" ON "PlayerAnalysis"("kind", "player");

-- CreateIndex
CREATE INDEX "PlayerAnalysis_kind_program_ruleset_idx" ON "PlayerAnalysis"("kind", "program", "ruleset");

-- AddForeignKey
ALTER TABLE "PlayerAnalysis" ADD CONSTRAINT "PlayerAnalysis_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: games stored before games carried their analysis summary are read again (each
-- import's games through their reader) when the database is next opened (storage/reanalyse.ts).
UPDATE "Import" SET analysed = false
WHERE id IN (SELECT DISTINCT "importId" FROM "Game" WHERE kind IN ('CHESS', 'BACKGAMMON', 'CROSSWORD') AND "importId" IS NOT NULL);
