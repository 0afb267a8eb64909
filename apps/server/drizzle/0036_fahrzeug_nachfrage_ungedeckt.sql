CREATE TABLE "fahrzeug_nachfrage_ungedeckt" (
	"mandant_id" uuid NOT NULL,
	"standort_id" uuid NOT NULL,
	"kategorie" text DEFAULT '' NOT NULL,
	"tag" date NOT NULL,
	"stunde" integer NOT NULL,
	"anzahl" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fahrzeug_nachfrage_ungedeckt_pkey" PRIMARY KEY("mandant_id","tag","standort_id","kategorie","stunde"),
	CONSTRAINT "fahrzeug_nachfrage_ungedeckt_stunde_check" CHECK ("fahrzeug_nachfrage_ungedeckt"."stunde" between 0 and 23),
	CONSTRAINT "fahrzeug_nachfrage_ungedeckt_anzahl_check" CHECK ("fahrzeug_nachfrage_ungedeckt"."anzahl" > 0)
);
--> statement-breakpoint
ALTER TABLE "fahrzeug_nachfrage_ungedeckt" ADD CONSTRAINT "fahrzeug_nachfrage_ungedeckt_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_nachfrage_ungedeckt" ADD CONSTRAINT "fahrzeug_nachfrage_ungedeckt_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "auswertung_versand" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"schluessel" text NOT NULL,
	"gesendet_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auswertung_versand_schluessel_key" UNIQUE("mandant_id","schluessel")
);
--> statement-breakpoint
ALTER TABLE "auswertung_versand" ADD CONSTRAINT "auswertung_versand_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "fahrzeug_nachfrage_ungedeckt" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_nachfrage_ungedeckt" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_nachfrage_ungedeckt"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_nachfrage_ungedeckt" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_nachfrage_ungedeckt" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): decision 246 gives the evaluation its own right; whoever held the
-- utilisation's right (and so saw the evaluation) keeps seeing it. The catalogue sync at start writes the same row.
INSERT INTO "permission" ("name", "description")
  VALUES ('auswertung_sehen', 'Auswertungen sehen, exportieren und per Mail erhalten (nur zusammengefasste Zahlen)')
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "rolle_permission" ("mandant_id", "rolle_id", "permission_name", "wert")
  SELECT "mandant_id", "rolle_id", 'auswertung_sehen', "wert" FROM "rolle_permission"
  WHERE "permission_name" = 'auslastung_sehen'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "benutzer_permission" ("mandant_id", "benutzer_id", "permission_name", "wert")
  SELECT "mandant_id", "benutzer_id", 'auswertung_sehen', "wert" FROM "benutzer_permission"
  WHERE "permission_name" = 'auslastung_sehen'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "auswertung_versand" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "auswertung_versand" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "auswertung_versand"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "auswertung_versand" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "auswertung_versand" TO stellwerk_app, stellwerk_platform;
