CREATE TABLE "leseraum_tag_minuten" (
	"mandant_id" uuid NOT NULL,
	"grundriss_id" uuid NOT NULL,
	"tag" date NOT NULL,
	"stand" integer DEFAULT 0 NOT NULL,
	"gueltig" boolean DEFAULT false NOT NULL,
	"von" timestamp with time zone,
	"bis" timestamp with time zone,
	"orte" text,
	"belegt_platz" double precision[],
	"eingecheckt_platz" double precision[],
	"belegt_gruppe" double precision[],
	"eingecheckt_gruppe" double precision[],
	"plaetze_platz" integer,
	"plaetze_platz_eingecheckt" integer,
	"plaetze_gruppe" integer,
	"plaetze_gruppe_eingecheckt" integer,
	CONSTRAINT "leseraum_tag_minuten_pkey" PRIMARY KEY("mandant_id","tag","grundriss_id")
);
--> statement-breakpoint
ALTER TABLE "leseraum_tag_minuten" ADD CONSTRAINT "leseraum_tag_minuten_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_tag_minuten" ADD CONSTRAINT "leseraum_tag_minuten_grundriss_fk" FOREIGN KEY ("mandant_id","grundriss_id") REFERENCES "public"."grundriss_leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "leseraum_tag_minuten" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "leseraum_tag_minuten" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "leseraum_tag_minuten"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "leseraum_tag_minuten" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "leseraum_tag_minuten" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): decision 276. Every write of a reading-room booking that changes what a
-- plan-day's minutes or places are computed from (its place, times, status or release reason) marks the Berlin days
-- it touches on the place's floor plan as stale, in the writing transaction (whichever module or job writes). The
-- marker is inserted when the day has no row yet, so a read that computed the day from an older snapshot cannot
-- store its figures afterwards (it stores only if `stand` is unchanged). A cascade (place, plan or tenant deleted)
-- marks nothing: the place is gone when the trigger runs, and the plan's rows go with the plan. Changes of the places
-- themselves (switched off, moved, kind changed) are caught by the rows' fingerprint `orte`, not by a trigger.
CREATE OR REPLACE FUNCTION leseraum_tag_minuten_veraltet(m uuid, platz uuid, von timestamptz, bis timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO leseraum_tag_minuten (mandant_id, grundriss_id, tag, stand, gueltig)
  SELECT m, l.grundriss_id, d::date, 1, false
  FROM leseraum l
  CROSS JOIN generate_series((von AT TIME ZONE 'Europe/Berlin')::date,
    ((bis - interval '1 microsecond') AT TIME ZONE 'Europe/Berlin')::date, interval '1 day') AS d
  WHERE bis > von AND l.mandant_id = m AND l.id = platz
  ON CONFLICT (mandant_id, grundriss_id, tag)
    DO UPDATE SET stand = leseraum_tag_minuten.stand + 1, gueltig = false
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leseraum_buchung_tag_minuten() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM leseraum_tag_minuten_veraltet(OLD.mandant_id, OLD.leseraum_id, OLD.von, OLD.bis);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM leseraum_tag_minuten_veraltet(NEW.mandant_id, NEW.leseraum_id, NEW.von, NEW.bis);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leseraum_buchung_tag_minuten_neu AFTER INSERT OR DELETE ON "leseraum_buchung"
  FOR EACH ROW EXECUTE FUNCTION leseraum_buchung_tag_minuten();
--> statement-breakpoint
CREATE TRIGGER leseraum_buchung_tag_minuten_geaendert AFTER UPDATE ON "leseraum_buchung"
  FOR EACH ROW WHEN (
    (OLD.leseraum_id, OLD.von, OLD.bis, OLD.status, OLD.storno_grund)
      IS DISTINCT FROM (NEW.leseraum_id, NEW.von, NEW.bis, NEW.status, NEW.storno_grund))
  EXECUTE FUNCTION leseraum_buchung_tag_minuten();
