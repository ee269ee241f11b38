-- Full-text search over the knowledge (issue 39 §3): when what an agent may use is beyond the instructions' budget, its
-- lookup_knowledge tool ranks the entries here (bm25). drizzle-kit has no words for a virtual table or a trigger, so
-- this migration is written by hand (`drizzle-kit generate --custom`) and its snapshot does not know the table.
--
-- One row per knowledge entry: a question-and-answer pair searches as its question (title) and answer (content), a
-- section as its title and body. The rows carry their own copy of the text and name their entry by id (never by
-- rowid, which VACUUM or an export and import may renumber in knowledge_entries); entry_id and organization_id are
-- indexed so the triggers and a lookup find them by a MATCH, not a scan. Enabled and agent_ids are not copied:
-- a lookup joins knowledge_entries for them, so disabling an entry or reassigning it needs no change here.
-- Porter stemming ("prices" finds "price", "opening" finds "open") over unicode61 with diacritics removed.
CREATE VIRTUAL TABLE `knowledge_search` USING fts5(
  `entry_id`,
  `organization_id`,
  `title`,
  `content`,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_insert` AFTER INSERT ON `knowledge_entries`
BEGIN
  INSERT INTO `knowledge_search` (`entry_id`, `organization_id`, `title`, `content`)
  VALUES (
    NEW.`id`,
    NEW.`organization_id`,
    CASE NEW.`kind` WHEN 'qa' THEN NEW.`question` ELSE NEW.`title` END,
    CASE NEW.`kind` WHEN 'qa' THEN NEW.`answer` ELSE NEW.`body` END
  );
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_update` AFTER UPDATE OF `organization_id`, `kind`, `title`, `body`, `question`, `answer` ON `knowledge_entries`
BEGIN
  UPDATE `knowledge_search`
  SET
    `organization_id` = NEW.`organization_id`,
    `title` = CASE NEW.`kind` WHEN 'qa' THEN NEW.`question` ELSE NEW.`title` END,
    `content` = CASE NEW.`kind` WHEN 'qa' THEN NEW.`answer` ELSE NEW.`body` END
  WHERE `knowledge_search` MATCH 'entry_id:"' || replace(OLD.`id`, '"', '""') || '"' AND `entry_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_delete` AFTER DELETE ON `knowledge_entries`
BEGIN
  DELETE FROM `knowledge_search`
  WHERE `knowledge_search` MATCH 'entry_id:"' || replace(OLD.`id`, '"', '""') || '"' AND `entry_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Entries written before this migration (the knowledge boxes moved into typed sections, if that ran first).
INSERT INTO `knowledge_search` (`entry_id`, `organization_id`, `title`, `content`)
SELECT
  `id`,
  `organization_id`,
  CASE `kind` WHEN 'qa' THEN `question` ELSE `title` END,
  CASE `kind` WHEN 'qa' THEN `answer` ELSE `body` END
FROM `knowledge_entries`;
