-- Go games' pattern signatures keep their corner events in a denser layout (version 3,
-- src/games/go/patternEvents.ts: a point byte and a 4-bit code an event, 1.5 bytes instead of 2).
-- The imports holding Go games are read again when the database is next opened (the attributes
-- pass, src/storage/reanalyse.ts), which writes each game's signature anew. Until then a signature
-- of version 2 (or 1) still rules games out, and the games it lets through are replayed.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id AND g.kind = 'GO');
