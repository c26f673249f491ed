/**
 * Signing in with the workspace's OpenID Connect provider (issue 41 item 6): the admin's
 * invitation by email, the link to the provider's subject, and the pure rules a sign-in follows
 * (which groups the ID token names, which mapped teams that puts the person in).
 */
import { z } from 'zod';

/** An email address as an admin types it; compared without regard to case. */
export const SignInEmail = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ error: 'email must be an email address (dana@example.com).' }))
  .transform((email) => email.toLowerCase());

export const SetSignInEmailBody = z.strictObject({ email: SignInEmail }).meta({ id: 'SetSignInEmailBody' });
export type SetSignInEmailBody = z.infer<typeof SetSignInEmailBody>;

/** How a member signs in with the provider: the email they were invited by, and whether their subject is linked. */
export const MemberSignIn = z
  .object({
    memberId: z.string(),
    /** The verified email their first sign-in must carry; null: not invited (tokens only, or already linked). */
    email: z.string().nullable(),
    /** The provider's issuer and stable subject, once their first sign-in linked them. */
    identity: z.object({ issuer: z.string(), subject: z.string(), linkedAt: z.iso.datetime() }).nullable(),
  })
  .meta({ id: 'MemberSignIn' });
export type MemberSignIn = z.infer<typeof MemberSignIn>;

/**
 * The groups an ID token names under `claim`: a list of strings, or one string. Null when no claim
 * is configured or the token does not carry it at all — a provider not sending the claim (a
 * missing scope or mapper) says nothing about anyone's groups, so nothing is taken away for it.
 */
export function groupsOf(claims: Record<string, unknown>, claim: string | null): string[] | null {
  if (!claim || !(claim in claims)) return null;
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * The mapped teams a sign-in puts the person in and takes them out of: each team of the map is
 * theirs exactly when one of its groups is in the token. Teams outside the map are the admins'.
 */
export function teamsFor(groups: readonly string[], map: ReadonlyArray<{ group: string; team: string }>) {
  const mine = new Set(map.filter((pair) => groups.includes(pair.group)).map((pair) => pair.team));
  const others = new Set(map.map((pair) => pair.team).filter((team) => !mine.has(team)));
  return { join: [...mine], leave: [...others] };
}

/** What a new member made at sign-in (just-in-time) is called: the token's name, else its email, else its subject. */
export function nameFromClaims(claims: { name?: unknown; email?: unknown; sub: string }): string {
  for (const value of [claims.name, claims.email]) if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
  return claims.sub.slice(0, 200);
}
