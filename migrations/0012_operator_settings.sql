ALTER TABLE `organization_settings` ADD `bridge_ws_url` text;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `crm_webhook_url` text;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `sms_sender_number` text;