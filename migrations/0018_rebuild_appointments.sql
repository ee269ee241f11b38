CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`price_text` text,
	`agent_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `services_org_created_idx` ON `services` (`organization_id`,`created_at`);--> statement-breakpoint
DROP TABLE `appointments`;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `booking_min_notice_minutes` integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `booking_horizon_days` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `booking_slot_step_minutes` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `closed_dates` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `calendar_feed_token` text;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `calendar_alerted_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `organization_settings_calendar_feed_token_unique` ON `organization_settings` (`calendar_feed_token`);--> statement-breakpoint
ALTER TABLE `test_run_effects` ADD `data` text;