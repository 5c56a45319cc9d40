-- A truck, a driver and an assistant are on at most one delivery on the road at a time
-- (issue 9): the crew's start checks it across roles with the rows locked; these indexes make
-- the database refuse a second In Transit delivery of the same truck, driver or assistant
-- whoever writes it.
create unique index deliveries_one_run_per_truck on deliveries (truck_id) where status = 'In Transit';
create unique index deliveries_one_run_per_driver on deliveries (driver_employee_id) where status = 'In Transit';
create unique index deliveries_one_run_per_assistant on deliveries (assistant_employee_id) where status = 'In Transit';
