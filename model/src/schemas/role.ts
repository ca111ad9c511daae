import { z } from 'zod';

/**
 * Staff roles, from the `role` custom claim. A module of its own: the web app's Auth chunk
 * checks the claim with it, and taking it from user.ts evaluated every schema there (favourites,
 * notices, preferences, devices) in the same task as the Auth SDK on a first visit.
 */
export const roleSchema = z.enum(['staff', 'admin']);
export type Role = z.infer<typeof roleSchema>;
