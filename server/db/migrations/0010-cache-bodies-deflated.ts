/**
 * Cached bodies are deflated by the function before they are written, off the thread that serves requests, and
 * stored as they come (no second compression by the database). Rows from before keep their bodies as they were
 * ('identity', compressed by the database as before); both are read. docs/decisions/0179.
 */
export const sql = `
ALTER TABLE cache_entries ADD COLUMN body_encoding text NOT NULL DEFAULT 'identity' CHECK (body_encoding IN ('identity', 'deflate'));
ALTER TABLE cache_entries ALTER COLUMN body SET STORAGE EXTERNAL;
`
