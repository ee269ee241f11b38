CREATE TABLE `caller_memory_opt_outs` (
	`organization_id` text NOT NULL,
	`phone` text NOT NULL,
	`call_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`organization_id`, `phone`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `calls` ADD `language` text;--> statement-breakpoint
CREATE INDEX `calls_org_from_created_idx` ON `calls` (`organization_id`,`from_number`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_call_idx` ON `leads` (`call_id`);