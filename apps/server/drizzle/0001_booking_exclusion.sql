-- Bookings cannot collide (ARCHITECTURE §6): periods are half-open [von, bis), so back-to-back bookings
-- do not overlap; cancelled (storniert) bookings do not occupy time. mandant_id leads every constraint
-- (sharding by tenant requires the distribution column in unique and exclusion constraints).
-- btree_gist is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_keine_ueberschneidung"
  EXCLUDE USING gist ("mandant_id" WITH =, "fahrzeug_id" WITH =, tstzrange("von", "bis", '[)') WITH &&)
  WHERE ("status" <> 'storniert');
--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD CONSTRAINT "leseraum_buchung_keine_ueberschneidung"
  EXCLUDE USING gist ("mandant_id" WITH =, "leseraum_id" WITH =, tstzrange("von", "bis", '[)') WITH &&)
  WHERE ("status" <> 'storniert');
