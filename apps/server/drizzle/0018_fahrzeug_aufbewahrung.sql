CREATE TABLE "fahrtenbuch_anker" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"bis_laufnummer" integer NOT NULL,
	"hash" text NOT NULL,
	"anzahl" integer NOT NULL,
	"bis_ende" timestamp with time zone NOT NULL,
	"stichtag" timestamp with time zone NOT NULL,
	"geloescht_am" timestamp with time zone NOT NULL,
	"lauf_id" uuid NOT NULL,
	CONSTRAINT "fahrtenbuch_anker_laufnummer_unique" UNIQUE("mandant_id","fahrzeug_id","bis_laufnummer"),
	CONSTRAINT "fahrtenbuch_anker_hash_check" CHECK ("fahrtenbuch_anker"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "fahrtenbuch_anker_anzahl_check" CHECK ("fahrtenbuch_anker"."anzahl" > 0 and "fahrtenbuch_anker"."bis_laufnummer" > 0)
);
--> statement-breakpoint
CREATE TABLE "datei_entfernung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"pfad" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datei_entfernung_mandant_bucket_pfad_key" UNIQUE("mandant_id","bucket","pfad")
);
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" ADD CONSTRAINT "fahrtenbuch_anker_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" ADD CONSTRAINT "fahrtenbuch_anker_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datei_entfernung" ADD CONSTRAINT "datei_entfernung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fahrtenbuch_eintrag_mandant_buchung_idx" ON "fahrtenbuch_eintrag" USING btree ("mandant_id","fahrzeug_buchung_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_historie_beleg_mandant_datei_idx" ON "fahrzeug_historie_beleg" USING btree ("mandant_id","datei_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_schaden_mandant_historie_idx" ON "fahrzeug_schaden" USING btree ("mandant_id","historie_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_schaden_mandant_foto_idx" ON "fahrzeug_schaden" USING btree ("mandant_id","foto_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_historie_mandant_beleg_idx" ON "fahrzeug_historie" USING btree ("mandant_id","beleg_id");--> statement-breakpoint
-- custom (lead: keep when regenerating)
-- The retention purge (issue 10, decision 081). Both tables are isolated per tenant like every tenant table.
ALTER TABLE "fahrtenbuch_anker" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrtenbuch_anker"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrtenbuch_anker" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
-- The anchors are written only by the purge function below; the application reads them.
GRANT SELECT ON TABLE "fahrtenbuch_anker" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLE "fahrtenbuch_anker" FROM stellwerk_app, stellwerk_platform;
--> statement-breakpoint
ALTER TABLE "datei_entfernung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "datei_entfernung" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "datei_entfernung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "datei_entfernung" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "datei_entfernung" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- The logbook stays append-only (migration 0008): no UPDATE ever, no TRUNCATE, and a DELETE only when the
-- tenant itself is gone or inside the retention purge: while the transaction-local setting
-- `stellwerk.aufbewahrung` is 'on' and only for a row whose trip ended before the local cut-off
-- `stellwerk.aufbewahrung_stichtag`. Only `fahrtenbuch_aufbewahrung_loeschen` sets them (and resets them).
CREATE OR REPLACE FUNCTION fahrtenbuch_eintrag_unveraenderlich() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM mandant WHERE id = OLD.mandant_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE'
     AND current_setting('stellwerk.aufbewahrung', true) = 'on'
     AND OLD.ende < nullif(current_setting('stellwerk.aufbewahrung_stichtag', true), '')::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'fahrtenbuch_eintrag ist unveränderlich: Korrekturen sind neue Einträge'
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
-- The retention purge of one vehicle's chain (decision 081): deletes the current tenant's versions up to
-- `p_bis_laufnummer` (a prefix of the chain; every one of them must have ended before `p_stichtag`, or the
-- trigger refuses and nothing is deleted) and records the anchor the chain check then starts from. The cut-off
-- may not lie after 01.01. (Berlin) of the database clock's year minus 10 (the shortest period), so not even a
-- wrong caller deletes a version inside the period. Runs as the table owner (the application role has no
-- DELETE right on the logbook); executable by the application role only.
CREATE OR REPLACE FUNCTION fahrtenbuch_aufbewahrung_loeschen(
  p_fahrzeug_id uuid,
  p_bis_laufnummer integer,
  p_stichtag timestamptz,
  p_lauf_id uuid,
  p_jetzt timestamptz
) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_mandant uuid := nullif(current_setting('app.mandant_id', true), '')::uuid;
  -- 01.01. 00:00 Berlin (CET, UTC+1) of the Berlin year of now() minus 10, computed in UTC
  v_grenze timestamptz := make_timestamp(
      extract(year FROM (now() + interval '1 hour') AT TIME ZONE 'UTC')::integer - 10, 1, 1, 0, 0, 0
    ) AT TIME ZONE 'UTC' - interval '1 hour';
  v_hash text;
  v_bis_ende timestamptz;
  v_anzahl integer;
BEGIN
  IF v_mandant IS NULL THEN
    RAISE EXCEPTION 'fahrtenbuch_aufbewahrung_loeschen: kein Mandant gesetzt' USING ERRCODE = 'P0001';
  END IF;
  IF p_stichtag > v_grenze THEN
    RAISE EXCEPTION 'fahrtenbuch_aufbewahrung_loeschen: Stichtag % liegt nach %', p_stichtag, v_grenze
      USING ERRCODE = 'P0001';
  END IF;
  SELECT hash INTO v_hash FROM fahrtenbuch_eintrag
    WHERE mandant_id = v_mandant AND fahrzeug_id = p_fahrzeug_id AND laufnummer = p_bis_laufnummer;
  IF v_hash IS NULL THEN
    RAISE EXCEPTION 'fahrtenbuch_aufbewahrung_loeschen: Laufnummer % fehlt', p_bis_laufnummer
      USING ERRCODE = 'P0001';
  END IF;
  SELECT max(ende), count(*) INTO v_bis_ende, v_anzahl FROM fahrtenbuch_eintrag
    WHERE mandant_id = v_mandant AND fahrzeug_id = p_fahrzeug_id AND laufnummer <= p_bis_laufnummer;
  PERFORM set_config('stellwerk.aufbewahrung', 'on', true),
          set_config('stellwerk.aufbewahrung_stichtag', p_stichtag::text, true);
  DELETE FROM fahrtenbuch_eintrag
    WHERE mandant_id = v_mandant AND fahrzeug_id = p_fahrzeug_id AND laufnummer <= p_bis_laufnummer;
  PERFORM set_config('stellwerk.aufbewahrung', 'off', true),
          set_config('stellwerk.aufbewahrung_stichtag', '', true);
  INSERT INTO fahrtenbuch_anker
      (mandant_id, fahrzeug_id, bis_laufnummer, hash, anzahl, bis_ende, stichtag, geloescht_am, lauf_id)
    VALUES (v_mandant, p_fahrzeug_id, p_bis_laufnummer, v_hash, v_anzahl, v_bis_ende, p_stichtag, p_jetzt,
      p_lauf_id);
  RETURN v_anzahl;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION fahrtenbuch_aufbewahrung_loeschen(uuid, integer, timestamptz, uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION fahrtenbuch_aufbewahrung_loeschen(uuid, integer, timestamptz, uuid, timestamptz) TO stellwerk_app;
