CREATE TABLE "sitzung_anmeldung" (
	"session_id" text PRIMARY KEY NOT NULL,
	"art" text NOT NULL,
	"mehr_faktor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mandant_sso" ADD COLUMN "mfa_vertrauen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sitzung_anmeldung" ADD CONSTRAINT "sitzung_anmeldung_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): authentication tables are for the owner connection only (as two_factor, migration 0003).
REVOKE ALL ON TABLE "sitzung_anmeldung" FROM stellwerk_app;
