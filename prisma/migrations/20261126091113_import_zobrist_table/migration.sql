-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "zobristTable" TEXT;

-- Data: the imports stored before this column hashed their Go SGF games with the table active
-- then; the best knowledge at hand is the table active now (the shipped "default" when no stored
-- table is active), which is also what their replays have read so far.
UPDATE "Import" SET "zobristTable" = COALESCE((SELECT name FROM "ZobristTable" WHERE active ORDER BY name LIMIT 1), 'default')
WHERE id IN (SELECT DISTINCT "importId" FROM "Game" WHERE kind = 'GO' AND "sourceFormat" = 'SGF' AND "importId" IS NOT NULL);
