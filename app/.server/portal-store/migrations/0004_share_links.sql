CREATE TABLE "share_link_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "share_link_tickets_hash" CHECK ("share_link_tickets"."ticket_hash" ~ '^[A-Za-z0-9_-]{43}$')
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"manifest_hash" text NOT NULL,
	"practice_key" text NOT NULL,
	"patient_id" text NOT NULL,
	"holder_key" text NOT NULL,
	"label" text,
	"passcode_hash" text NOT NULL,
	"file" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"wrong_passcodes" integer DEFAULT 0 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "share_links_manifest_hash_unique" UNIQUE("manifest_hash"),
	CONSTRAINT "share_links_id" CHECK ("share_links"."id" ~ '^[A-Za-z0-9_-]{22}$'),
	CONSTRAINT "share_links_manifest_hash" CHECK ("share_links"."manifest_hash" ~ '^[A-Za-z0-9_-]{43}$'),
	CONSTRAINT "share_links_keys" CHECK ("share_links"."practice_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "share_links"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "share_links_patient_id" CHECK ("share_links"."patient_id" ~ '^[A-Za-z0-9._:-]{1,128}$'),
	CONSTRAINT "share_links_label" CHECK ("share_links"."label" is null or (char_length("share_links"."label") between 1 and 80 and "share_links"."label" !~ '[[:cntrl:]]')),
	CONSTRAINT "share_links_passcode_hash" CHECK ("share_links"."passcode_hash" ~ '^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$'),
	CONSTRAINT "share_links_file" CHECK ("share_links"."file" is null or "share_links"."file" ~ '^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
	CONSTRAINT "share_links_times" CHECK ("share_links"."expires_at" > "share_links"."created_at"),
	CONSTRAINT "share_links_counts" CHECK ("share_links"."wrong_passcodes" >= 0 and "share_links"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
ALTER TABLE "share_link_tickets" ADD CONSTRAINT "share_link_tickets_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_tickets_by_link" ON "share_link_tickets" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "share_links_by_patient" ON "share_links" USING btree ("practice_key","patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "share_links_by_expiry" ON "share_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed', 'new-device', 'device-signed-out', 'share-link-made', 'share-link-revoked', 'share-manifest-fetched', 'share-file-fetched', 'share-passcode-wrong', 'share-link-ended'));