-- reserved for issue 27 (filled by the change that needs it)
SELECT 1;
