-- Position index runs are written bit-packed (layout 2, src/db/positionIndex/layout.ts), as blocks
-- are since 20261128000000: each entry's step of the game offset, its node word and the move played
-- from it (an index into "moveList") in the fewest bits the run's largest needs, 11 bits an entry
-- on average in the bench's backgammon flush instead of 6 bytes and a u16 move ("moves" is null).
-- Runs written before keep their 6-byte entries and their moves (layout 1) and are read as they are.
ALTER TABLE "PositionRun" ADD COLUMN "layout" SMALLINT NOT NULL DEFAULT 1;
