CREATE TABLE `test_run_effects` (
	`id` text PRIMARY KEY NOT NULL,
	`call_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_run_effects_call_idx` ON `test_run_effects` (`call_id`);--> statement-breakpoint
CREATE TABLE `test_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`created_by` text,
	`scenario` text NOT NULL,
	`lines` text NOT NULL,
	`expect` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`verdict` text,
	`call_sid` text NOT NULL,
	`call_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_runs_call_sid_unique` ON `test_runs` (`call_sid`);--> statement-breakpoint
CREATE INDEX `test_runs_org_created_idx` ON `test_runs` (`organization_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `custom_test_lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `custom_test_expect` text DEFAULT 'info' NOT NULL;