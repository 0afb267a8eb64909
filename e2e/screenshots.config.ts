/**
 * `npm run screenshots`: regenerates docs/screenshots/ — the reading-room and vehicle screens in
 * German and English, at desktop (1280 px) and phone (390 px) width — against a fresh server with the demo
 * data, like the journeys (see playwright.config.ts for the environment). Not part of `npm test`: the
 * default config runs `tests/` only.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: ['**/*.shots.ts'],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(import.meta.dirname, 'test-results-screenshots'),
  workers: 1,
  // the first server only: the second serves the exclusive and clock journeys of `npm test`
  webServer: Array.isArray(base.webServer) ? base.webServer.slice(0, 1) : base.webServer,
  projects: [{ name: 'screenshots', use: base.projects?.[0]?.use ?? {} }],
});
