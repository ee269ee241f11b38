CREATE TABLE `sms_opt_outs` (
	`organization_id` text NOT NULL,
	`phone` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`organization_id`, `phone`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `digest_phone` text;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `last_digest_date` text;