ALTER TABLE `calls` ADD `live_state` text;--> statement-breakpoint
ALTER TABLE `calls` ADD `owner_notes` text;