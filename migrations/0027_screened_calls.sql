ALTER TABLE `organization_settings` ADD `blocked_numbers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `calls` ADD `screened` text;