-- The sample shop: categories, customers, products, orders, order_lines.
-- Loads on MariaDB 10.1 to 11.4 and MySQL 5.7/8.0. Character set and collation are explicit
-- everywhere, so that servers whose defaults differ (11.2+ maps utf8mb4 to uca1400_ai_ci,
-- MySQL 8.0 to 0900_ai_ci) still hold the same data under the same rules.
-- Indexed VARCHARs stay at 191 characters or less: 10.1 and 5.6-style row formats cap index
-- keys at 767 bytes. JSON lives in TEXT/LONGTEXT: 10.1 has no JSON functions, and MySQL's JSON
-- type would normalise the text.

CREATE DATABASE IF NOT EXISTS shop DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
USE shop;

DROP TABLE IF EXISTS order_lines;
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS products;
DROP TABLE IF EXISTS customers;
DROP TABLE IF EXISTS categories;

CREATE TABLE categories (
  id SMALLINT UNSIGNED NOT NULL,
  parent_id SMALLINT UNSIGNED NULL,
  name VARCHAR(64) NOT NULL,
  slug VARCHAR(64) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_categories_slug (slug),
  KEY idx_categories_parent (parent_id),
  CONSTRAINT fk_categories_parent FOREIGN KEY (parent_id) REFERENCES categories (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT,
  email VARCHAR(191) NOT NULL,
  first_name VARCHAR(64) NOT NULL,
  last_name VARCHAR(64) NOT NULL,
  city VARCHAR(64) NULL,
  country CHAR(2) NOT NULL,
  birth_date DATE NULL,
  created_at DATETIME NOT NULL,
  updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  loyalty_points INT NOT NULL DEFAULT 0,
  credit_limit DECIMAL(10,2) NULL,
  tier ENUM('bronze','silver','gold','platinum') NOT NULL DEFAULT 'bronze',
  preferences TEXT NULL COMMENT 'JSON document, or NULL',
  PRIMARY KEY (id),
  UNIQUE KEY uk_customers_email (email),
  KEY idx_customers_country_city (country, city),
  KEY idx_customers_last_name (last_name),
  KEY idx_customers_created (created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE products (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT,
  sku VARCHAR(32) NOT NULL,
  category_id SMALLINT UNSIGNED NOT NULL,
  name VARCHAR(191) NOT NULL,
  description TEXT NULL,
  price DECIMAL(10,2) NOT NULL,
  cost DECIMAL(12,4) NULL,
  weight_kg DOUBLE NULL,
  rating FLOAT NULL,
  stock INT NOT NULL DEFAULT 0,
  status ENUM('active','discontinued','draft') NOT NULL DEFAULT 'draft',
  attributes LONGTEXT NULL COMMENT 'JSON document, or NULL',
  created_at DATETIME NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_products_sku (sku),
  KEY idx_products_category_price (category_id, price),
  KEY idx_products_status (status),
  KEY idx_products_name (name),
  CONSTRAINT fk_products_category FOREIGN KEY (category_id) REFERENCES categories (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT,
  customer_id INT UNSIGNED NOT NULL,
  status ENUM('pending','paid','shipped','delivered','cancelled','refunded') NOT NULL,
  ordered_at DATETIME NOT NULL,
  shipped_at DATETIME NULL,
  delivery_date DATE NULL,
  currency CHAR(3) NOT NULL DEFAULT 'EUR',
  total DECIMAL(12,2) NOT NULL,
  shipping_cost DECIMAL(8,2) NOT NULL DEFAULT 0.00,
  coupon_code VARCHAR(20) NULL,
  note VARCHAR(255) NULL,
  updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY idx_orders_customer_ordered (customer_id, ordered_at),
  KEY idx_orders_status_ordered (status, ordered_at),
  KEY idx_orders_ordered (ordered_at),
  CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE order_lines (
  order_id INT UNSIGNED NOT NULL,
  line_no SMALLINT UNSIGNED NOT NULL,
  product_id INT UNSIGNED NOT NULL,
  quantity SMALLINT UNSIGNED NOT NULL,
  unit_price DECIMAL(10,2) NOT NULL,
  discount_rate DOUBLE NOT NULL DEFAULT 0,
  tax_rate DECIMAL(4,3) NOT NULL,
  PRIMARY KEY (order_id, line_no),
  KEY idx_order_lines_product (product_id),
  CONSTRAINT fk_order_lines_order FOREIGN KEY (order_id) REFERENCES orders (id),
  CONSTRAINT fk_order_lines_product FOREIGN KEY (product_id) REFERENCES products (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
