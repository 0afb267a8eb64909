import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyLanguage, initI18n, ladeVerwaltungstexte } from './i18n.ts';

/**
 * The unit tests of a worker share one module graph (vite.config.ts, `isolate: false`), so `initI18n` runs
 * again in a module that already loaded texts once; each init gives i18next a new, empty store. Both chunks must
 * come back then: before, the administration's chunk was remembered as loaded and its keys showed untranslated
 * in whichever admin component's test ran second in a worker.
 */
describe('loading the texts', () => {
  it('loads both chunks again after a second init', async () => {
    await initI18n('de');
    await ladeVerwaltungstexte();
    expect(i18next.t('menu.logout')).not.toBe('menu.logout');
    const adminSchluessel = 'adminFahrzeuge.title';
    const erst = i18next.t(adminSchluessel);

    await initI18n('de');
    await ladeVerwaltungstexte();
    expect(i18next.t('menu.logout')).not.toBe('menu.logout');
    expect(i18next.t(adminSchluessel)).toBe(erst);
    expect(erst).not.toBe(adminSchluessel);
  });

  it('keeps the main texts when the administration chunk of a language comes first', async () => {
    await initI18n('de');
    await applyLanguage('en');
    expect(i18next.language).toBe('en');
    expect(i18next.t('menu.logout')).not.toBe('menu.logout');
    await applyLanguage('de');
  });
});
