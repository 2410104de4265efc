/** True when `err` is SQLite refusing a write because a PRIMARY KEY or UNIQUE constraint is taken. */
export function isSqliteUniqueViolation(err: unknown): boolean {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
