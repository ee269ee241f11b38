-- Issue 35 rebuilds appointments around real start and end instants. The bookings stored before it hold only the
-- model's free text for their time, which no instant can be read from, so they are kept apart, as they were.
CREATE TABLE `appointments_free_text` AS SELECT * FROM `appointments`;
