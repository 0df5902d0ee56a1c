-- Issue 21: the firm's audit log reads every row newest first; this index serves its pages at any size.
CREATE INDEX "audit_log_created_index" ON "audit_log" USING btree ("created_at", "id");
