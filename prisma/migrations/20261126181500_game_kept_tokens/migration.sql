-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "keptTokens" INTEGER;
