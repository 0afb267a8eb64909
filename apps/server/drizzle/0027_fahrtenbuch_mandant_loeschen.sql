-- Custom SQL (decision 127): deleting a tenant no longer takes its logbook within the retention period with it.
-- Before, a DELETE of a logbook row went through whenever its tenant was gone, so deleting the tenant (as the
-- platform role, or the login) cascaded through every row, also this year's. Now the cascade deletes only rows
-- whose own date lies before the fixed floor (§ 147 AO, migration 0021), like the purge; a tenant with a row inside
-- the period cannot be deleted at all (the whole DELETE is rolled back). The service refuses it first with
-- `mandant.fahrtenbuch_aufbewahrung`.
CREATE OR REPLACE FUNCTION fahrtenbuch_eintrag_unveraenderlich() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND NOT fahrtenbuch_mandant_besteht(OLD.mandant_id)
     AND greatest(OLD.ende, OLD.erfasst_am) < fahrtenbuch_aufbewahrung_grenze() THEN
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
