CREATE TABLE "whanau_parents" (
	"practice_key" text NOT NULL,
	"patient_id" text NOT NULL,
	"holder_key" text NOT NULL,
	"holder_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"relationship" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"view" text,
	"chosen_at" timestamp with time zone,
	CONSTRAINT "whanau_parents_practice_key_patient_id_holder_key_pk" PRIMARY KEY("practice_key","patient_id","holder_key"),
	CONSTRAINT "whanau_parents_keys" CHECK ("whanau_parents"."practice_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "whanau_parents"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "whanau_parents_ids" CHECK ("whanau_parents"."patient_id" ~ '^[A-Za-z0-9._:-]{1,128}$' and "whanau_parents"."holder_id" ~ '^[A-Za-z0-9._:-]{1,128}$'),
	CONSTRAINT "whanau_parents_holder_name" CHECK (char_length("whanau_parents"."holder_name") between 1 and 100 and "whanau_parents"."holder_name" !~ '[0-9\n\r\t<>]'),
	CONSTRAINT "whanau_parents_relationship" CHECK (char_length("whanau_parents"."relationship") between 1 and 40),
	CONSTRAINT "whanau_parents_view" CHECK (("whanau_parents"."view" is null) = ("whanau_parents"."chosen_at" is null) and ("whanau_parents"."view" is null or "whanau_parents"."view" in ('full', 'limited', 'none')))
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed', 'new-device', 'device-signed-out', 'share-link-made', 'share-link-revoked', 'share-manifest-fetched', 'share-file-fetched', 'share-passcode-wrong', 'share-link-ended', 'passkey-added', 'passkey-renamed', 'passkey-removed', 'passkey-used', 'passkey-refused', 'password-check-failed', 'passkey-recovery', 'refused', 'sharing-full', 'sharing-limited', 'sharing-none', 'sharing-by-age'));