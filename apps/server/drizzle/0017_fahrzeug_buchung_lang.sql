-- The occupancy query (findBelegungen) asks overlap with timestamp comparisons, which row-level security lets
-- the planner use as index conditions (range `&&` is not leakproof): bookings of at most a day through
-- (mandant_id, von), longer ones through this partial index by their end (decision 080).
CREATE INDEX "fahrzeug_buchung_lang_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","bis") WHERE status <> 'storniert' and bis - von > interval '1 day';
--> statement-breakpoint
-- Without statistics on the duration the planner guesses a third of all rows are longer than a day and leaves
-- the partial index for the vehicle-id index, which reads every past booking of the vehicles.
CREATE STATISTICS IF NOT EXISTS "fahrzeug_buchung_dauer" ON (bis - von) FROM "fahrzeug_buchung";
--> statement-breakpoint
ANALYZE "fahrzeug_buchung";
