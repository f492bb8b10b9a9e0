import { readFileSync } from 'node:fs';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { bumpKitVersion, saveSnapshot } from '../repositories/kits';
import { storeImage } from './uploads';

/** The demo kit's code: printed in the README so a new user can play at once. */
export const DEMO_KIT_CODE = 'DEMO1';

const PICTURES = [
  'Lemon',
  'Orange',
  'Banana',
  'Strawberry',
  'Rose',
  'Mint',
  'Coffee',
  'Chocolate',
  'Cinnamon',
  'Smoke',
];

/** Five cards of five options each; the first name of each line is the correct answer. */
const CARDS: { name: string; correct: string; options: string[] }[] = [
  { name: 'Demo card 1', correct: 'Lemon', options: ['Rose', 'Lemon', 'Coffee', 'Mint', 'Smoke'] },
  { name: 'Demo card 2', correct: 'Coffee', options: ['Banana', 'Orange', 'Cinnamon', 'Coffee', 'Strawberry'] },
  { name: 'Demo card 3', correct: 'Rose', options: ['Chocolate', 'Mint', 'Lemon', 'Banana', 'Rose'] },
  { name: 'Demo card 4', correct: 'Mint', options: ['Mint', 'Smoke', 'Strawberry', 'Cinnamon', 'Orange'] },
  { name: 'Demo card 5', correct: 'Orange', options: ['Coffee', 'Chocolate', 'Orange', 'Rose', 'Banana'] },
];

/**
 * With SEED_DEMO on and an empty catalogue (no kits, no scent options), adds the demo: ten scent
 * options with pictures the project drew itself, and an active kit DEMO1 of five cards.
 * Returns whether it seeded.
 */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  if (!config.seedDemo) return false;
  const kits = await db.selectFrom('testKits').select('id').limit(1).executeTakeFirst();
  const options = await db.selectFrom('scentOptions').select('id').limit(1).executeTakeFirst();
  if (kits || options) return false;

  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const title of PICTURES) {
      const file = new URL(`../../demo/${title.toLowerCase()}.png`, import.meta.url);
      const storedPath = storeImage(config.dataDir, readFileSync(file));
      const { id } = await trx
        .insertInto('scentOptions')
        .values({ title, storedPath, originalFileName: `${title.toLowerCase()}.png`, deletedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(title, id);
    }
    const kit = await trx
      .insertInto('testKits')
      .values({
        name: DEMO_KIT_CODE,
        nameKey: DEMO_KIT_CODE.toLowerCase(),
        isActive: 0,
        passThreshold: 4,
        version: 1,
        deletedAt: null,
      })
      .returning(['id', 'name', 'isActive', 'passThreshold', 'version', 'updatedAt', 'deletedAt'])
      .executeTakeFirstOrThrow();
    await saveSnapshot(trx, kit);
    for (const [i, card] of CARDS.entries()) {
      const { id: cardId } = await trx
        .insertInto('scentCards')
        .values({
          testKitId: kit.id,
          name: card.name,
          sortOrder: i + 1,
          correctScentOptionId: ids.get(card.correct) ?? null,
          deletedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('scentCardOptions')
        .values(
          card.options.map((title, j) => ({
            scentCardId: cardId,
            scentOptionId: ids.get(title) as number,
            sortOrder: j + 1,
            deletedAt: null,
          })),
        )
        .execute();
    }
    await trx.updateTable('testKits').set({ isActive: 1 }).where('id', '=', kit.id).execute();
    await bumpKitVersion(trx, kit.id);
  });
  return true;
}
