-- Reserved for issue 37 (scan ingestion); filled by its work.
SELECT 1;
