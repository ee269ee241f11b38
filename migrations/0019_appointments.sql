CREATE TABLE `appointments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`service_id` text,
	`service_name` text NOT NULL,
	`agent_id` text,
	`call_id` text,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`notes` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`busy_until` integer NOT NULL,
	`time_zone` text NOT NULL,
	`language` text DEFAULT 'en-US' NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`source` text NOT NULL,
	`confirmation_code` text NOT NULL,
	`manage_token_hash` text NOT NULL,
	`calendar_provider` text,
	`calendar_event_id` text,
	`calendar_state` text DEFAULT 'none' NOT NULL,
	`reminder_sent_at` integer,
	`canceled_at` integer,
	`cancel_notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `appointments_org_start_idx` ON `appointments` (`organization_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `appointments_org_status_start_idx` ON `appointments` (`organization_id`,`status`,`start_at`);--> statement-breakpoint
CREATE INDEX `appointments_reminder_due_idx` ON `appointments` (`status`,`reminder_sent_at`,`start_at`);--> statement-breakpoint
CREATE INDEX `appointments_calendar_state_idx` ON `appointments` (`calendar_state`);--> statement-breakpoint
CREATE INDEX `appointments_call_idx` ON `appointments` (`call_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_org_code_idx` ON `appointments` (`organization_id`,`confirmation_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_manage_token_idx` ON `appointments` (`manage_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_org_booked_start_idx` ON `appointments` (`organization_id`,`start_at`) WHERE status = 'booked';