-- 0024_maintenance: reserved for issue 30; its helper writes it.
SELECT 1;
