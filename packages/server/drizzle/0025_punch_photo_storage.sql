-- Reserved for issue 36 (the phone punch photo storage); filled by its work.
SELECT 1;
