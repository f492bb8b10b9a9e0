import { pngSize, type ReportModel, type ReportPictures } from '@scentry/shared-schema/result-document';

/** How long one picture may take over the network before the report goes on without it. */
const FETCH_TIMEOUT_MS = 8000;

async function readPicture(url: string): Promise<Uint8Array | null> {
  let response: Response | undefined;
  try {
    // The service worker's image cache holds every option picture of an opened kit: offline works.
    if (typeof caches !== 'undefined') response = await caches.match(url);
  } catch {
    // Cache Storage refused (private mode, insecure context): try the network.
  }
  if (!response) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
    try {
      response = await fetch(url, { signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }
  if (!response.ok) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  return pngSize(bytes) ? bytes : null;
}

/**
 * The PNG bytes of the report's option pictures, by URL path. Browser only. A picture that
 * cannot be had (offline and not cached, not a PNG) is left out: the report draws a placeholder.
 */
export async function loadReportPictures(model: ReportModel): Promise<ReportPictures> {
  const urls = [...new Set(model.cards.map((c) => c.picture).filter((p): p is string => !!p))];
  const pictures: ReportPictures = new Map();
  await Promise.all(
    urls.map(async (url) => {
      try {
        const bytes = await readPicture(url);
        if (bytes) pictures.set(url, bytes);
      } catch {
        // Network error or timeout: a placeholder, never a broken report.
      }
    }),
  );
  return pictures;
}
