-- 0026_staff_roles: reserved for issue 30; its helper writes it.
SELECT 1;
