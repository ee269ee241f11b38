ALTER TABLE `organization_settings` ADD `custom_test_phrase` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `test_runs` ADD `phrase` text;