CREATE TABLE "spind" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"nummer" text NOT NULL,
	"groesse" text NOT NULL,
	"barrierefrei" boolean DEFAULT false NOT NULL,
	"ausser_betrieb" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spind_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "spind_mandant_bank_nummer_key" UNIQUE("mandant_id","bank_id","nummer"),
	CONSTRAINT "spind_groesse_check" CHECK ("spind"."groesse" in ('S', 'M', 'L'))
);
--> statement-breakpoint
CREATE TABLE "spind_buchung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"spind_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"art" text NOT NULL,
	"leseraum_buchung_id" uuid,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'gebucht' NOT NULL,
	"leerung" text DEFAULT 'offen' NOT NULL,
	"pin" text,
	"erinnerung_gesendet_am" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spind_buchung_von_bis_check" CHECK ("spind_buchung"."von" < "spind_buchung"."bis"),
	CONSTRAINT "spind_buchung_art_check" CHECK ("spind_buchung"."art" in ('tag', 'gekoppelt', 'dauer')),
	CONSTRAINT "spind_buchung_status_check" CHECK ("spind_buchung"."status" in ('gebucht', 'storniert')),
	CONSTRAINT "spind_buchung_leerung_check" CHECK ("spind_buchung"."leerung" in ('offen', 'vom_nutzer_bestaetigt', 'vom_facility_geraeumt')),
	CONSTRAINT "spind_buchung_pin_check" CHECK ("spind_buchung"."pin" is null or "spind_buchung"."pin" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "spindbank" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"standort_id" uuid NOT NULL,
	"name" text NOT NULL,
	"grundriss_id" uuid,
	"x" double precision,
	"y" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spindbank_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "spindbank_mandant_standort_name_key" UNIQUE("mandant_id","standort_id","name"),
	CONSTRAINT "spindbank_ort_check" CHECK (("spindbank"."grundriss_id" is null and "spindbank"."x" is null and "spindbank"."y" is null) or ("spindbank"."grundriss_id" is not null and "spindbank"."x" between 0 and 100 and "spindbank"."y" between 0 and 100))
);
--> statement-breakpoint
ALTER TABLE "spind" ADD CONSTRAINT "spind_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spind" ADD CONSTRAINT "spind_bank_fk" FOREIGN KEY ("mandant_id","bank_id") REFERENCES "public"."spindbank"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spind_buchung" ADD CONSTRAINT "spind_buchung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spind_buchung" ADD CONSTRAINT "spind_buchung_spind_fk" FOREIGN KEY ("mandant_id","spind_id") REFERENCES "public"."spind"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spind_buchung" ADD CONSTRAINT "spind_buchung_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spindbank" ADD CONSTRAINT "spindbank_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spindbank" ADD CONSTRAINT "spindbank_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spind_buchung_mandant_benutzer_idx" ON "spind_buchung" USING btree ("mandant_id","benutzer_id","bis");--> statement-breakpoint
CREATE INDEX "spind_buchung_mandant_leseraum_buchung_idx" ON "spind_buchung" USING btree ("mandant_id","leseraum_buchung_id");--> statement-breakpoint
-- custom (lead: keep when regenerating): one booking per locker and period (decision 186), like leseraum_buchung
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "spind_buchung" ADD CONSTRAINT "spind_buchung_keine_ueberschneidung"
  EXCLUDE USING gist ("mandant_id" WITH =, "spind_id" WITH =, tstzrange("von", "bis", '[)') WITH &&)
  WHERE ("status" <> 'storniert');
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "spindbank" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "spindbank" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "spindbank"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "spindbank" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "spindbank" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "spind" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "spind" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "spind"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "spind" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "spind" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "spind_buchung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "spind_buchung" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "spind_buchung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "spind_buchung" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "spind_buchung" TO stellwerk_app, stellwerk_platform;
