ALTER TABLE "benutzer" ADD COLUMN "brandschutzhelfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "benutzer" ADD COLUMN "ersthelfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leseraum" ADD COLUMN "eigentuemer_id" uuid;--> statement-breakpoint
ALTER TABLE "leseraum" ADD CONSTRAINT "leseraum_eigentuemer_id_benutzer_id_fk" FOREIGN KEY ("eigentuemer_id") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum" ADD CONSTRAINT "leseraum_mandant_eigentuemer_key" UNIQUE("mandant_id","eigentuemer_id");--> statement-breakpoint
-- Custom SQL (decision 138): the application role updates benutzer column by column (0005 keeps plattform_admin
-- out of its reach); the helper flags, set by user administrators, are granted like the other columns.
GRANT UPDATE ("brandschutzhelfer", "ersthelfer") ON TABLE "benutzer" TO stellwerk_app;
