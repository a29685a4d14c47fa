-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "patternSignature" BYTEA;

-- Games stored before carry no pattern signature: their imports are read again when the database
-- is next opened (src/storage/reanalyse.ts, the attributes pass), which fills it from each game's
-- pattern language. Until then a game without one is replayed by every pattern search.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id);
