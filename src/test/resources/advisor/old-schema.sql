-- OLD's schema for PrecheckIT: a column named with a word reserved later, utf8 columns and tables.
CREATE DATABASE app;
USE app;
CREATE TABLE ledger (id INT PRIMARY KEY, `offset` INT, note VARCHAR(20) CHARACTER SET utf8) DEFAULT CHARSET=utf8mb4;
CREATE TABLE legacy (id INT PRIMARY KEY) DEFAULT CHARSET=utf8;
