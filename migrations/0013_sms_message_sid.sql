ALTER TABLE `conversation_messages` ADD `message_sid` text;--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_messages_message_sid_idx` ON `conversation_messages` (`message_sid`);