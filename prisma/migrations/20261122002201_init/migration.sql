-- CreateEnum
CREATE TYPE "GameKind" AS ENUM ('BACKGAMMON', 'CHESS', 'GO', 'CROSSWORD');

-- CreateTable
CREATE TABLE "Import" (
    "id" BIGSERIAL NOT NULL,
    "format" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "gameCount" INTEGER NOT NULL DEFAULT 0,
    "positionCount" INTEGER NOT NULL DEFAULT 0,
    "scoreCount" INTEGER NOT NULL DEFAULT 0,
    "warnings" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" BIGSERIAL NOT NULL,
    "kind" "GameKind" NOT NULL,
    "importId" BIGINT,
    "indexInFile" INTEGER NOT NULL DEFAULT 0,
    "sourceFormat" TEXT NOT NULL,
    "source" BYTEA NOT NULL,
    "player1" TEXT,
    "player2" TEXT,
    "event" TEXT,
    "site" TEXT,
    "round" TEXT,
    "dateText" TEXT,
    "playedOn" DATE,
    "result" TEXT,
    "matchLength" INTEGER,
    "gameNumber" INTEGER,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "gameText" BYTEA,
    "startFen" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Position" (
    "id" BIGSERIAL NOT NULL,
    "kind" "GameKind" NOT NULL,
    "key" TEXT NOT NULL,
    "hash" BIGINT,
    "groupKey" TEXT,
    "sideToMove" TEXT,
    "board" TEXT NOT NULL,
    "data" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Position_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Occurrence" (
    "gameId" BIGINT NOT NULL,
    "positionId" BIGINT NOT NULL,
    "variation" TEXT NOT NULL DEFAULT '',
    "ply" INTEGER NOT NULL,
    "move" TEXT,
    "nextMove" TEXT,

    CONSTRAINT "Occurrence_pkey" PRIMARY KEY ("gameId","variation","ply")
);

-- CreateTable
CREATE TABLE "Score" (
    "id" BIGSERIAL NOT NULL,
    "positionId" BIGINT NOT NULL,
    "program" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL DEFAULT '',
    "value" DOUBLE PRECISION NOT NULL,
    "bestValue" DOUBLE PRECISION,
    "confidence" DOUBLE PRECISION,
    "details" JSONB,
    "source" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Score_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ZobristTable" (
    "name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ZobristTable_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Import_fingerprint_key" ON "Import"("fingerprint");

-- CreateIndex
CREATE INDEX "Game_kind_id_idx" ON "Game"("kind", "id");

-- CreateIndex
CREATE INDEX "Game_player1_idx" ON "Game"("player1");

-- CreateIndex
CREATE INDEX "Game_player2_idx" ON "Game"("player2");

-- CreateIndex
CREATE INDEX "Game_event_idx" ON "Game"("event");

-- CreateIndex
CREATE INDEX "Game_playedOn_idx" ON "Game"("playedOn");

-- CreateIndex
CREATE INDEX "Game_importId_idx" ON "Game"("importId");

-- CreateIndex
CREATE INDEX "Position_hash_idx" ON "Position"("hash");

-- CreateIndex
CREATE INDEX "Position_groupKey_idx" ON "Position"("groupKey");

-- CreateIndex
CREATE UNIQUE INDEX "Position_kind_key_key" ON "Position"("kind", "key");

-- CreateIndex
CREATE INDEX "Occurrence_positionId_idx" ON "Occurrence"("positionId");

-- CreateIndex
CREATE INDEX "Score_program_ruleset_idx" ON "Score"("program", "ruleset");

-- CreateIndex
CREATE UNIQUE INDEX "Score_positionId_program_ruleset_key" ON "Score"("positionId", "program", "ruleset");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_name_key" ON "ApiToken"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Occurrence" ADD CONSTRAINT "Occurrence_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Occurrence" ADD CONSTRAINT "Occurrence_positionId_fkey" FOREIGN KEY ("positionId") REFERENCES "Position"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_positionId_fkey" FOREIGN KEY ("positionId") REFERENCES "Position"("id") ON DELETE CASCADE ON UPDATE CASCADE;
