import { beforeAll, describe, expect, it } from 'vitest';
import { createOptions, createPlayableKit, updateKit } from '../../../test/catalogue';
import { signIn, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useTestApp } from '../../../test/helpers';
import { pull } from '../../../test/play';

/** A code that devices already hold in their checkpoints must reach them again when reused. */
describe('reusing a kit code', () => {
  const t = useTestApp();
  let token: string;

  beforeAll(async () => {
    token = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });

  const versionOf = async (id: number) =>
    (await t.app.db.selectFrom('testKits').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

  it('a kit created under the code of a deleted kit starts above its version, so devices pull it', async () => {
    const options = await createOptions(t.app, token, 5, 'Reuse');
    const { kitId } = await createPlayableKit(t.app, token, 'REUSE1', options);
    const seen = await pull(t.app, { codes: ['reuse1'], checkpoint: null, batchSize: 5 });
    const deviceVersion = seen.checkpoint.versions.reuse1;
    expect(deviceVersion).toBe(await versionOf(kitId));

    await updateKit(t.app, token, { Id: kitId, Name: 'REUSE1', IsActive: false });
    const del = await t.app.inject({
      url: `/api/TestKit/DeleteTestKit?Ids=${kitId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.statusCode).toBe(200);
    const gone = await pull(t.app, {
      codes: ['reuse1'],
      checkpoint: { versions: { reuse1: deviceVersion } },
      batchSize: 5,
    });
    const tombstoneVersion = gone.checkpoint.versions.reuse1;
    expect(gone.documents[0]).toMatchObject({ id: 'reuse1', _deleted: true });

    const { kitId: again } = await createPlayableKit(t.app, token, 'Reuse1', options);
    expect(await versionOf(again)).toBeGreaterThan(tombstoneVersion);
    const back = await pull(t.app, {
      codes: ['reuse1'],
      checkpoint: { versions: { reuse1: tombstoneVersion } },
      batchSize: 5,
    });
    expect(back.documents).toHaveLength(1);
    expect(back.documents[0]).toMatchObject({ id: 'reuse1', kitId: again, _deleted: false });
  });

  it('a kit renamed to a code another kit carried before goes above that kit too', async () => {
    const options = await createOptions(t.app, token, 5, 'Rename');
    const { kitId: first } = await createPlayableKit(t.app, token, 'OLDCODE', options);
    await updateKit(t.app, token, { Id: first, Name: 'NEWCODE', IsActive: true });
    const firstVersion = await versionOf(first);
    const { kitId: second } = await createPlayableKit(t.app, token, 'OTHER', options);
    expect(await versionOf(second)).toBeLessThan(firstVersion + 10);
    await updateKit(t.app, token, { Id: second, Name: 'OLDCODE', IsActive: true });
    expect(await versionOf(second)).toBeGreaterThan(firstVersion);
  });

  it('is sent to a device whose checkpoint names the former kit, whatever the versions', async () => {
    const options = await createOptions(t.app, token, 5, 'Taken');
    const { kitId: first } = await createPlayableKit(t.app, token, 'TAKE1', options);
    const seen = await pull(t.app, { codes: ['take1'], checkpoint: null, batchSize: 5 });
    expect(seen.checkpoint.kitIds).toEqual({ take1: first });

    await updateKit(t.app, token, { Id: first, Name: 'TAKE2', IsActive: true });
    const { kitId: second } = await createPlayableKit(t.app, token, 'Take1', options);
    expect(second).not.toBe(first);

    // A checkpoint far ahead of the new kit's version (a device that followed the first kit for
    // long, a restored backup): naming the kit it holds is enough for the new one to come.
    const ahead = { versions: { take1: 10_000 }, kitIds: { take1: first } };
    const taken = await pull(t.app, { codes: ['TAKE1'], checkpoint: ahead, batchSize: 5 });
    expect(taken.documents).toHaveLength(1);
    expect(taken.documents[0]).toMatchObject({ id: 'take1', kitId: second, _deleted: false });
    expect(taken.checkpoint.kitIds).toEqual({ take1: second });

    // Then caught up: the checkpoint it was given brings nothing more.
    const again = await pull(t.app, { codes: ['take1'], checkpoint: taken.checkpoint, batchSize: 5 });
    expect(again.documents).toEqual([]);

    // A device that pulled along the way (a real checkpoint) gets the new kit too.
    const along = await pull(t.app, { codes: ['take1'], checkpoint: seen.checkpoint, batchSize: 5 });
    expect(along.documents[0]).toMatchObject({ kitId: second });

    // An old checkpoint without kit ids still works by version (the floor keeps new kits above).
    const old = await pull(t.app, {
      codes: ['take1'],
      checkpoint: { versions: seen.checkpoint.versions },
      batchSize: 5,
    });
    expect(old.documents[0]).toMatchObject({ kitId: second });
  });
});

describe('UpdateTestKit with the spec body {Id, Name}', () => {
  const t = useTestApp();
  let token: string;

  beforeAll(async () => {
    token = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });

  it('keeps the active flag and the pass threshold it does not send', async () => {
    const options = await createOptions(t.app, token, 5, 'Keep');
    const { kitId } = await createPlayableKit(t.app, token, 'KEEP1', options);
    await updateKit(t.app, token, { Id: kitId, Name: 'KEEP1', IsActive: true, PassThreshold: 3 });
    const res = await updateKit(t.app, token, { Id: kitId, Name: 'KEEP2' });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('testKits')
      .select(['name', 'isActive', 'passThreshold'])
      .where('id', '=', kitId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'KEEP2', isActive: 1, passThreshold: 3 });
  });
});
