// A search typed by a person, as a LIKE pattern: its %, _ and \ are looked for literally.

/** `s` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape, the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/** A pattern matching any text that contains `q`. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;
