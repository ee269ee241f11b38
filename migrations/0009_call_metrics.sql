ALTER TABLE `calls` ADD `metrics` text;--> statement-breakpoint
ALTER TABLE `calls` ADD `cost_micro_usd` integer;