CREATE TABLE "fahrzeug_tag_minuten" (
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"tag" date NOT NULL,
	"stand" integer DEFAULT 0 NOT NULL,
	"gueltig" boolean DEFAULT false NOT NULL,
	"von" timestamp with time zone,
	"bis" timestamp with time zone,
	"gebucht" double precision,
	"gefahren" double precision,
	CONSTRAINT "fahrzeug_tag_minuten_pkey" PRIMARY KEY("mandant_id","tag","fahrzeug_id")
);
--> statement-breakpoint
ALTER TABLE "fahrzeug_tag_minuten" ADD CONSTRAINT "fahrzeug_tag_minuten_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_tag_minuten" ADD CONSTRAINT "fahrzeug_tag_minuten_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "fahrzeug_tag_minuten" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_tag_minuten" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_tag_minuten"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_tag_minuten" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_tag_minuten" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): decision 256. Every write that changes what a vehicle-day's booked or
-- driven minutes are computed from marks the Berlin days it touches as stale, in the writing transaction
-- (whichever module or job writes). The marker is inserted when the day has no row yet, so a read that computed
-- the day from an older snapshot cannot store its figures afterwards (it stores only if `stand` is unchanged).
-- A cascade (vehicle or tenant deleted) marks nothing: the rows go with the vehicle.
CREATE OR REPLACE FUNCTION fahrzeug_tag_minuten_veraltet(m uuid, f uuid, von timestamptz, bis timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO fahrzeug_tag_minuten (mandant_id, fahrzeug_id, tag, stand, gueltig)
  SELECT m, f, d::date, 1, false
  FROM generate_series((von AT TIME ZONE 'Europe/Berlin')::date,
    ((bis - interval '1 microsecond') AT TIME ZONE 'Europe/Berlin')::date, interval '1 day') AS d
  WHERE bis > von AND EXISTS (SELECT 1 FROM fahrzeug WHERE fahrzeug.mandant_id = m AND fahrzeug.id = f)
  ON CONFLICT (mandant_id, fahrzeug_id, tag)
    DO UPDATE SET stand = fahrzeug_tag_minuten.stand + 1, gueltig = false
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fahrzeug_buchung_tag_minuten() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- only booked time counts (not a block, not a cancelled booking): what the raw computation reads
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.typ = 'BUCHUNG' AND OLD.status <> 'storniert' THEN
    PERFORM fahrzeug_tag_minuten_veraltet(OLD.mandant_id, OLD.fahrzeug_id, OLD.von, OLD.bis);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.typ = 'BUCHUNG' AND NEW.status <> 'storniert' THEN
    PERFORM fahrzeug_tag_minuten_veraltet(NEW.mandant_id, NEW.fahrzeug_id, NEW.von, NEW.bis);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrzeug_buchung_tag_minuten_neu AFTER INSERT OR DELETE ON "fahrzeug_buchung"
  FOR EACH ROW EXECUTE FUNCTION fahrzeug_buchung_tag_minuten();
--> statement-breakpoint
CREATE TRIGGER fahrzeug_buchung_tag_minuten_geaendert AFTER UPDATE ON "fahrzeug_buchung"
  FOR EACH ROW WHEN (
    (OLD.fahrzeug_id, OLD.von, OLD.bis, OLD.typ, OLD.status = 'storniert')
      IS DISTINCT FROM (NEW.fahrzeug_id, NEW.von, NEW.bis, NEW.typ, NEW.status = 'storniert'))
  EXECUTE FUNCTION fahrzeug_buchung_tag_minuten();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fahrtenbuch_eintrag_tag_minuten() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  alt record;
BEGIN
  -- a trip counts while no correction of it exists: a correction changes its own days and the corrected trip's
  PERFORM fahrzeug_tag_minuten_veraltet(NEW.mandant_id, NEW.fahrzeug_id, NEW.beginn, NEW.ende);
  IF NEW.korrigiert_id IS NOT NULL THEN
    FOR alt IN SELECT e.mandant_id, e.fahrzeug_id, e.beginn, e.ende FROM fahrtenbuch_eintrag e
      WHERE e.id = NEW.korrigiert_id LOOP
      PERFORM fahrzeug_tag_minuten_veraltet(alt.mandant_id, alt.fahrzeug_id, alt.beginn, alt.ende);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_eintrag_tag_minuten AFTER INSERT ON "fahrtenbuch_eintrag"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_eintrag_tag_minuten();
