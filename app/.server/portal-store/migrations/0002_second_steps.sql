CREATE TABLE "second_step_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "second_step_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"holder_key" text NOT NULL,
	"kind" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "second_step_codes_kind" CHECK ("second_step_codes"."kind" in ('email', 'recovery')),
	CONSTRAINT "second_step_codes_hash" CHECK ("second_step_codes"."code_hash" ~ '^[A-Za-z0-9_-]{43}$'),
	CONSTRAINT "second_step_codes_expiry" CHECK (("second_step_codes"."kind" = 'email') = ("second_step_codes"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "second_steps" (
	"holder_key" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"turned_on_at" timestamp with time zone NOT NULL,
	CONSTRAINT "second_steps_holder_key" CHECK ("second_steps"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "second_steps_method" CHECK ("second_steps"."method" in ('email'))
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
CREATE INDEX "second_step_codes_by_holder" ON "second_step_codes" USING btree ("holder_key","kind");--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed'));