-- Demo database "school": departments, teachers, students, courses and enrollments.
-- Nullable on purpose: student.advisor_id, student.email, enrollment.grade, teacher.salary.
CREATE TABLE department (
  dept_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  building TEXT
);
CREATE TABLE teacher (
  teacher_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  dept_id INTEGER NOT NULL REFERENCES department(dept_id),
  salary INTEGER,
  hire_year INTEGER
);
CREATE TABLE student (
  student_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  year INTEGER NOT NULL,
  advisor_id INTEGER REFERENCES teacher(teacher_id),
  email TEXT
);
CREATE TABLE course (
  course_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  dept_id INTEGER NOT NULL REFERENCES department(dept_id),
  credits INTEGER NOT NULL,
  teacher_id INTEGER REFERENCES teacher(teacher_id)
);
CREATE TABLE enrollment (
  student_id INTEGER NOT NULL REFERENCES student(student_id),
  course_id INTEGER NOT NULL REFERENCES course(course_id),
  grade INTEGER,
  PRIMARY KEY (student_id, course_id)
);

INSERT INTO department VALUES
  (1, 'Mathematics', 'Hilbert Hall'),
  (2, 'Physics', 'Curie Building'),
  (3, 'History', 'Gibbon Hall'),
  (4, 'Computer Science', 'Turing Wing'),
  (5, 'Music', 'Clara Hall');

INSERT INTO teacher VALUES
  (1, 'Ada Lovelace', 4, 82000, 2011),
  (2, 'Emmy Noether', 1, 78000, 2009),
  (3, 'Carl Gauss', 1, 71000, 2015),
  (4, 'Lise Meitner', 2, 69000, 2012),
  (5, 'Richard Feynman', 2, 74000, 2018),
  (6, 'Mary Beard', 3, 48000, 2020),
  (7, 'Eric Hobsbawm', 3, 45000, 2016),
  (8, 'Grace Hopper', 4, 88000, 2008),
  (9, 'Alan Turing', 4, 79000, 2014),
  (10, 'Clara Schumann', 5, 47000, 2019);

INSERT INTO student VALUES
  (1, 'Liam Chen', 1, 2, 'liam.chen@school.edu'),
  (2, 'Mia Novak', 2, 1, 'mia.novak@school.edu'),
  (3, 'Noah Kim', 3, 8, 'noah.kim@school.edu'),
  (4, 'Emma Dubois', 1, 9, 'emma.dubois@school.edu'),
  (5, 'Lucas Rossi', 2, 4, 'lucas.rossi@school.edu'),
  (6, 'Ava Müller', 4, 5, 'ava.mueller@school.edu'),
  (7, 'Ethan Park', 3, 3, 'ethan.park@school.edu'),
  (8, 'Zoe Ahmed', 1, 1, 'zoe.ahmed@school.edu'),
  (9, 'Leo Santos', 2, 2, 'leo.santos@school.edu'),
  (10, 'Nora Jensen', 4, 8, 'nora.jensen@school.edu'),
  (11, 'Omar Haddad', 3, 9, 'omar.haddad@school.edu'),
  (12, 'Ella Fischer', 1, 4, 'ella.fischer@school.edu');

INSERT INTO course VALUES
  (101, 'Calculus I', 1, 5, 2),
  (102, 'Linear Algebra', 1, 5, 3),
  (103, 'Abstract Algebra', 1, 6, 2),
  (201, 'Mechanics', 2, 5, 5),
  (202, 'Nuclear Physics', 2, 6, 4),
  (301, 'Modern European History', 3, 4, 7),
  (302, 'Ancient Rome', 3, 4, 6),
  (401, 'Programming', 4, 5, 8),
  (402, 'Algorithms', 4, 6, 9),
  (403, 'Compilers', 4, 6, 8),
  (501, 'Music Theory', 5, 3, 10);

INSERT INTO enrollment VALUES
  (1, 101, 88), (1, 401, 92),
  (2, 102, 75), (2, 402, 81),
  (3, 201, 67), (3, 403, NULL),
  (4, 101, 90), (4, 301, 72),
  (5, 202, 85),
  (6, 402, 95), (6, 403, NULL),
  (7, 102, 70),
  (8, 501, 88),
  (9, 302, 64),
  (10, 401, 79),
  (11, 201, 83),
  (12, 101, NULL);
