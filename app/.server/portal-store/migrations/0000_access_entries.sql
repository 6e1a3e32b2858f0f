CREATE TABLE "access_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"practice_key" text NOT NULL,
	"patient_id" text NOT NULL,
	"holder_key" text NOT NULL,
	"proxy_name" text,
	"area" text NOT NULL,
	"item_id" text,
	"action" text NOT NULL,
	"device" text NOT NULL,
	"session_id" text NOT NULL,
	CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change')),
	CONSTRAINT "access_entries_area" CHECK ("access_entries"."area" ~ '^[a-z][a-z-]{1,31}$'),
	CONSTRAINT "access_entries_patient_id" CHECK ("access_entries"."patient_id" ~ '^[A-Za-z0-9._:-]{1,128}$'),
	CONSTRAINT "access_entries_item_id" CHECK ("access_entries"."item_id" is null or "access_entries"."item_id" ~ '^[A-Za-z0-9._:-]{1,128}$'),
	CONSTRAINT "access_entries_keys" CHECK ("access_entries"."practice_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "access_entries"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "access_entries"."session_id" ~ '^[A-Za-z0-9_-]{8,64}$'),
	CONSTRAINT "access_entries_device" CHECK ("access_entries"."device" ~ '^[A-Za-z ]{1,40} on [A-Za-z ]{1,20}$'),
	CONSTRAINT "access_entries_proxy_name" CHECK ("access_entries"."proxy_name" is null or (char_length("access_entries"."proxy_name") between 1 and 100 and "access_entries"."proxy_name" !~ '[0-9\n\r\t<>]'))
);
--> statement-breakpoint
CREATE INDEX "access_entries_by_patient" ON "access_entries" USING btree ("practice_key","patient_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_entries_by_time" ON "access_entries" USING btree ("at");