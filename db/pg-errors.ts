/** Recognising the Postgres errors Cast turns into domain errors (by SQLSTATE and constraint). */
type PgError = Error & { code?: string; constraint?: string };

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as PgError;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
