-- Places were SVG element ids; they become plan coordinates { x, y }. Ids cannot be turned into
-- coordinates: such places lose their position and are placed again in the seat dialog (issue 9).
ALTER TABLE "leseraum" ALTER COLUMN "position" SET DATA TYPE jsonb USING (CASE WHEN "position" ~ '^\s*\{' THEN "position"::jsonb ELSE NULL END);--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ADD COLUMN "bereich" text DEFAULT 'leseraum' NOT NULL;--> statement-breakpoint
ALTER TABLE "leseraum" ADD COLUMN "brandschutzhelfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leseraum" ADD COLUMN "ersthelfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leseraum" ADD COLUMN "bestaetigung_durch_personal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ADD CONSTRAINT "grundriss_leseraum_bereich_check" CHECK ("grundriss_leseraum"."bereich" in ('leseraum', 'arbeitswelt'));--> statement-breakpoint
ALTER TABLE "leseraum" ADD CONSTRAINT "leseraum_position_check" CHECK ("leseraum"."position" is null or (jsonb_typeof("leseraum"."position"->'x') = 'number' and jsonb_typeof("leseraum"."position"->'y') = 'number'));