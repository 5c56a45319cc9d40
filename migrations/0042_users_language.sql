-- Issue 26 (docs/decisions/0082): the language a user chose for the portals, stored on the
-- server so that it follows the person to another device and so that the texts the server makes
-- for them (notifications, the invoice PDF) are in it. NULL: never chosen (English is used).
-- The languages: English, Sinhala, Tamil (LANGUAGES in src/shared/contract/auth.ts).
ALTER TABLE users ADD COLUMN language text
  CONSTRAINT users_language_check CHECK (language IN ('en', 'si', 'ta'));
