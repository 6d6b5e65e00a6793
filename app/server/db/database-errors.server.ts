/**
 * What PostgreSQL said when a statement failed, as node-postgres and PGlite report it: on the
 * error itself, or, once Drizzle has wrapped it ("Failed query: …"), on its `cause`.
 */
export interface DatabaseError {
  code?: string;
  message?: string;
}

export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { cause } = error as { cause?: unknown };
  return typeof cause === "object" && cause !== null ? cause : error;
}

/** PostgreSQL's unique_violation: another row already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === "23505";
}

/** PostgreSQL's foreign_key_violation: the row referred to is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === "23503";
}
