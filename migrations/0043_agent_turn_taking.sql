ALTER TABLE `agents` ADD `turn_detection` text DEFAULT 'server_vad' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `silence_duration_ms` integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `eagerness` text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `noise_reduction` text DEFAULT 'far_field' NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `interruption_min_ms` integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE `agents` ADD `realtime_model` text;--> statement-breakpoint
ALTER TABLE `calls` ADD `realtime_model` text;