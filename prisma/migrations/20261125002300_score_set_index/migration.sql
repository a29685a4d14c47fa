-- DropIndex
DROP INDEX "Score_program_ruleset_idx";

-- CreateIndex
CREATE INDEX "Score_program_ruleset_positionId_value_confidence_idx" ON "Score"("program", "ruleset", "positionId", "value", "confidence");
