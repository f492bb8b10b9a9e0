import { CATALOGUE_MSG, MSG, type ScentOption, type ScentOptionModel } from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { invalid, notFound, warning } from '../lib/errors';
import type { UploadedFile } from '../lib/multipart';
import { changeKits } from '../repositories/kits';
import {
  findOption,
  hideOption,
  insertOption,
  isTitleConflict,
  kitsUsingOption,
  optionIsCorrectAnswer,
  tidyTitle,
  titleTaken,
  updateOption,
} from '../repositories/scent-options';
import { audit } from './audit';
import type { Origin } from './caller';
import { checkPng, type PictureDirs, storeImage } from './uploads';

/** A name another live option has (ignoring case and white space) is a 400 Warning. */
async function refuseTakenTitle(db: Db, title: string, id = 0): Promise<void> {
  if (await titleTaken(db, title, id))
    throw warning(CATALOGUE_MSG.optionNameTaken, `title: ${CATALOGUE_MSG.optionNameTaken}`);
}

/** The same name saved twice at once: the unique index refuses the second, with the same Warning. */
async function sameTitleRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isTitleConflict(err)) throw warning(CATALOGUE_MSG.optionNameTaken, `title: ${CATALOGUE_MSG.optionNameTaken}`);
    throw err;
  }
}

/** A new scent option: every check passes before anything is written, to disk or database. */
export async function createScentOption(
  db: Db,
  origin: Origin,
  dirs: PictureDirs,
  model: ScentOptionModel,
  file: UploadedFile | undefined,
): Promise<ScentOption> {
  const png = checkPng(file);
  const title = tidyTitle(model.title);
  await refuseTakenTitle(db, title);
  const option = {
    title,
    names: model.names.es ? { es: tidyTitle(model.names.es) } : {},
    storedPath: storeImage(dirs, png.buffer),
    originalFileName: png.fileName || null,
  };
  const id = await sameTitleRace(() =>
    inTransaction(db, async (trx) => {
      const made = await insertOption(trx, option);
      await audit(trx, origin, 'create', 'scent option', made, { detail: title });
      return made;
    }),
  );
  return { id, ...option };
}

/** A new title and names and, when a file is sent, a new picture; kits showing it get a new version. */
export async function updateScentOption(
  db: Db,
  origin: Origin,
  dirs: PictureDirs,
  model: ScentOptionModel,
  file: UploadedFile | undefined,
): Promise<ScentOption> {
  if (model.id <= 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.optionUpdateNeedsId);
  const png = file && file.buffer.length > 0 ? checkPng(file) : undefined;
  const current = await findOption(db, model.id);
  if (!current) throw notFound(CATALOGUE_MSG.optionNotFound);
  const title = tidyTitle(model.title);
  await refuseTakenTitle(db, title, model.id);
  const option = {
    title,
    names: model.names.es ? { es: tidyTitle(model.names.es) } : {},
    storedPath: png ? storeImage(dirs, png.buffer) : current.storedPath,
    originalFileName: png ? png.fileName || null : current.originalFileName,
  };
  await sameTitleRace(() =>
    changeKits(db, async (change) => {
      await updateOption(change, model.id, option);
      await audit(change.db, origin, 'update', 'scent option', model.id, { detail: title });
    }),
  );
  return { id: model.id, ...option };
}

/** Hides a scent option that no live card shows or names as its answer. */
export async function deleteScentOption(db: Db, origin: Origin, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await findOption(trx, id))) throw notFound(CATALOGUE_MSG.optionNotFound);
    if ((await kitsUsingOption(trx, id)).length || (await optionIsCorrectAnswer(trx, id))) {
      throw warning(CATALOGUE_MSG.optionInUse);
    }
    await hideOption(trx, id);
    await audit(trx, origin, 'delete', 'scent option', id);
  });
}
