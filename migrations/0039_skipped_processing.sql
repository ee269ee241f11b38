-- Custom SQL migration file, put your code below! --
-- Calls that never reached the AI (abandoned while they connected, never answered) were stored as failed analyses;
-- they had nothing to process: 'skipped', with no error (worker/src/voice/call-status.ts now writes them so).
UPDATE `calls` SET `processing_status` = 'skipped', `processing_error` = NULL
WHERE `processing_status` = 'failed' AND `processing_error` = 'No transcript available to reprocess.'
  AND `kind` = 'conversation' AND `transcript` IS NULL AND `screened` IS NULL;
