/// <reference types="vitest/config" />

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyChunks, inlineStyles } from './src/features/play/early-chunks.vite';
import { compiledCatalogues } from './src/i18n/catalogues.vite';
import { shellLanguages } from './src/i18n/shell.vite';

/** Writes .gz and .br beside every text asset: the server sends them as they are (no per-request compression). */
function precompress(): Plugin {
  // The build's folder as resolved: pwa/dist, or another one given with --outDir (the coverage
  // build, scripts/coverage.mjs).
  let outDir = path.resolve(__dirname, 'dist');
  return {
    name: 'scentry-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json|ttf|wasm)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * harfbuzzjs (the report's shaping engine, loaded only when a report has Arabic, Hebrew or
 * Devanagari) starts its WebAssembly with a top-level await. A top-level await anywhere in the
 * graph makes the bundler split the app's first chunk into dozens of pieces for execution order
 * (the first card's script went from 26 files, 117.8 KB gzip to 59 files, 134.5 KB). Here the
 * start becomes an exported promise instead, which the report awaits (shared-schema's fonts.ts).
 */
function harfbuzzWithoutTopLevelAwait(): Plugin {
  return {
    name: 'scentry-harfbuzz-no-tla',
    transform(code, id) {
      if (!/harfbuzzjs[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const start = 'init(await createHarfBuzz());';
      if (!code.includes(start)) this.error('harfbuzzjs changed: its top-level start was not found');
      return { code: code.replace(start, 'export const ready = createHarfBuzz().then(init);'), map: null };
    },
  };
}

/** The build a device names in its reports (API.md "Devices"): the app's version and the day it was built. */
const BUILD = `${JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version} (${new Date().toISOString().slice(0, 10)})`;

export default defineConfig({
  define: { __SCENTRY_BUILD__: JSON.stringify(BUILD) },
  plugins: [
    // Each route's component becomes its own chunk: a player never downloads admin screens.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: the admin's loaders bring TanStack Query, which players never load.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    // The player's message catalogues, compiled as they load (no ICU parser in the browser).
    compiledCatalogues(),
    harfbuzzWithoutTopLevelAwait(),
    // index.html's boot script preloads the play route's chunks on /scent/<code> (their names).
    earlyChunks(),
    // index.html's scripts preload the player's catalogue and say the shell in their language.
    shellLanguages(),
    // The app's and the play screen's styles inline: the shell paints with the HTML alone.
    inlineStyles(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        // The app's identity for the browser: what start_url made it before (installs stay one app).
        id: '/home',
        name: 'Scentry smell screening',
        short_name: 'Scentry',
        description: 'Play the scratch-and-sniff smell screening game, even offline.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f6faf9',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Screenshots (real pages, at their declared sizes) give the browsers' richer install prompt.
        screenshots: [
          {
            src: '/screenshots/scent-card-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A scent card: rate the smell, then pick what it is',
          },
          {
            src: '/screenshots/result-wide.png',
            sizes: '1366x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Your smell screening result',
          },
        ],
      },
      workbox: {
        // Every chunk (admin included) is precached so the whole app works offline once installed.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The manifest's screenshots are for the install prompt only, never shown offline.
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The report's fonts of other scripts and HarfBuzz's wasm (src/result-document/fonts.ts): never
            // precached (not in globPatterns), kept once a report needed them, so it can be made
            // again offline. Their names carry a content hash: cache first.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && /\.(ttf|wasm)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'scentry-report-fonts',
              expiration: { maxEntries: 120 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'scentry-images',
              expiration: { maxEntries: 1000 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    // jsPDF's optional html/SVG helpers: never used by the report (see the stub's note).
    alias: Object.fromEntries(
      ['html2canvas', 'dompurify', 'canvg'].map((m) => [
        m,
        path.resolve(__dirname, 'src/result-document/jspdf-optional-stub.ts'),
      ]),
    ),
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  // jsPDF alone is ~400 KB (130 KB gzip), loaded only when a report is made.
  // No modulepreload polyfill: every browser the app supports preloads modules itself (one less
  // script before card 1; an older Safari only loses the preloading).
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 420,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router in one file: every screen needs all of it, and one file compresses
        // better than the dozen small shared pieces the splitter would make of it.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/i18n/test-setup.ts'],
    // No unit test races the 5 s default on a busy machine: speed is measured in benchmarks.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores (one on 2 cores): use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    // Each file imports its modules afresh (vitest's isolate, kept on): many files vi.mock a module
    // that another file imports for real, and a shared module cache hands a file the other's copy
    // (isolate: false failed record.test.ts in one run of three).
  },
});
