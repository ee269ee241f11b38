ALTER TABLE `organization_settings` ADD `widget_color` text DEFAULT '#8b6cff' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `enabled_widgets` text DEFAULT '["chat","test-call","voice-demo"]' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_settings` ADD `contact_url` text;