-- Search data at 1M orders (issue 13), set-based, on a migrated PostgreSQL database:
--   createdb kp_x && (migrate: start the server once with DATABASE_URL, or npm run bench:search does it)
--   psql -d kp_x -f bench/search-fill.sql
-- 20,000 customers with real-looking names and addresses (so trigram matching has work to do),
-- 1M orders, 300 crew, 120 trucks, 36 routes, 7,300 train trips, 100,000 deliveries carrying
-- 500,000 orders, and a reservation in the stock ledger per order (a tenth with a note).
\timing on
BEGIN;
SET LOCAL session_replication_role = replica;
INSERT INTO cities (name, is_hub) VALUES ('Kandy', true), ('Colombo', false), ('Negombo', false), ('Galle', false),
  ('Matara', false), ('Jaffna', false), ('Trincomalee', false);
INSERT INTO stores (city_id, address, near_station_name)
  SELECT city_id, city_id || ' Station Road', name || ' Station' FROM cities WHERE NOT is_hub;
INSERT INTO roles (role_name) VALUES ('Admin'), ('Manager'), ('Warehouse Manager'), ('Driver'), ('Customer');
INSERT INTO products (name, category, unit_price, space_per_unit, available_units)
  SELECT (ARRAY['Ceylon Tea','Coconut Oil','Basmati Rice','Red Lentils','Cinnamon Sticks','Chili Powder','Curry Powder',
                'Jaggery','Kithul Treacle','Milk Powder'])[1 + g % 10] || ' ' || (ARRAY['100g','250g','500g','1kg','5kg'])[1 + g / 10],
         (ARRAY['Beverages','Oils','Grains','Spices','Dairy'])[1 + g % 5], 1 + g % 20, 0.5, 1000000
    FROM generate_series(0, 49) g;
-- names: 40 first names x 50 surnames x 10 business words, spread over the customers
INSERT INTO customers (name, type, address, city, city_id)
  SELECT f.n || ' ' || s.n || ' ' || (ARRAY['Stores','Traders','Mini Mart','Grocery','Distributors','Enterprises',
                                              'Super Centre','Wholesale','Food City','Agencies'])[1 + g % 10],
         CASE WHEN g % 3 = 0 THEN 'Wholesale' ELSE 'Retail' END,
         (1 + g % 400) || ' ' || (ARRAY['Galle Road','Temple Road','Hill Street','Lake Road','Main Street','Station Road',
                                    'Church Street','Market Lane','Beach Road','Kandy Road'])[1 + (g / 7) % 10],
         c.name, c.city_id
    FROM generate_series(1, 20000) g
    JOIN LATERAL (SELECT (ARRAY['Nuwan','Kasun','Saman','Chaminda','Dilshan','Ruwan','Tharindu','Lahiru','Amila','Sanjeewa',
                                'Nimal','Sunil','Kamal','Pradeep','Asanka','Mahesh','Roshan','Chathura','Isuru','Dinesh',
                                'Anoma','Dilani','Kumari','Nadeesha','Sanduni','Tharushi','Ishara','Malini','Shiromi','Chamari',
                                'Ayesha','Nirosha','Hasini','Madhavi','Piumi','Gayani','Rasika','Janaki','Sewwandi','Thilini'])[1 + g % 40] AS n) f ON true
    JOIN LATERAL (SELECT (ARRAY['Perera','Fernando','Silva','Jayasinghe','Bandara','Rajapaksa','Wickramasinghe','Gunawardena',
                                'Dissanayake','Senanayake','Ratnayake','Herath','Karunaratne','Weerasinghe','Wijesinghe',
                                'Jayawardena','Amarasinghe','Gunasekara','Samarasinghe','Kumara','Rathnayake','Ekanayake',
                                'Liyanage','Madushanka','Pathirana','Hettiarachchi','Abeysekera','Wijeratne','Mendis','Peiris',
                                'De Alwis','Cooray','Jayasuriya','Munasinghe','Nanayakkara','Premadasa','Rodrigo','Siriwardena',
                                'Tennakoon','Upul','Vithanage','Yapa','Zoysa','Ariyaratne','Balasuriya','Chandrasiri',
                                'Dharmasena','Edirisinghe','Fonseka','Goonetilleke'])[1 + (g / 40) % 50] AS n) s ON true
    JOIN cities c ON c.city_id = 2 + g % 6;
INSERT INTO employees (first_name, last_name, type, store_id)
  SELECT (ARRAY['Nuwan','Kasun','Saman','Chaminda','Ruwan','Lahiru','Amila','Nimal','Sunil','Kamal'])[1 + g % 10],
         (ARRAY['Perera','Silva','Bandara','Herath','Kumara','Mendis','Yapa','Cooray','Peiris','Zoysa'])[1 + (g / 10) % 10] || ' ' || g,
         CASE WHEN g % 2 = 0 THEN 'Driver' ELSE 'Assistant' END, 1 + g % 6
    FROM generate_series(1, 300) g;
INSERT INTO trucks (plate_number, capacity, store_id)
  SELECT (ARRAY['WP','CP','SP','NP','EP'])[1 + g % 5] || ' ' || (ARRAY['CAB','LA','KY','PH','GA'])[1 + (g / 5) % 5] || '-' || (1000 + g * 37),
         100, 1 + g % 6 FROM generate_series(1, 120) g;
