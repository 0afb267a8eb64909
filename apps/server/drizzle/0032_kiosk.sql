CREATE TABLE "kiosk" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"bezeichnung" text NOT NULL,
	"standort_id" uuid NOT NULL,
	"grundriss_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"namensanzeige" text DEFAULT 'keine' NOT NULL,
	"fahrzeuge" boolean DEFAULT true NOT NULL,
	"sprache" text DEFAULT 'de' NOT NULL,
	"token_hash" text NOT NULL,
	"token_ausgestellt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voriger_token_hash" text,
	"voriger_ersetzt_at" timestamp with time zone,
	"letzter_kontakt_at" timestamp with time zone,
	"version" text,
	"gekoppelt_von" uuid,
	"widerrufen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "kiosk_voriger_token_hash_unique" UNIQUE("voriger_token_hash"),
	CONSTRAINT "kiosk_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "kiosk_namensanzeige_check" CHECK ("kiosk"."namensanzeige" in ('keine', 'initialen', 'namen')),
	CONSTRAINT "kiosk_sprache_check" CHECK ("kiosk"."sprache" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "kiosk_eincheck" (
	"mandant_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"minute" bigint NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_eincheck_pkey" PRIMARY KEY("mandant_id","kiosk_id","minute","benutzer_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_kopplung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"geheimnis_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_kopplung_code_unique" UNIQUE("code"),
	CONSTRAINT "kiosk_kopplung_geheimnis_hash_unique" UNIQUE("geheimnis_hash")
);
--> statement-breakpoint
ALTER TABLE "kiosk" ADD CONSTRAINT "kiosk_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk" ADD CONSTRAINT "kiosk_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_eincheck" ADD CONSTRAINT "kiosk_eincheck_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_eincheck" ADD CONSTRAINT "kiosk_eincheck_kiosk_fk" FOREIGN KEY ("mandant_id","kiosk_id") REFERENCES "public"."kiosk"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "kiosk" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kiosk" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "kiosk"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "kiosk" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "kiosk" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "kiosk_eincheck" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kiosk_eincheck" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "kiosk_eincheck"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "kiosk_eincheck" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "kiosk_eincheck" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): the pairing codes belong to no tenant; only the platform path reads them
REVOKE ALL ON TABLE "kiosk_kopplung" FROM stellwerk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "kiosk_kopplung" TO stellwerk_platform;
