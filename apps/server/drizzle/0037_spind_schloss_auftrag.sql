CREATE TABLE "spind_schloss_auftrag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"spind_id" uuid NOT NULL,
	"spind_buchung_id" uuid NOT NULL,
	"nachricht" jsonb NOT NULL,
	"status" text DEFAULT 'offen' NOT NULL,
	"versuche" integer DEFAULT 0 NOT NULL,
	"naechster_versuch" timestamp with time zone NOT NULL,
	"letzter_fehler" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spind_schloss_auftrag_status_check" CHECK ("spind_schloss_auftrag"."status" in ('offen', 'aufgegeben'))
);
--> statement-breakpoint
ALTER TABLE "spind_buchung" ALTER COLUMN "benutzer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "spind_schloss_auftrag" ADD CONSTRAINT "spind_schloss_auftrag_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spind_schloss_auftrag" ADD CONSTRAINT "spind_schloss_auftrag_spind_fk" FOREIGN KEY ("mandant_id","spind_id") REFERENCES "public"."spind"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spind_schloss_auftrag_faellig_idx" ON "spind_schloss_auftrag" USING btree ("mandant_id","status","naechster_versuch");--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "spind_schloss_auftrag" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "spind_schloss_auftrag" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "spind_schloss_auftrag"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "spind_schloss_auftrag" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "spind_schloss_auftrag" TO stellwerk_app, stellwerk_platform;
