-- A history entry's receipts live in fahrzeug_historie_beleg since 0013 (decision 064); the single beleg_id of
-- the first schema was never written since. Any value still there moves to the join table first (as the
-- platform role with the explicit bypass: row-level security is forced, so the owner alone would see no rows),
-- then the column, its index and its foreign key go.
SELECT set_config('role', 'stellwerk_platform', true), set_config('app.bypass_rls', 'on', true);--> statement-breakpoint
INSERT INTO "fahrzeug_historie_beleg" ("mandant_id", "historie_id", "datei_id", "position")
  SELECT "mandant_id", "id", "beleg_id", 0 FROM "fahrzeug_historie" WHERE "beleg_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT set_config('app.bypass_rls', 'off', true);--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" DROP CONSTRAINT "fahrzeug_historie_beleg_fk";--> statement-breakpoint
DROP INDEX "fahrzeug_historie_mandant_beleg_idx";--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" DROP COLUMN "beleg_id";
