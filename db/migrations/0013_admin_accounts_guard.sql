-- placeholder: filled in by issue 26's work (this session)
SELECT 1;
