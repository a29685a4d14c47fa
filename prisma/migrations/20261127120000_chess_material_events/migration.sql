-- Chess games' pattern signatures keep the main line's material changes in place of a Bloom filter
-- of the materials reached (version 2, src/games/chess/patternSignature.ts), and say whether the
-- source's move tokens are the moves' SAN: a material or imbalance pattern is then answered
-- without replaying the game. The imports holding chess games are read again when the database is
-- next opened (the attributes pass, src/storage/reanalyse.ts), which writes each game's signature
-- anew. Until then a signature of version 1 still rules games out, and the games it lets through
-- are replayed.
UPDATE "Import" SET "attributed" = false WHERE EXISTS (SELECT 1 FROM "Game" g WHERE g."importId" = "Import".id AND g.kind = 'CHESS');
