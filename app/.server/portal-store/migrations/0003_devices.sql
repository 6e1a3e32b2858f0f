CREATE TABLE "devices" (
	"holder_key" text NOT NULL,
	"device_id" text NOT NULL,
	"label" text NOT NULL,
	"address_range" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "devices_holder_key_device_id_pk" PRIMARY KEY("holder_key","device_id"),
	CONSTRAINT "devices_keys" CHECK ("devices"."holder_key" ~ '^[A-Za-z0-9_-]{16,64}$' and "devices"."device_id" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "devices_label" CHECK ("devices"."label" ~ '^[A-Za-z ]{1,40} on [A-Za-z ]{1,20}$'),
	CONSTRAINT "devices_address_range" CHECK ("devices"."address_range" ~ '^[0-9a-fA-F.:x/]{1,48}$' or "devices"."address_range" = 'unknown')
);
--> statement-breakpoint
ALTER TABLE "access_entries" DROP CONSTRAINT "access_entries_action";--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_action" CHECK ("access_entries"."action" in ('view', 'download', 'change', 'second-step-on', 'second-step-off', 'recovery-codes-made', 'recovery-code-used', 'second-step-failed', 'new-device', 'device-signed-out'));