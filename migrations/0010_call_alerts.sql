ALTER TABLE `members` ADD `call_alerts` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `alert_email` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `alert_sms` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `calls` ADD `alerted_at` integer;