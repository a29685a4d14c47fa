-- Go games' pattern signatures gain the main line's corner events (version 2,
-- src/games/go/patternEvents.ts), from which a corner pattern is answered without replaying the
-- game. The imports holding Go games are read again when the database is next opened (the
-- attributes pass, src/storage/reanalyse.ts), which writes each game's signature anew. Until then
-- a signature of version 1 still rules games out, and the games it lets through are replayed.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id AND g.kind = 'GO');
