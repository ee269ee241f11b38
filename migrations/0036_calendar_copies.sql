CREATE TABLE `appointment_calendar_copies` (
	`id` text PRIMARY KEY NOT NULL,
	`appointment_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`provider` text NOT NULL,
	`event_id` text,
	`state` text NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appointment_calendar_copies_appointment_provider_idx` ON `appointment_calendar_copies` (`appointment_id`,`provider`);--> statement-breakpoint
CREATE INDEX `appointment_calendar_copies_state_idx` ON `appointment_calendar_copies` (`state`,`updated_at`);--> statement-breakpoint
CREATE INDEX `appointment_calendar_copies_org_provider_idx` ON `appointment_calendar_copies` (`organization_id`,`provider`,`state`);--> statement-breakpoint
ALTER TABLE `integrations` ADD `alerted_at` integer;--> statement-breakpoint
-- Every connected calendar gets its own copy of each appointment. The one copy each appointment had becomes its row
-- here, as it was (a pending one stays pending, for the cron to make), before the columns that held it are dropped.
INSERT INTO `appointment_calendar_copies` (`id`, `appointment_id`, `organization_id`, `provider`, `event_id`, `state`, `updated_at`)
SELECT
  lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
    substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  `id`, `organization_id`, `calendar_provider`, `calendar_event_id`, `calendar_state`, `updated_at`
FROM `appointments`
WHERE `calendar_provider` IS NOT NULL AND `calendar_state` IN ('pending', 'synced');
--> statement-breakpoint
-- The owner is now told once per calendar: an organization's mark goes to the calendar it was about, the one its
-- bookings were copied to (Google Calendar when verified, else Cal.com).
UPDATE `integrations` SET `alerted_at` = (
  SELECT `calendar_alerted_at` FROM `organization_settings` WHERE `organization_settings`.`organization_id` = `integrations`.`organization_id`
)
WHERE `provider` = CASE
  WHEN EXISTS (
    SELECT 1 FROM `integrations` AS `google`
    WHERE `google`.`organization_id` = `integrations`.`organization_id` AND `google`.`provider` = 'google_calendar' AND `google`.`test_status` = 'success'
  ) THEN 'google_calendar'
  ELSE 'calcom'
END;
--> statement-breakpoint
DROP INDEX `appointments_calendar_state_idx`;--> statement-breakpoint
ALTER TABLE `appointments` DROP COLUMN `calendar_provider`;--> statement-breakpoint
ALTER TABLE `appointments` DROP COLUMN `calendar_event_id`;--> statement-breakpoint
ALTER TABLE `appointments` DROP COLUMN `calendar_state`;--> statement-breakpoint
ALTER TABLE `organization_settings` DROP COLUMN `calendar_alerted_at`;