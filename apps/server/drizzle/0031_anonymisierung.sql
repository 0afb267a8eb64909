ALTER TABLE "fahrzeug_buchung" ALTER COLUMN "benutzer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD COLUMN "anonymisiert_am" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD COLUMN "anonym_person" uuid;--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD COLUMN "anonymisiert_am" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_personal_bis_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","bis") WHERE anonymisiert_am is null;--> statement-breakpoint
CREATE INDEX "leseraum_buchung_personal_bis_idx" ON "leseraum_buchung" USING btree ("mandant_id","bis") WHERE anonymisiert_am is null;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_benutzer_check" CHECK ("fahrzeug_buchung"."benutzer_id" is not null or "fahrzeug_buchung"."anonymisiert_am" is not null);