-- Demo database "shop": customers, products, orders and order lines.
-- Nullable on purpose: product.price, customer.city.
CREATE TABLE customer (
  customer_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT
);
CREATE TABLE product (
  product_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  price REAL
);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
  order_date TEXT NOT NULL,
  status TEXT NOT NULL
);
CREATE TABLE order_item (
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  product_id INTEGER NOT NULL REFERENCES product(product_id),
  quantity INTEGER NOT NULL,
  PRIMARY KEY (order_id, product_id)
);

INSERT INTO customer VALUES
  (1, 'Sofia Rossi', 'Milan'),
  (2, 'Lukas Weber', 'Berlin'),
  (3, 'Amélie Durand', 'Lyon'),
  (4, 'Mateo García', 'Madrid'),
  (5, 'Hannah Becker', 'Berlin'),
  (6, 'Jules Martin', 'Lyon'),
  (7, 'Chiara Bianchi', 'Rome'),
  (8, 'Noah Smith', 'London'),
  (9, 'Olivia Brown', 'London'),
  (10, 'Pierre Lefèvre', 'Paris');

INSERT INTO product VALUES
  (1, 'Chef Knife', 'Kitchen', 49.90),
  (2, 'Cutting Board', 'Kitchen', 19.50),
  (3, 'Espresso Maker', 'Kitchen', 89.00),
  (4, 'Desk Lamp', 'Home', 34.00),
  (5, 'Wool Blanket', 'Home', 59.00),
  (6, 'Scented Candle', 'Home', 12.50),
  (7, 'Yoga Mat', 'Sports', 25.00),
  (8, 'Water Bottle', 'Sports', 9.90),
  (9, 'Running Socks', 'Sports', 11.00),
  (10, 'Notebook', 'Office', 4.50),
  (11, 'Fountain Pen', 'Office', 38.00),
  (12, 'Stapler', 'Office', 14.00),
  (13, 'Bike Helmet', 'Sports', 45.00),
  (14, 'Tea Towel', 'Kitchen', 6.50);

INSERT INTO orders VALUES
  (1001, 1, '2024-02-11', 'delivered'),
  (1002, 2, '2024-02-15', 'delivered'),
  (1003, 3, '2024-03-02', 'shipped'),
  (1004, 1, '2024-03-05', 'cancelled'),
  (1005, 4, '2024-03-09', 'delivered'),
  (1006, 5, '2024-03-12', 'cancelled'),
  (1007, 2, '2024-03-20', 'delivered'),
  (1008, 6, '2024-03-28', 'pending'),
  (1009, 7, '2024-04-02', 'cancelled'),
  (1010, 8, '2024-04-03', 'delivered'),
  (1011, 1, '2024-04-10', 'shipped');

INSERT INTO order_item VALUES
  (1001, 1, 1), (1001, 2, 2),
  (1002, 7, 1), (1002, 8, 2),
  (1003, 3, 1),
  (1004, 5, 1),
  (1005, 10, 5), (1005, 11, 1),
  (1006, 6, 3),
  (1007, 7, 1), (1007, 9, 3),
  (1008, 4, 1), (1008, 6, 2),
  (1009, 12, 1),
  (1010, 1, 1), (1010, 10, 2),
  (1011, 8, 1), (1011, 2, 1);
