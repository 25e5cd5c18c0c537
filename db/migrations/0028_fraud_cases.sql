-- 0028_fraud_cases: reserved for issue 30; its helper writes it.
SELECT 1;
