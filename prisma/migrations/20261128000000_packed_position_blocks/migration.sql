-- Position index blocks are written bit-packed (layout 2, src/db/positionIndex/layout.ts): each
-- entry's step of the hash's low half, its game offset and its node word in the fewest bits the
-- block's largest needs, about 6.4 bytes an entry in a chess flush instead of 10. Blocks written
-- before keep their 10-byte entries (layout 1) and are read as they are.
ALTER TABLE "PositionBlock" ADD COLUMN "layout" SMALLINT NOT NULL DEFAULT 1;
