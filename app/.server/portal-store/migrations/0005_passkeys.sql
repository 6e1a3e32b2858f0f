CREATE TABLE "passkeys" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"holder_key" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_keys" CHECK ("passkeys"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "passkeys"."credential_id" ~ '^[A-Za-z0-9_-]{16,}$' and char_length("passkeys"."credential_id") <= 1400 and "passkeys"."public_key" ~ '^[A-Za-z0-9_-]{16,}$' and char_length("passkeys"."public_key") <= 2000),
	CONSTRAINT "passkeys_counter" CHECK ("passkeys"."counter" >= 0),
	CONSTRAINT "passkeys_transports" CHECK ("passkeys"."transports" ~ '^[a-z-]{0,20}(,[a-z-]{1,20}){0,7}$'),
	CONSTRAINT "passkeys_name" CHECK (char_length("passkeys"."name") between 1 and 60 and "passkeys"."name" !~ '[\n\r\t<>]')
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
CREATE INDEX "passkeys_by_holder" ON "passkeys" USING btree ("holder_key");--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed', 'new-device', 'device-signed-out', 'share-link-made', 'share-link-revoked', 'share-manifest-fetched', 'share-file-fetched', 'share-passcode-wrong', 'share-link-ended', 'passkey-added', 'passkey-renamed', 'passkey-removed', 'passkey-used', 'passkey-refused'));