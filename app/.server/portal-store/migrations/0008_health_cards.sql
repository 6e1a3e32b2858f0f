CREATE TABLE "health_cards" (
	"copy_id" text PRIMARY KEY NOT NULL,
	"holder_key" text NOT NULL,
	"credential_id" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_cards_keys" CHECK ("health_cards"."copy_id" ~ '^[A-Za-z0-9_-]{22}$' and "health_cards"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "health_cards"."credential_id" ~ '^[A-Za-z0-9_-]{16,}$' and char_length("health_cards"."credential_id") <= 1400),
	CONSTRAINT "health_cards_times" CHECK ("health_cards"."expires_at" > "health_cards"."made_at")
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "prf" boolean;--> statement-breakpoint
CREATE INDEX "health_cards_by_holder" ON "health_cards" USING btree ("holder_key");--> statement-breakpoint
CREATE INDEX "health_cards_by_expiry" ON "health_cards" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed', 'new-device', 'device-signed-out', 'share-link-made', 'share-link-revoked', 'share-manifest-fetched', 'share-file-fetched', 'share-passcode-wrong', 'share-link-ended', 'card-kept', 'passkey-added', 'passkey-renamed', 'passkey-removed', 'passkey-used', 'passkey-refused', 'password-check-failed', 'passkey-recovery', 'refused', 'sharing-full', 'sharing-limited', 'sharing-none', 'sharing-by-age'));