INSERT INTO routes (store_id, name, end_location, covered_towns, max_delivery_hours)
  SELECT 1 + g % 6, t.town || ' route', t.town, ARRAY[t.town, t.town || ' North'], 4
    FROM generate_series(0, 35) g
    JOIN LATERAL (SELECT (ARRAY['Dehiwala','Ratmalana','Moratuwa','Panadura','Kalutara','Wattala','Ja-Ela','Kochchikade',
                                'Hikkaduwa','Ambalangoda','Unawatuna','Weligama','Dikwella','Tangalle','Chavakachcheri',
                                'Point Pedro','Kankesanthurai','Nilaveli','Kinniya','Mutur','Gampaha','Minuwangoda','Katunayake',
                                'Seeduwa','Kelaniya','Kadawatha','Kiribathgoda','Nugegoda','Maharagama','Kottawa','Homagama',
                                'Piliyandala','Bandaragama','Horana','Matugama','Akuressa'])[1 + g] AS town) t ON true;
-- 1M orders over ~3 years up to now, of the customers, 50 per customer
INSERT INTO orders (customer_id, order_date, schedule_date, status, delivery_address, city_id)
  SELECT 1 + (g % 20000), ts, (ts AT TIME ZONE 'UTC')::date + 8,
         CASE WHEN ts > now() - interval '5 days' THEN 'Pending'
              ELSE (ARRAY['Delivered','Delivered','Delivered','Delivered','Delivered','Delivered','Cancelled'])[1 + g % 7] END,
         c.address || ', ' || c.city, c.city_id
    FROM (SELECT g, now() - ((1000000 - g) * interval '94 seconds') AS ts FROM generate_series(1, 1000000) g) s
    JOIN customers c ON c.customer_id = 1 + (s.g % 20000);
INSERT INTO order_items (order_id, product_id, quantity, unit_price)
  SELECT o.order_id, 1 + ((o.order_id * 7 + k * 13) % 50), 1 + (o.order_id % 9), 1 + ((o.order_id + k) % 20)
    FROM orders o, generate_series(0, 1 + o.order_id % 2) k;
-- a trip per city per train a day for ~3 years back and 2 months ahead
INSERT INTO train_trips (train_name, departure_city_id, arrival_city_id, departure_date_time, arrival_date_time, total_capacity)
  SELECT (ARRAY['Udarata Menike','Podi Menike','Yal Devi','Ruhunu Kumari','Samudra Devi'])[1 + (c + extract(doy from d)::int) % 5],
         1, c, d, d + interval '5 hours', 1000
    FROM generate_series(now() - interval '1000 days', now() + interval '60 days', interval '1 day') d, generate_series(2, 7) c;
-- 100,000 deliveries, 5 orders each
INSERT INTO deliveries (truck_id, route_id, driver_employee_id, assistant_employee_id, delivery_date_time, end_date_time, status)
  SELECT 1 + g % 120, 1 + g % 36, 2 * (1 + g % 150), 2 * (1 + g % 150) - 1, t, t + interval '3 hours',
         CASE WHEN t > now() THEN 'Scheduled' ELSE 'Delivered' END
    FROM (SELECT g, now() - interval '1000 days' + g * interval '15 minutes' AS t FROM generate_series(1, 100000) g) s;
INSERT INTO delivery_orders (delivery_id, order_id)
  SELECT 1 + (g - 1) / 5, g * 2 FROM generate_series(1, 500000) g;
-- the ledger: a reservation per order (a tenth with a note, as manual entries have)
INSERT INTO stock_movements (product_id, delta, reason, order_id, note, created_at, seq, balance_after)
  SELECT 1 + o.order_id % 50, -1, 'order_reserved', o.order_id,
         CASE WHEN o.order_id % 10 = 0 THEN (ARRAY['Damaged carton replaced','Recount after audit','Short shipment from supplier',
                                                   'Returned by customer','Expired stock written off'])[1 + (o.order_id / 10) % 5] END,
         o.order_date, o.order_id, 0
    FROM orders o;
INSERT INTO users (user_name, email, password_hash, role_id, customer_id, employee_id) VALUES
  ('bench-admin', 'admin@bench.lk', 'x', 1, NULL, NULL), ('bench-manager', 'manager@bench.lk', 'x', 2, NULL, NULL),
  ('bench-warehouse', 'warehouse@bench.lk', 'x', 3, NULL, NULL), ('bench-driver', 'driver@bench.lk', 'x', 4, NULL, 2),
  ('bench-customer', 'customer@bench.lk', 'x', 5, 42, NULL);
INSERT INTO users (user_name, email, password_hash, role_id, customer_id)
  SELECT 'user' || customer_id, 'user' || customer_id || '@shop.lk', 'x', 5, customer_id FROM customers WHERE customer_id <> 42;
COMMIT;
ANALYZE;
SELECT (SELECT count(*) FROM orders) orders, (SELECT count(*) FROM customers) customers,
       (SELECT count(*) FROM deliveries) deliveries, (SELECT count(*) FROM train_trips) trips,
       (SELECT count(*) FROM stock_movements) movements;
