CREATE TABLE "fahrzeug_historie_beleg" (
	"mandant_id" uuid NOT NULL,
	"historie_id" uuid NOT NULL,
	"datei_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "fahrzeug_historie_beleg_pk" PRIMARY KEY("mandant_id","historie_id","datei_id")
);
--> statement-breakpoint
CREATE TABLE "fahrzeug_schaden" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"historie_id" uuid NOT NULL,
	"ort" text NOT NULL,
	"beschreibung" text NOT NULL,
	"sicherheitsrelevant" boolean DEFAULT false NOT NULL,
	"foto_id" uuid,
	"gemeldet_am" timestamp with time zone NOT NULL,
	"gemeldet_von_id" uuid,
	"behoben_am" timestamp with time zone,
	CONSTRAINT "fahrzeug_schaden_mandant_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "fahrzeug_schaden_ort_check" CHECK ("fahrzeug_schaden"."ort" in ('vorne', 'hinten', 'links', 'rechts', 'dach', 'innenraum', 'unterboden', 'sonstiges'))
);
--> statement-breakpoint
ALTER TABLE "datei" DROP CONSTRAINT "datei_bucket_check";--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_mandant_id_key" UNIQUE("mandant_id","id");--> statement-breakpoint
ALTER TABLE "fahrzeug_historie_beleg" ADD CONSTRAINT "fahrzeug_historie_beleg_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie_beleg" ADD CONSTRAINT "fahrzeug_historie_beleg_historie_fk" FOREIGN KEY ("mandant_id","historie_id") REFERENCES "public"."fahrzeug_historie"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie_beleg" ADD CONSTRAINT "fahrzeug_historie_beleg_datei_fk" FOREIGN KEY ("mandant_id","datei_id") REFERENCES "public"."datei"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" ADD CONSTRAINT "fahrzeug_schaden_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" ADD CONSTRAINT "fahrzeug_schaden_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" ADD CONSTRAINT "fahrzeug_schaden_historie_fk" FOREIGN KEY ("mandant_id","historie_id") REFERENCES "public"."fahrzeug_historie"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" ADD CONSTRAINT "fahrzeug_schaden_foto_fk" FOREIGN KEY ("mandant_id","foto_id") REFERENCES "public"."datei"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" ADD CONSTRAINT "fahrzeug_schaden_benutzer_fk" FOREIGN KEY ("mandant_id","gemeldet_von_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fahrzeug_schaden_mandant_fahrzeug_idx" ON "fahrzeug_schaden" USING btree ("mandant_id","fahrzeug_id","gemeldet_am");--> statement-breakpoint
ALTER TABLE "datei" ADD CONSTRAINT "datei_bucket_check" CHECK ("datei"."bucket" in ('grundrisse', 'fahrzeuge', 'logos', 'datenschutz', 'belege', 'schaeden'));
--> statement-breakpoint
-- custom (lead: keep when regenerating)
ALTER TABLE "fahrzeug_schaden" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_schaden" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_schaden"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_schaden" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_schaden" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
ALTER TABLE "fahrzeug_historie_beleg" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_historie_beleg" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_historie_beleg"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_historie_beleg" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_historie_beleg" TO stellwerk_app, stellwerk_platform;
