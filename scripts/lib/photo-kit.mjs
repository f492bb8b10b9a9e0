// The bench's photo-sized kit (issue 40): a kit maker's real photos weigh far more than the demo's
// flat drawings. PHOTO1 has five cards of five options, each picture 288×288 (the size the server
// serves for a choice: services/uploads.ts PICTURE_MAX_PX) drawn as a photo would compress: soft
// colour fields with grain, about `pictureKb` KB each as PNG. Made through the API as staff would.
import { encodePng } from './png.mjs';

const SIDE = 288;

/** A photo-like PNG of about `kb` KB: a smooth gradient of `seed`'s colours with grain of the strength that reaches it. */
export function photoPng(seed, kb = 60) {
  const hue = (seed * 47) % 360;
  const base = [
    128 + 100 * Math.cos((hue * Math.PI) / 180),
    128 + 100 * Math.cos(((hue + 120) * Math.PI) / 180),
    128 + 100 * Math.cos(((hue + 240) * Math.PI) / 180),
  ];
  let random = seed * 2654435761;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random / 2147483648;
  };
  const draw = (grain) => {
    const px = new Uint8Array(SIDE * SIDE * 4);
    for (let y = 0; y < SIDE; y++)
      for (let x = 0; x < SIDE; x++) {
        const shade = 0.6 + 0.4 * Math.sin((x + seed * 13) / 40) * Math.cos((y - seed * 7) / 55);
        const i = (y * SIDE + x) * 4;
        for (let c = 0; c < 3; c++)
          px[i + c] = Math.max(0, Math.min(255, Math.round(base[c] * shade + (next() - 0.5) * grain)));
        px[i + 3] = 255;
      }
    return encodePng(SIDE, SIDE, px);
  };
  // The grain that gives about `kb` KB: a few tries of a bisection (the size grows with the grain).
  let [low, high] = [0, 64];
  let png = draw(high);
  for (let i = 0; i < 7; i++) {
    const grain = (low + high) / 2;
    png = draw(grain);
    if (png.length > kb * 1024) high = grain;
    else low = grain;
  }
  return png;
}

async function call(api, token, path, body) {
  const res = await fetch(api + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.status !== 'Success') throw new Error(`${path}: ${res.status} ${envelope.message}`);
  return envelope.data;
}

/**
 * Makes the kit `code` (five cards, five photo-sized options each, active) on the server at `api`
 * as the staff member `email`; resolves with the pictures' mean size in KB.
 */
export async function makePhotoKit(api, { email, password, code = 'PHOTO1', pictureKb = 60 }) {
  const { token } = await call(api, null, '/api/User/Authenticate', { email, password });
  const optionIds = [];
  let bytes = 0;
  for (let n = 1; n <= 25; n++) {
    const png = photoPng(n, pictureKb);
    bytes += png.length;
    const form = new FormData();
    form.append('model', JSON.stringify({ Title: `Photo ${n}` }));
    form.append('file', new Blob([png], { type: 'image/png' }), `photo-${n}.png`);
    const res = await fetch(`${api}/api/ScentCardOption/CreateScentCardOption`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const envelope = await res.json();
    if (envelope.status !== 'Success') throw new Error(`CreateScentCardOption: ${envelope.message}`);
    optionIds.push(envelope.data.id);
  }
  const { testKitId } = await call(api, token, '/api/TestKit/SaveTestKit', { Id: 0, Name: code, PassThreshold: 4 });
  for (let c = 0; c < 5; c++) {
    const ids = optionIds.slice(c * 5, c * 5 + 5);
    await call(api, token, '/api/SentCard/CreateSentCardDetails', {
      Id: 0,
      TestKitId: testKitId,
      Name: `Photo card ${c + 1}`,
      SortOrder: c + 1,
      ScentCardOptionResultId: ids[0],
      ScentCardOptions: ids.map((id, i) => ({ ScentCardOptionId: 0, ScentCardOptionDetailId: id, SortOrder: i + 1 })),
    });
  }
  await call(api, token, '/api/TestKit/UpdateTestKit', { Id: testKitId, Name: code, IsActive: true });
  return bytes / 25 / 1024;
}
