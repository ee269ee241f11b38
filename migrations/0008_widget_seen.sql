ALTER TABLE `widget_keys` ADD `last_seen_origin` text;--> statement-breakpoint
ALTER TABLE `widget_keys` ADD `last_seen_at` integer;