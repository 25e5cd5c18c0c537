-- 0023_notices: reserved for issue 30; its helper writes it.
SELECT 1;
