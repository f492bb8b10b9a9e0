import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_PX, sizedDir, storeImage } from '../../services/uploads';
import { createOption } from '../../test/catalogue';
import { makeTestApp, signIn, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/helpers';
import { makePng } from '../../test/images';

/* Pictures as the player downloads them: sized for the screen, the original kept and reachable. */

/** A photo-like picture (gradients and detail), `width` × `height`. */
function photo(width: number, height: number, seed = 1): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 255) / width;
      png.data[i + 1] = (y * 255) / height;
      png.data[i + 2] = ((x * y + seed) * 13) & 255;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}
const sizeOf = (buf: Buffer) => {
  const png = PNG.sync.read(buf);
  return [png.width, png.height];
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeTestApp();
  token = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.cleanup();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('/uploads', () => {
  it('serves an upload larger than the screen needs at most 288 px a side; the original stays whole', async () => {
    const original = photo(1600, 1200);
    const option = await createOption(t.app, token, 'Big photo', original);
    const name = path.basename(option.storedPath);
    // Made when stored, not on the player's first request.
    expect(existsSync(path.join(sizedDir(t.dataDir), name))).toBe(true);

    const res = await get(option.storedPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    expect(sizeOf(res.rawPayload)).toEqual([PICTURE_MAX_PX, 216]);
    expect(res.rawPayload.length).toBeLessThan(original.length / 4);

    const full = await get(`/uploads/originals/${name}`);
    expect(full.statusCode).toBe(200);
    expect(sizeOf(full.rawPayload)).toEqual([1600, 1200]);
    expect(full.rawPayload.equals(readFileSync(path.join(t.dataDir, 'uploads', name)))).toBe(true);
  });

  it('serves a picture that already fits as it was uploaded', async () => {
    const small = makePng(77, 200, 120);
    const option = await createOption(t.app, token, 'Small one', small);
    const res = await get(option.storedPath);
    expect(res.statusCode).toBe(200);
    expect(sizeOf(res.rawPayload)).toEqual([200, 120]);
    expect(existsSync(path.join(sizedDir(t.dataDir), path.basename(option.storedPath)))).toBe(false);
  });

  it('sizes a picture stored before sizing existed on its first request', async () => {
    const storedPath = storeImage(t.config, photo(900, 1800, 5));
    const name = path.basename(storedPath);
    const sized = path.join(sizedDir(t.dataDir), name);
    // As an older server left it: the original only.
    rmSync(sized);
    const res = await get(storedPath);
    expect(res.statusCode).toBe(200);
    expect(sizeOf(res.rawPayload)).toEqual([144, 288]);
    expect(existsSync(sized)).toBe(true);
    expect((await get(storedPath)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('serves an undecodable stored file as it is, and 404s unknown names', async () => {
    // A file under a stored name whose pixels cannot be read (never accepted by an upload).
    const broken = Buffer.concat([photo(400, 400).subarray(0, 33), Buffer.from('not image data')]);
    const name = `${'ab'.repeat(16)}.png`;
    writeFileSync(path.join(t.dataDir, 'uploads', name), broken);
    const res = await get(`/uploads/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(broken)).toBe(true);
    expect((await get(`/uploads/${'cd'.repeat(16)}.png`)).statusCode).toBe(404);
    expect((await get('/uploads/../scentry.db')).statusCode).toBe(404);
  });
});
