CREATE TABLE `voice_prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`digest` text NOT NULL,
	`content_type` text NOT NULL,
	`audio_base64` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voice_prompts_org_digest_idx` ON `voice_prompts` (`organization_id`,`digest`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `integrations` ADD `account_ref` text;--> statement-breakpoint
CREATE INDEX `integrations_account_ref_idx` ON `integrations` (`provider`,`account_ref`);--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `daily_spend_cap_usd` integer;--> statement-breakpoint
ALTER TABLE `phone_numbers` ADD `twilio_account_sid` text;--> statement-breakpoint
-- Organizations created before the trial existed get theirs from their creation date.
UPDATE `organizations` SET `trial_ends_at` = `created_at` + 14 * 86400000 WHERE `trial_ends_at` IS NULL;
