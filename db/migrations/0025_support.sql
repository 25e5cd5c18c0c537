-- 0025_support: reserved for issue 30; its helper writes it.
SELECT 1;
