CREATE TABLE "fahrzeug_monat_minuten" (
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"monat" date NOT NULL,
	"stand" integer DEFAULT 0 NOT NULL,
	"gueltig" boolean DEFAULT false NOT NULL,
	"fenster" text,
	"tage" integer,
	"buchbar" double precision,
	"gebucht" double precision,
	"gefahren" double precision,
	"standtage" integer,
	CONSTRAINT "fahrzeug_monat_minuten_pkey" PRIMARY KEY("mandant_id","monat","fahrzeug_id")
);
--> statement-breakpoint
ALTER TABLE "fahrzeug_monat_minuten" ADD CONSTRAINT "fahrzeug_monat_minuten_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_monat_minuten" ADD CONSTRAINT "fahrzeug_monat_minuten_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "fahrzeug_monat_minuten" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_monat_minuten" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_monat_minuten"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_monat_minuten" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_monat_minuten" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): decision 274. The writes' triggers of migration 0039 call this function for
-- every change of what a vehicle-day's minutes are computed from; it now marks the Berlin months the change touches
-- as well as its days, in the same transaction, so a month's sums are never read after a write changed one of its
-- days. The months' markers work like the days' (inserted when missing, `stand` + 1).
CREATE OR REPLACE FUNCTION fahrzeug_tag_minuten_veraltet(m uuid, f uuid, von timestamptz, bis timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO fahrzeug_tag_minuten (mandant_id, fahrzeug_id, tag, stand, gueltig)
  SELECT m, f, d::date, 1, false
  FROM generate_series((von AT TIME ZONE 'Europe/Berlin')::date,
    ((bis - interval '1 microsecond') AT TIME ZONE 'Europe/Berlin')::date, interval '1 day') AS d
  WHERE bis > von AND EXISTS (SELECT 1 FROM fahrzeug WHERE fahrzeug.mandant_id = m AND fahrzeug.id = f)
  ON CONFLICT (mandant_id, fahrzeug_id, tag)
    DO UPDATE SET stand = fahrzeug_tag_minuten.stand + 1, gueltig = false;
  INSERT INTO fahrzeug_monat_minuten (mandant_id, fahrzeug_id, monat, stand, gueltig)
  SELECT m, f, d::date, 1, false
  FROM generate_series(date_trunc('month', von AT TIME ZONE 'Europe/Berlin'),
    date_trunc('month', (bis - interval '1 microsecond') AT TIME ZONE 'Europe/Berlin'), interval '1 month') AS d
  WHERE bis > von AND EXISTS (SELECT 1 FROM fahrzeug WHERE fahrzeug.mandant_id = m AND fahrzeug.id = f)
  ON CONFLICT (mandant_id, fahrzeug_id, monat)
    DO UPDATE SET stand = fahrzeug_monat_minuten.stand + 1, gueltig = false;
$$;
