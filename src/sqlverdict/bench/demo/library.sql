-- Demo database "library": authors, books, members and loans.
-- Nullable on purpose: member.phone, loan.return_date (NULL = still on loan).
CREATE TABLE author (
  author_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT
);
CREATE TABLE book (
  book_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER NOT NULL REFERENCES author(author_id),
  year INTEGER NOT NULL,
  pages INTEGER NOT NULL
);
CREATE TABLE member (
  member_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  joined_year INTEGER NOT NULL,
  phone TEXT
);
CREATE TABLE loan (
  loan_id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES book(book_id),
  member_id INTEGER NOT NULL REFERENCES member(member_id),
  loan_date TEXT NOT NULL,
  return_date TEXT
);

INSERT INTO author VALUES
  (1, 'Chinua Achebe', 'Nigeria'),
  (2, 'Chimamanda Ngozi Adichie', 'Nigeria'),
  (3, 'Haruki Murakami', 'Japan'),
  (4, 'Toni Morrison', 'USA'),
  (5, 'Gabriel García Márquez', 'Colombia'),
  (6, 'Wisława Szymborska', 'Poland'),
  (7, 'Margaret Atwood', 'Canada'),
  (8, 'Kazuo Ishiguro', 'UK');

INSERT INTO book VALUES
  (1, 'Things Fall Apart', 1, 1958, 209),
  (2, 'Arrow of God', 1, 1964, 287),
  (3, 'Half of a Yellow Sun', 2, 2006, 433),
  (4, 'Americanah', 2, 2013, 588),
  (5, 'Norwegian Wood', 3, 1987, 295),
  (6, 'Kafka on the Shore', 3, 2002, 505),
  (7, 'Killing Commendatore', 3, 2017, 681),
  (8, 'Beloved', 4, 1987, 324),
  (9, 'Song of Solomon', 4, 1977, 337),
  (10, 'One Hundred Years of Solitude', 5, 1967, 417),
  (11, 'Love in the Time of Cholera', 5, 1985, 348),
  (12, 'The Handmaid''s Tale', 7, 1985, 311),
  (13, 'The Testaments', 7, 2019, 419),
  (14, 'Never Let Me Go', 8, 2005, 288),
  (15, 'Klara and the Sun', 8, 2021, 303);

INSERT INTO member VALUES
  (1, 'Ingrid Olsen', 2019, '555-0101'),
  (2, 'Tomás Silva', 2020, NULL),
  (3, 'Aisha Bello', 2021, '555-0103'),
  (4, 'Kenji Tanaka', 2018, '555-0104'),
  (5, 'Fatima Zahra', 2022, NULL),
  (6, 'Lars Nilsson', 2023, '555-0106');

INSERT INTO loan VALUES
  (1, 1, 1, '2024-01-05', '2024-01-20'),
  (2, 4, 1, '2024-02-01', NULL),
  (3, 5, 2, '2024-01-10', '2024-02-02'),
  (4, 8, 3, '2024-01-15', '2024-01-30'),
  (5, 10, 3, '2024-02-10', NULL),
  (6, 7, 4, '2024-02-12', '2024-03-01'),
  (7, 13, 5, '2024-03-01', NULL),
  (8, 3, 6, '2024-03-03', '2024-03-20'),
  (9, 14, 4, '2024-03-05', NULL),
  (10, 1, 2, '2024-03-07', '2024-03-21');
