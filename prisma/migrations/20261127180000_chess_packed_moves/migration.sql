-- Chess games' pattern signatures keep the main line's moves, packed in 16 bits each, and the
-- game's outcome (version 3, src/games/chess/patternSignature.ts): a pattern search answers a game
-- from its signature alone, without reading its source. The imports holding chess games are read
-- again when the database is next opened (the attributes pass, src/storage/reanalyse.ts), which
-- writes each game's signature anew. Until then a signature of version 1 or 2 still rules games
-- out, and the games it lets through are read from their sources.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id AND g.kind = 'CHESS');
