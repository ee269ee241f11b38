CREATE TABLE `text_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`call_id` text,
	`purpose` text NOT NULL,
	`from_number` text,
	`to_number` text NOT NULL,
	`status` text NOT NULL,
	`code` text,
	`segments` integer NOT NULL,
	`price_micro_usd` integer DEFAULT 0 NOT NULL,
	`message_sid` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `text_messages_org_created_idx` ON `text_messages` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `text_messages_call_idx` ON `text_messages` (`call_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `text_prices` (
	`account_sid` text NOT NULL,
	`iso_country` text NOT NULL,
	`micro_usd` integer NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`account_sid`, `iso_country`)
);
--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `texts_per_hour` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `texts_per_day` integer DEFAULT 200 NOT NULL;