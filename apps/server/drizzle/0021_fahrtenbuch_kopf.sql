CREATE TABLE "fahrtenbuch_kopf" (
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"laufnummer" integer NOT NULL,
	"hash" text NOT NULL,
	"gespeichert_am" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fahrtenbuch_kopf_pk" PRIMARY KEY("mandant_id","fahrzeug_id","laufnummer"),
	CONSTRAINT "fahrtenbuch_kopf_hash_check" CHECK ("fahrtenbuch_kopf"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_kopf" ADD CONSTRAINT "fahrtenbuch_kopf_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating)
-- Issue 19, decision 091: the logbook can be neither shortened nor rewritten, by no role and with no setting.
--
-- 1. The retention floor. A logbook version is a tax record (§ 147 (1) Nr. 1, (3), (4) AO; R 8.1 (9) LStR):
--    kept 10 years from the end of the calendar year in which it was made. Its own date is the later of the
--    trip's end and its recording (`greatest(ende, erfasst_am)`); it may go from 01.01. 00:00 Berlin of its
--    year + 11. The floor is computed from the database clock alone (no setting, no argument): 01.01. 00:00
--    Berlin (CET, UTC+1 on every 1 January) of the Berlin year of now() minus 10.
CREATE OR REPLACE FUNCTION fahrtenbuch_aufbewahrung_grenze() RETURNS timestamptz
  LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT make_timestamp(
      extract(year FROM (now() + interval '1 hour') AT TIME ZONE 'UTC')::integer - 10, 1, 1, 0, 0, 0
    ) AT TIME ZONE 'UTC' - interval '1 hour'
$$;
--> statement-breakpoint
-- Whether the tenant still exists, seen past row-level security: the table owner (who runs the triggers) is
-- bound by it too (FORCE), so without the tenant set it would see no tenant and take every row for one whose
-- tenant is gone. The tenant setting is set for this one look-up and restored.
CREATE OR REPLACE FUNCTION fahrtenbuch_mandant_besteht(p_mandant uuid) RETURNS boolean
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_vorher text := current_setting('app.mandant_id', true);
  v_besteht boolean;
BEGIN
  PERFORM set_config('app.mandant_id', p_mandant::text, true);
  SELECT EXISTS (SELECT 1 FROM public.mandant WHERE id = p_mandant) INTO v_besteht;
  PERFORM set_config('app.mandant_id', coalesce(v_vorher, ''), true);
  RETURN v_besteht;
END
$$;
--> statement-breakpoint
-- The logbook's guard (migrations 0008, 0018), now independent of what a session sets: no UPDATE, no TRUNCATE;
-- a DELETE only in the cascade of deleting the tenant, or inside the purge (setting `stellwerk.aufbewahrung`)
-- for a row whose own date lies before the fixed floor above. The purge's cut-off setting can only narrow it.
CREATE OR REPLACE FUNCTION fahrtenbuch_eintrag_unveraenderlich() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT fahrtenbuch_mandant_besteht(OLD.mandant_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE'
     AND current_setting('stellwerk.aufbewahrung', true) = 'on'
     AND greatest(OLD.ende, OLD.erfasst_am) < fahrtenbuch_aufbewahrung_grenze()
     AND OLD.ende < nullif(current_setting('stellwerk.aufbewahrung_stichtag', true), '')::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'fahrtenbuch_eintrag ist unveränderlich: Korrekturen sind neue Einträge'
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
-- Triggers fire also with session_replication_role = replica (a superuser's setting that skips ordinary ones).
ALTER TABLE "fahrtenbuch_eintrag" ENABLE ALWAYS TRIGGER fahrtenbuch_eintrag_unveraenderlich;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ENABLE ALWAYS TRIGGER fahrtenbuch_eintrag_kein_truncate;
--> statement-breakpoint
-- The platform role (jobs, platform paths) may read and add but, like the application role, never change or
-- remove a logbook row (migration 0005 had granted it every right on every table).
REVOKE UPDATE, DELETE, TRUNCATE ON TABLE "fahrtenbuch_eintrag" FROM stellwerk_platform;
--> statement-breakpoint
-- 2. The chain's head after every append, in `fahrtenbuch_kopf` (written by the trigger below as the owner).
-- Existing versions get their heads first (the owner passes row-level security only without FORCE).
ALTER TABLE "fahrtenbuch_eintrag" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO "fahrtenbuch_kopf" (mandant_id, fahrzeug_id, laufnummer, hash, gespeichert_am)
  SELECT mandant_id, fahrzeug_id, laufnummer, hash, erfasst_am FROM "fahrtenbuch_eintrag";
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_kopf" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_kopf" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrtenbuch_kopf"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrtenbuch_kopf" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
-- The head trigger inserts as the owner also in a platform transaction (no tenant set): only from a trigger.
CREATE POLICY "kopf_vom_trigger" ON "fahrtenbuch_kopf" FOR INSERT WITH CHECK (pg_trigger_depth() > 0);
--> statement-breakpoint
REVOKE ALL ON TABLE "fahrtenbuch_kopf" FROM stellwerk_app, stellwerk_platform;
--> statement-breakpoint
GRANT SELECT ON TABLE "fahrtenbuch_kopf" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fahrtenbuch_kopf_schreiben() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO fahrtenbuch_kopf (mandant_id, fahrzeug_id, laufnummer, hash)
    VALUES (NEW.mandant_id, NEW.fahrzeug_id, NEW.laufnummer, NEW.hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_kopf_schreiben AFTER INSERT ON "fahrtenbuch_eintrag"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_kopf_schreiben();
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ENABLE ALWAYS TRIGGER fahrtenbuch_kopf_schreiben;
--> statement-breakpoint
-- Heads and the purge's anchors are append-only for everyone: no UPDATE, no TRUNCATE, a DELETE only in the
-- cascade of deleting the tenant.
CREATE OR REPLACE FUNCTION fahrtenbuch_nur_anhaengen() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT fahrtenbuch_mandant_besteht(OLD.mandant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% ist unveränderlich', TG_TABLE_NAME USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_kopf_unveraenderlich BEFORE UPDATE OR DELETE ON "fahrtenbuch_kopf"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_nur_anhaengen();
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_kopf_kein_truncate BEFORE TRUNCATE ON "fahrtenbuch_kopf"
  FOR EACH STATEMENT EXECUTE FUNCTION fahrtenbuch_nur_anhaengen();
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_kopf" ENABLE ALWAYS TRIGGER fahrtenbuch_kopf_unveraenderlich;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_kopf" ENABLE ALWAYS TRIGGER fahrtenbuch_kopf_kein_truncate;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_anker_unveraenderlich BEFORE UPDATE OR DELETE ON "fahrtenbuch_anker"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_nur_anhaengen();
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_anker_kein_truncate BEFORE TRUNCATE ON "fahrtenbuch_anker"
  FOR EACH STATEMENT EXECUTE FUNCTION fahrtenbuch_nur_anhaengen();
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" ENABLE ALWAYS TRIGGER fahrtenbuch_anker_unveraenderlich;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" ENABLE ALWAYS TRIGGER fahrtenbuch_anker_kein_truncate;
--> statement-breakpoint
-- 3. The purge function (migration 0018) bounds its cut-off by the same floor.
CREATE OR REPLACE FUNCTION fahrtenbuch_aufbewahrung_loeschen(
  p_fahrzeug_id uuid,
  p_bis_laufnummer integer,
  p_stichtag timestamptz,
  p_lauf_id uuid,
  p_jetzt timestamptz
) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_mandant uuid := nullif(current_setting('app.mandant_id', true), '')::uuid;
  v_grenze timestamptz := fahrtenbuch_aufbewahrung_grenze();
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
-- An anchor describes a deleted prefix only: none of its versions may still be stored, and its hash must be the
-- head the database recorded for its number (so no anchor can hide stored versions from the chain check or
-- start the chain from a hash of its own). Looked up with the anchor's tenant set, past row-level security.
CREATE OR REPLACE FUNCTION fahrtenbuch_anker_pruefen() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_vorher text := current_setting('app.mandant_id', true);
  v_gespeichert boolean;
  v_kopf text;
BEGIN
  PERFORM set_config('app.mandant_id', NEW.mandant_id::text, true);
  SELECT EXISTS (SELECT 1 FROM public.fahrtenbuch_eintrag
      WHERE mandant_id = NEW.mandant_id AND fahrzeug_id = NEW.fahrzeug_id AND laufnummer <= NEW.bis_laufnummer)
    INTO v_gespeichert;
  SELECT hash INTO v_kopf FROM public.fahrtenbuch_kopf
    WHERE mandant_id = NEW.mandant_id AND fahrzeug_id = NEW.fahrzeug_id AND laufnummer = NEW.bis_laufnummer;
  PERFORM set_config('app.mandant_id', coalesce(v_vorher, ''), true);
  IF v_gespeichert OR v_kopf IS DISTINCT FROM NEW.hash THEN
    RAISE EXCEPTION 'fahrtenbuch_anker ist unveränderlich: ein Anker folgt nur der Löschung nach Ablauf der Frist'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_anker_pruefen BEFORE INSERT ON "fahrtenbuch_anker"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_anker_pruefen();
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_anker" ENABLE ALWAYS TRIGGER fahrtenbuch_anker_pruefen;
