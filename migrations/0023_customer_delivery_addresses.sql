-- The delivery addresses each customer's orders go to (docs/decisions/0049, part 1).
--
-- A customer searching its own order history (`GET /api/orders?q=`) matches each word in the
-- order's delivery address or in a product of the order (decisions 0041, 0046 part 3). The
-- addresses of one customer are few (the scale seed: 2,036 distinct addresses over 2,024
-- customers and 1M orders; bigcustomer1's 40,000 orders all go to one), so the words are tested
-- against these few rows instead of against every order: an address word that matches none of
-- them drops out of the WHERE (a search for words in none of the orders reads no order), one
-- that matches all of them is true for every order (the page is the plain list), and otherwise
-- the orders are matched by the exact addresses that hold it.
--
-- A superset, never short of an address: rows are added in the writer's transaction when an
-- order is inserted (a statement trigger over the inserted rows, sharing the transition table of
-- orders_count_insert) or moved to another customer or address (a row trigger that fires only
-- then: a status change never fires it), and never removed (an address whose orders were
-- deleted only costs a test of its words). Placing an order costs one lookup of the primary key
-- when the address is known (ON CONFLICT DO NOTHING takes no row lock), one insert when it is new.
CREATE TABLE customer_delivery_addresses (
  customer_id      integer NOT NULL,
  delivery_address text NOT NULL,
  PRIMARY KEY (customer_id, delivery_address)
);

CREATE FUNCTION customer_delivery_addresses_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO customer_delivery_addresses (customer_id, delivery_address)
  SELECT DISTINCT customer_id, delivery_address FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_delivery_addresses_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION customer_delivery_addresses_added();

CREATE FUNCTION customer_delivery_address_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO customer_delivery_addresses (customer_id, delivery_address)
  VALUES (NEW.customer_id, NEW.delivery_address)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_delivery_address_update AFTER UPDATE OF customer_id, delivery_address ON orders
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id
                     OR OLD.delivery_address IS DISTINCT FROM NEW.delivery_address)
  EXECUTE FUNCTION customer_delivery_address_moved();

-- Refills from orders: this migration, and bulk loaders that bypass the triggers (the scale seed).
CREATE FUNCTION rebuild_customer_delivery_addresses() RETURNS void AS $$
BEGIN
  DELETE FROM customer_delivery_addresses;
  INSERT INTO customer_delivery_addresses (customer_id, delivery_address)
  SELECT DISTINCT customer_id, delivery_address FROM orders;
END
$$ LANGUAGE plpgsql;

SELECT rebuild_customer_delivery_addresses();
ANALYZE customer_delivery_addresses;
