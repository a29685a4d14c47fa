-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "byteSize" BIGINT,
ADD COLUMN     "fileName" TEXT,
ADD COLUMN     "notes" JSONB NOT NULL DEFAULT '[]';

-- Informational notes stored among the warnings until now move to their own list: the count of
-- records read, and the hash agreement when every hash agreed (a disagreement names a record).
UPDATE "Import" SET
  "notes" = COALESCE((SELECT jsonb_agg(w) FROM jsonb_array_elements("warnings") AS w
                      WHERE w->>'code' = 'GO_RECORDS_READ' OR (w->>'code' = 'GO_HASH_AGREEMENT' AND NOT w ? 'record')), '[]'::jsonb),
  "warnings" = COALESCE((SELECT jsonb_agg(w) FROM jsonb_array_elements("warnings") AS w
                         WHERE NOT (w->>'code' = 'GO_RECORDS_READ' OR (w->>'code' = 'GO_HASH_AGREEMENT' AND NOT w ? 'record'))), '[]'::jsonb)
WHERE jsonb_typeof("warnings") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("warnings") AS w WHERE w->>'code' IN ('GO_RECORDS_READ', 'GO_HASH_AGREEMENT'));
