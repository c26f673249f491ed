/** An access ask's rules (FR-16, FR-19), zod-free for the workflow bundle; its wire shape is in `access-ask-schema.ts`. */

/** How a granted access ask was closed: checked by Cast, or on the member's word (E9). */
export const AccessVerification = ['verified', 'self_reported'] as const;
export type AccessVerification = (typeof AccessVerification)[number];
