-- Custom SQL migration file, put your code below! --
-- Issue 39 §1: each agent's knowledge box becomes one typed section of its organization's knowledge, serving that
-- agent only; the title is core's knowledgeBoxTitle(). An agent whose box is empty or blank gets none.
-- agents.knowledge_base stays (a mirror of the section while the answering code still reads it).
INSERT OR IGNORE INTO `knowledge_entries` (`id`, `organization_id`, `kind`, `title`, `body`, `source`, `agent_ids`, `box_of_agent_id`)
SELECT 'kb_' || lower(hex(randomblob(16))), `organization_id`, 'section', 'Knowledge base: ' || `name`, `knowledge_base`, 'typed', json_array(`id`), `id`
FROM `agents`
WHERE trim(`knowledge_base`, ' ' || char(9, 10, 13)) <> '';
