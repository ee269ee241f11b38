ALTER TABLE `two_factors` ADD `verified` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `two_factors` ADD `failed_verification_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `two_factors` ADD `locked_until` integer;