ALTER TABLE "leseraum_tag_minuten" ADD COLUMN "zaehlung_platz" integer[];--> statement-breakpoint
ALTER TABLE "leseraum_tag_minuten" ADD COLUMN "zaehlung_gruppe" integer[];--> statement-breakpoint
-- custom (lead: keep when regenerating): decision 276. Rows stored before this migration hold no counts: every row
-- is marked stale, so the next read computes it again with them.
UPDATE "leseraum_tag_minuten" SET "gueltig" = false, "stand" = "stand" + 1;
