CREATE TABLE "kalender_abo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"anfang" text NOT NULL,
	"fahrzeuge" boolean DEFAULT true NOT NULL,
	"plaetze" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erneuert_at" timestamp with time zone,
	CONSTRAINT "kalender_abo_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "kalender_abo_mandant_benutzer_key" UNIQUE("mandant_id","benutzer_id"),
	CONSTRAINT "kalender_abo_filter_check" CHECK ("kalender_abo"."fahrzeuge" or "kalender_abo"."plaetze")
);
--> statement-breakpoint
CREATE TABLE "kalender_eintrag" (
	"mandant_id" uuid NOT NULL,
	"art" text NOT NULL,
	"buchung_id" uuid NOT NULL,
	"sequenz" integer DEFAULT 0 NOT NULL,
	"fingerabdruck" text NOT NULL,
	"geaendert_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kalender_eintrag_pkey" PRIMARY KEY("mandant_id","art","buchung_id"),
	CONSTRAINT "kalender_eintrag_art_check" CHECK ("kalender_eintrag"."art" in ('fahrzeug', 'platz'))
);
--> statement-breakpoint
ALTER TABLE "kalender_abo" ADD CONSTRAINT "kalender_abo_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kalender_abo" ADD CONSTRAINT "kalender_abo_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kalender_eintrag" ADD CONSTRAINT "kalender_eintrag_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "kalender_abo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kalender_abo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "kalender_abo"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "kalender_abo" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "kalender_abo" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "kalender_eintrag" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kalender_eintrag" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "kalender_eintrag"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "kalender_eintrag" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "kalender_eintrag" TO stellwerk_app, stellwerk_platform;
