-- A node that claims queued mail holds it until this time (issue 22: two nodes draining the outbox at once
-- sent some messages twice, because a claim committed with the row still 'queued' and free to claim again).
-- A node that dies mid-send leaves the claim to lapse; another node sends the message then.
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;
