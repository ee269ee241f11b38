-- Two booked appointments of one organization never overlap (issue 35 §4). Each holds its time from start_at to
-- busy_until (its end plus its service's buffer); a row that would overlap a booked one is refused by the database
-- itself, inside the statement that writes it, so two callers racing for a time book exactly one. Canceled rows hold
-- nothing. The refusal reads `slot_taken`. (drizzle-kit does not track triggers: a later migration that rebuilds the
-- appointments table must create them again; worker/test/appointments-race.test.ts fails if they are missing.)
CREATE TRIGGER `appointments_no_overlap_insert` BEFORE INSERT ON `appointments`
WHEN NEW.`status` = 'booked' AND EXISTS (
  SELECT 1 FROM `appointments` AS `held`
  WHERE `held`.`organization_id` = NEW.`organization_id` AND `held`.`status` = 'booked'
    AND `held`.`start_at` < NEW.`busy_until` AND NEW.`start_at` < `held`.`busy_until`
)
BEGIN
  SELECT RAISE(ABORT, 'slot_taken');
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_no_overlap_update` BEFORE UPDATE OF `start_at`, `busy_until`, `status` ON `appointments`
WHEN NEW.`status` = 'booked' AND EXISTS (
  SELECT 1 FROM `appointments` AS `held`
  WHERE `held`.`organization_id` = NEW.`organization_id` AND `held`.`status` = 'booked' AND `held`.`id` <> NEW.`id`
    AND `held`.`start_at` < NEW.`busy_until` AND NEW.`start_at` < `held`.`busy_until`
)
BEGIN
  SELECT RAISE(ABORT, 'slot_taken');
END;
--> statement-breakpoint
-- Every organization can take bookings from the start: a default "Appointment" of 30 minutes for those that exist.
INSERT INTO `services` (`id`, `organization_id`, `name`, `duration_minutes`, `buffer_minutes`, `agent_ids`)
SELECT
  lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
    substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  `organizations`.`id`, 'Appointment', 30, 0, '[]'
FROM `organizations`
WHERE NOT EXISTS (SELECT 1 FROM `services` WHERE `services`.`organization_id` = `organizations`.`id`);
--> statement-breakpoint
-- Each organization's private calendar feed gets its unguessable token (32 random bytes, as new ones get).
UPDATE `organization_settings` SET `calendar_feed_token` = lower(hex(randomblob(32))) WHERE `calendar_feed_token` IS NULL;
