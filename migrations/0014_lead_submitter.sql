ALTER TABLE `leads` ADD `submitter` text;--> statement-breakpoint
CREATE INDEX `leads_submitter_created_idx` ON `leads` (`submitter`,`created_at`);