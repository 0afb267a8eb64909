import { randomUUID } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), buildInfo()],
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
