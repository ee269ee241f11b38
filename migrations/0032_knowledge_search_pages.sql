-- Custom SQL migration file, put your code below! --
-- The knowledge index gains the imported page's title (issue 39 §3): a website section is often found by its page
-- rather than its own heading ("What do you charge to come out?" is answered by a section headed "Service call" on a
-- page titled "Pricing"). FTS5 cannot add a column to a virtual table, so the index and its triggers are made again,
-- as in 0029 with `page` last, and filled from knowledge_entries.
DROP TRIGGER IF EXISTS `knowledge_search_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `knowledge_search_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `knowledge_search_delete`;
--> statement-breakpoint
DROP TABLE IF EXISTS `knowledge_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `knowledge_search` USING fts5(
  `entry_id`,
  `organization_id`,
  `title`,
  `content`,
  `page`,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_insert` AFTER INSERT ON `knowledge_entries`
BEGIN
  INSERT INTO `knowledge_search` (`entry_id`, `organization_id`, `title`, `content`, `page`)
  VALUES (
    NEW.`id`,
    NEW.`organization_id`,
    CASE NEW.`kind` WHEN 'qa' THEN NEW.`question` ELSE NEW.`title` END,
    CASE NEW.`kind` WHEN 'qa' THEN NEW.`answer` ELSE NEW.`body` END,
    coalesce(NEW.`page_title`, '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_update` AFTER UPDATE OF `organization_id`, `kind`, `title`, `body`, `question`, `answer`, `page_title` ON `knowledge_entries`
BEGIN
  UPDATE `knowledge_search`
  SET
    `organization_id` = NEW.`organization_id`,
    `title` = CASE NEW.`kind` WHEN 'qa' THEN NEW.`question` ELSE NEW.`title` END,
    `content` = CASE NEW.`kind` WHEN 'qa' THEN NEW.`answer` ELSE NEW.`body` END,
    `page` = coalesce(NEW.`page_title`, '')
  WHERE `knowledge_search` MATCH 'entry_id:"' || replace(OLD.`id`, '"', '""') || '"' AND `entry_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_search_delete` AFTER DELETE ON `knowledge_entries`
BEGIN
  DELETE FROM `knowledge_search`
  WHERE `knowledge_search` MATCH 'entry_id:"' || replace(OLD.`id`, '"', '""') || '"' AND `entry_id` = OLD.`id`;
END;
--> statement-breakpoint
INSERT INTO `knowledge_search` (`entry_id`, `organization_id`, `title`, `content`, `page`)
SELECT
  `id`,
  `organization_id`,
  CASE `kind` WHEN 'qa' THEN `question` ELSE `title` END,
  CASE `kind` WHEN 'qa' THEN `answer` ELSE `body` END,
  coalesce(`page_title`, '')
FROM `knowledge_entries`;
