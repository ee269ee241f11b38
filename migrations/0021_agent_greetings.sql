-- Every agent has a greeting of words (issue 36): those stored without one get the default core's defaultGreeting() writes.
UPDATE `agents` SET `greeting` = 'Thanks for calling ' || (SELECT `name` FROM `organizations` WHERE `organizations`.`id` = `agents`.`organization_id`) || ', this is ' || `agents`.`name` || '. How can I help?'
WHERE `greeting` IS NULL OR trim(`greeting`) = '';
