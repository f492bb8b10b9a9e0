import { CATALOGUE_MSG, MSG, type ScentOption, type ScentOptionModel } from '@scentry/shared-schema';
import type { Db } from '../db/database';
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
  dirs: PictureDirs,
  model: ScentOptionModel,
  file: UploadedFile | undefined,
): Promise<ScentOption> {
  const png = checkPng(file);
  const title = tidyTitle(model.title);
  await refuseTakenTitle(db, title);
  const option = {
    title,
    storedPath: storeImage(dirs, png.buffer),
    originalFileName: png.fileName || null,
  };
  return { id: await sameTitleRace(() => insertOption(db, option)), ...option };
}

/** A new title and, when a file is sent, a new picture; kits showing it get a new version. */
export async function updateScentOption(
  db: Db,
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
    storedPath: png ? storeImage(dirs, png.buffer) : current.storedPath,
    originalFileName: png ? png.fileName || null : current.originalFileName,
  };
  await sameTitleRace(() => changeKits(db, (change) => updateOption(change, model.id, option)));
  return { id: model.id, ...option };
}

/** Hides a scent option that no live card shows or names as its answer. */
export async function deleteScentOption(db: Db, id: number): Promise<void> {
  if (!(await findOption(db, id))) throw notFound(CATALOGUE_MSG.optionNotFound);
  if ((await kitsUsingOption(db, id)).length || (await optionIsCorrectAnswer(db, id))) {
    throw warning(CATALOGUE_MSG.optionInUse);
  }
  await hideOption(db, id);
}
