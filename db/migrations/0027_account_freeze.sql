-- 0027_account_freeze: reserved for issue 30; its helper writes it.
SELECT 1;
