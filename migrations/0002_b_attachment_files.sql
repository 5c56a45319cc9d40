-- Attachment bytes move out of the database into files under DATA_DIR/attachments
-- (docs/decisions/0007-attachments-on-disk.md). A row names its file by storage_key; rows
-- written before this migration keep their bytes in data until the server moves them to
-- files at start (moveLegacyAttachments). Exactly one of the two holds the content.
ALTER TABLE order_attachments ALTER COLUMN data DROP NOT NULL;
ALTER TABLE order_attachments ADD COLUMN storage_key text UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$');
ALTER TABLE order_attachments ADD CONSTRAINT order_attachments_one_content
  CHECK ((data IS NULL) <> (storage_key IS NULL));
-- finds the rows still to move without reading any bytes
CREATE INDEX order_attachments_in_database_idx ON order_attachments (attachment_id) WHERE storage_key IS NULL;
