-- AlterTable
ALTER TABLE "Import" ADD COLUMN     "skippedCount" INTEGER NOT NULL DEFAULT 0;
