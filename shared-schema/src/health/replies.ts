import { z } from 'zod';

/** The health check: the database answers ('ok'), or not ('down', with a 503), and which engine it is. */
export const healthData = z.object({
  version: z.string(),
  db: z.enum(['ok', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
});
/** What the PWA cannot know by itself: the address in kit QR codes; the map's tile template ('' = none). */
export const appConfigData = z.object({ publicUrl: z.string(), mapTileUrl: z.string() });

export const HEALTH_MSG = { databaseDown: 'The database does not answer' } as const;
