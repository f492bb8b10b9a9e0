import { z } from 'zod';

/**
 * The health check: the instance serving ('ready') or stopping ('draining', with a 503: a proxy
 * takes it out while it finishes), the database answering ('ok') or not ('down', with a 503), or
 * taking no writes ('full', 'read-only': health stays 200, reads go on, writes answer 503), and which
 * engine it is.
 */
export const healthData = z.object({
  version: z.string(),
  state: z.enum(['ready', 'draining']),
  db: z.enum(['ok', 'full', 'read-only', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
});
/** What the PWA cannot know by itself: the address in kit QR codes; the map's tile template ('' = none). */
export const appConfigData = z.object({ publicUrl: z.string(), mapTileUrl: z.string() });

export const HEALTH_MSG = {
  databaseDown: 'The database does not answer',
  draining: 'This instance is stopping',
} as const;
