import { z } from 'zod';

export const healthData = z.object({ version: z.string(), db: z.literal('ok') });
/** What the PWA cannot know by itself: the address in kit QR codes; the map's tile template ('' = none). */
export const appConfigData = z.object({ publicUrl: z.string(), mapTileUrl: z.string() });
