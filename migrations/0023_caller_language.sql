ALTER TABLE `agents` ADD `secondary_language` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `secondary_greeting` text;--> statement-breakpoint
ALTER TABLE `calls` ADD `language` text;