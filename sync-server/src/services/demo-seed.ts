import { readFileSync } from 'node:fs';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { isWriteRace } from '../db/dialect';
import { packagePath } from '../package-root';
import { anyKitEver, changeKits, createKit, setKitActive } from '../repositories/kits';
import { insertCard, setCardOptions } from '../repositories/scent-cards';
import { anyOptionEver, insertOption } from '../repositories/scent-options';
import { storeImage } from './uploads';

/** The demo kit's code: printed in the README so a new user can play at once. */
export const DEMO_KIT_CODE = 'DEMO1';

/** The demo's scent options with their Spanish names (API.md "Names in the player's language"). */
const PICTURES: Record<string, string> = {
  Lemon: 'Limón',
  Orange: 'Naranja',
  Banana: 'Plátano',
  Strawberry: 'Fresa',
  Rose: 'Rosa',
  Mint: 'Menta',
  Coffee: 'Café',
  Chocolate: 'Chocolate',
  Cinnamon: 'Canela',
  Smoke: 'Humo',
};

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
  const catalogued = async (db: Db) => (await anyKitEver(db)) || (await anyOptionEver(db));
  if (await catalogued(db)) return false;
  try {
    return await seedOnce(db, config, catalogued);
  } catch (err) {
    // Another server seeded between our look and our writes (the unique option names or kit name).
    if (isWriteRace(err) && (await catalogued(db))) return false;
    throw err;
  }
}

/**
 * The demo in one change, looked for again inside it: of servers starting together on one empty
 * database exactly one seeds, even without the startup lock (PostgreSQL: the loser's serializable
 * transaction is run again and finds the kit). A picture written by the loser is the same file
 * (content-hash names).
 */
async function seedOnce(db: Db, config: Config, catalogued: (db: Db) => Promise<boolean>): Promise<boolean> {
  // One change: the kit appears as version 1, active, with its five cards.
  return changeKits(db, async (change) => {
    if (await catalogued(change.db)) return false;
    const ids = new Map<string, number>();
    for (const [title, es] of Object.entries(PICTURES)) {
      const file = packagePath('demo', `${title.toLowerCase()}.png`);
      const storedPath = storeImage(config, readFileSync(file));
      ids.set(
        title,
        await insertOption(change.db, {
          title,
          names: { es },
          storedPath,
          originalFileName: `${title.toLowerCase()}.png`,
        }),
      );
    }
    const kitId = await createKit(change, { name: DEMO_KIT_CODE, passThreshold: 4 }, 0);
    for (const [i, card] of CARDS.entries()) {
      const correct = ids.get(card.correct) as number;
      const cardId = await insertCard(change, kitId, {
        name: card.name,
        names: { es: `Tarjeta de demostración ${i + 1}` },
        sortOrder: i + 1,
        correctScentOptionId: correct,
      });
      const options = card.options.map((title, j) => ({
        scentCardOptionId: 0,
        scentCardOptionDetailId: ids.get(title) as number,
        sortOrder: j + 1,
      }));
      await setCardOptions(change, kitId, cardId, options);
    }
    await setKitActive(change, kitId, true);
    return true;
  });
}
