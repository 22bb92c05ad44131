-- Issue 36: a punch photo is a JPEG, which does not compress; stored out of line without the
-- attempt at compressing it (EXTERNAL rather than bytea's EXTENDED). Rows stored before keep theirs.
ALTER TABLE "scan_photos" ALTER COLUMN "jpeg" SET STORAGE EXTERNAL;
