import { z } from 'zod';

/**
 * The project-wide role, from the `role` custom claim (`npm run grant -- <email> admin`): the
 * project's owners, who may create festivals and act as admin of every festival on the
 * project. Everything else is per festival (`festivalRoleSchema`, festival-staff.ts).
 *
 * A module of its own: the web app's Auth chunk checks the claim with it, and taking it from
 * user.ts evaluated every schema there in the same task as the Auth SDK on a first visit.
 * The `staff` claim of earlier versions grants nothing any more (issue 35: staff rights were
 * global); `npm run grant` replaces it with a festival role.
 */
export const roleSchema = z.enum(['admin']);
export type Role = z.infer<typeof roleSchema>;

/**
 * A person's role in one festival, held in `festivals/{f}/staff/{uid}` (written by functions:
 * creating a festival, accepting an invite, `npm run grant`):
 * - `admin`: everything below, plus the festival's own settings and look, its staff and invites.
 * - `programme`: stages, artists, sets (editor and import), the venue map, info pages, announcements.
 * - `moderator`: photos (hide, restore), reports, suspensions.
 * Every role reads the festival's figures (the dashboard).
 */
export const festivalRoleSchema = z.enum(['admin', 'programme', 'moderator']);
export type FestivalRole = z.infer<typeof festivalRoleSchema>;
