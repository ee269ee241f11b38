ALTER TABLE `agents` ADD `secondary_language` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `secondary_greeting` text;