import type { Plugin } from 'vite';

/** The token index.html's loader holds where the build writes the play route's chunks. */
export const ROUTE_CHUNKS_TOKEN = "['%SCENT_ROUTE_CHUNKS%']";

/** Modules whose split chunks the play screen needs: the player layout and the /scent/$id route. */
const PLAY_ROUTE = /\/routes\/_player(\/scent\.\$id)?\.tsx\?tsr-split=/;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The files (as `/assets/...` URLs) of the play route's lazy chunks and what they import, minus
 * what the entry already loads (Vite preloads those in index.html).
 */
export function playRouteChunks(bundle: Record<string, ChunkLike>): string[] {
  const chunks = new Map(Object.values(bundle).map((c) => [c.fileName, c]));
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of chunks.get(file)?.imports ?? []) visit(dep);
    };
    for (const r of roots) visit(r);
    return seen;
  };
  const entry = closure([...chunks.values()].filter((c) => c.type === 'chunk' && c.isEntry).map((c) => c.fileName));
  const roots = [...chunks.values()]
    .filter(
      (c) => c.type === 'chunk' && [c.facadeModuleId ?? '', ...(c.moduleIds ?? [])].some((id) => PLAY_ROUTE.test(id)),
    )
    .map((c) => c.fileName);
  return [...closure(roots)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
}

/** The token index.html's loader holds where the build writes the app's entry and its imports. */
export const APP_SCRIPTS_TOKEN = '{"%APP_SCRIPTS%":""}';

/**
 * Takes Vite's entry script and its module preloads out of index.html and writes them into the
 * page's loader (end of the body), which asks for them once the page has painted, with the play
 * route's chunks on /scent/<code> only: they download with the app's code instead of after it, and
 * other screens do not pay for them. Outside a build the loader does nothing (Vite's own module
 * script starts the app).
 */
export function earlyChunks(): Plugin {
  return {
    name: 'scentry-early-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        for (const token of [ROUTE_CHUNKS_TOKEN, APP_SCRIPTS_TOKEN]) {
          if (!html.includes(token)) throw new Error(`index.html's loader lost its ${token}`);
        }
        if (!ctx.bundle) return html.replace(ROUTE_CHUNKS_TOKEN, '[]').replace(APP_SCRIPTS_TOKEN, '{}');
        const list = playRouteChunks(ctx.bundle as unknown as Record<string, ChunkLike>);
        const entries: string[] = [];
        const preload: string[] = [];
        const out = html
          .replace(/\s*<script type="module" crossorigin src="(\/[^"]+)"><\/script>/g, (_m, src: string) => {
            entries.push(src);
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g, (_m, href: string) => {
            preload.push(href);
            return '';
          });
        if (entries.length !== 1) throw new Error(`earlyChunks: expected one entry script, found ${entries.length}`);
        return out
          .replace(ROUTE_CHUNKS_TOKEN, JSON.stringify(list).replaceAll('"', "'"))
          .replace(APP_SCRIPTS_TOKEN, JSON.stringify({ entry: entries[0], preload }));
      },
    },
  };
}

interface AssetLike extends ChunkLike {
  source?: string | Uint8Array;
  viteMetadata?: { importedCss?: Set<string> };
}

/**
 * Writes the app's stylesheet, and the play screen's, into index.html's head instead of linking
 * them: the shell and the card 1 the server draws paint with the HTML alone, styled exactly as the
 * app will style them (no second look once a stylesheet arrives), and no request blocks the first
 * paint. About 7 KB gzip in every page; the service worker keeps the page for later visits.
 */
export function inlineStyles(): Plugin {
  return {
    name: 'scentry-inline-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as unknown as Record<string, AssetLike> | undefined;
        if (!bundle) return html;
        const files = new Map(Object.values(bundle).map((f) => [f.fileName, f]));
        const text = (file: string) => {
          const src = files.get(file)?.source;
          if (src === undefined) throw new Error(`inlineStyles: no ${file} in the bundle`);
          return typeof src === 'string' ? src : new TextDecoder().decode(src);
        };
        const linked: string[] = [];
        const out = html.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_m, file: string) => {
          linked.push(file);
          return '';
        });
        const play = playRouteChunks(bundle)
          .map((url) => files.get(url.slice(1)))
          .flatMap((c) => [...(c?.viteMetadata?.importedCss ?? [])]);
        const css = [...new Set([...linked, ...play])].map(text).join('\n');
        return out.replace('</head>', `<style>${css}</style>\n</head>`);
      },
    },
  };
}
