ALTER TABLE `organization_settings` ADD `chat_agent_id` text REFERENCES agents(id) ON DELETE set null;
