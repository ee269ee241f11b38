ALTER TABLE `knowledge_imports` ADD `pages_new` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `knowledge_imports` ADD `pages_changed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `knowledge_imports` ADD `pages_unchanged` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `knowledge_imports` ADD `sections_added` integer DEFAULT 0 NOT NULL;