import { randomUUID } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Build metadata for the "new version available" notice: one id per build, compiled into the bundle as
 * `__BUILD_ID__` and written to `dist/builds/latest.json`, which the running app polls.
 */
const buildInfo = (): Plugin => {
  const buildId = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`;
  const builtAt = new Date().toISOString();
  return {
    name: 'stellwerk-build-info',
    // the dev server has no build of its own: 'dev' never triggers the notice
    config: (_config, { command }) => ({
      define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
    }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ buildId, builtAt }, null, 2)}\n`,
      });
    },
  };
};

/**
 * The installable app (decision 244): manifest, icons and a Workbox service worker that precaches the built shell,
 * loads pages network first (the deployed HTML while online, the precached shell offline), keeps the own bookings
 * for offline reading, and waits for the user's reload before a new version takes over (`registerType: 'prompt'`).
 */
const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['icons/*.png', 'push-sw.js'],
    manifest: {
      id: '/',
      name: 'Stellwerk – Buchungen für Fahrzeuge, Leseräume und Arbeitsplätze',
      short_name: 'Stellwerk',
      description: 'Poolfahrzeuge, Leseraumplätze und Arbeitsplätze buchen, einchecken und auschecken.',
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#3b5bdb',
      background_color: '#ffffff',
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-64.png', sizes: '64x64', type: 'image/png' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
      // a page is fetched from the server while online; the precached index.html answers offline
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      importScripts: ['/push-sw.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            url.origin === self.location.origin &&
            !/^\/(api|mcp|metrics|builds)(\/|$)/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'stellwerk-seiten',
            networkTimeoutSeconds: 5,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 30 },
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        // The API answers kept for offline use, read network first: the signed-in user (the shell's guard needs
        // it) and the user's own bookings (the reading room's and workspace's sidebar, the own vehicle bookings).
        // Nothing else of the API is touched by the worker: no other read, no change, no event stream. (The
        // function runs in the worker: it is serialised, so the pattern is written inside it.)
        {
          urlPattern: ({ url }) =>
            url.origin === self.location.origin &&
            /^\/api\/(me|leseraum-buchungen\?bereich=(leseraum|arbeitswelt)|fahrzeug-buchungen\?eigene=true)$/.test(
              url.pathname + url.search,
            ),
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: 'stellwerk-eigene-daten',
            networkTimeoutSeconds: 5,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 10, maxAgeSeconds: 14 * 24 * 60 * 60 },
          },
        },
      ],
    },
    devOptions: { enabled: false },
  });

export default defineConfig({
  plugins: [react(), buildInfo(), pwa()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/builds': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
});
