CREATE TABLE `knowledge_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`question` text DEFAULT '' NOT NULL,
	`answer` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`source_url` text,
	`agent_ids` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`edited` integer DEFAULT false NOT NULL,
	`box_of_agent_id` text,
	`content_hash` text,
	`import_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`box_of_agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_entries_org_updated_idx` ON `knowledge_entries` (`organization_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `knowledge_entries_org_source_url_idx` ON `knowledge_entries` (`organization_id`,`source_url`);--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_entries_box_idx` ON `knowledge_entries` (`box_of_agent_id`);--> statement-breakpoint
CREATE TABLE `knowledge_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`pages_total` integer DEFAULT 0 NOT NULL,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`failures` text DEFAULT '[]' NOT NULL,
	`pages` text,
	`error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_imports_org_created_idx` ON `knowledge_imports` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `knowledge_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`text` text NOT NULL,
	`normalized` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`call_ids` text DEFAULT '[]' NOT NULL,
	`suggested_answer` text,
	`status` text DEFAULT 'open' NOT NULL,
	`answer_entry_id` text,
	`digested_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`answer_entry_id`) REFERENCES `knowledge_entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_questions_org_normalized_idx` ON `knowledge_questions` (`organization_id`,`normalized`);--> statement-breakpoint
CREATE INDEX `knowledge_questions_org_status_updated_idx` ON `knowledge_questions` (`organization_id`,`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `calls` ADD `unanswered_questions` text;