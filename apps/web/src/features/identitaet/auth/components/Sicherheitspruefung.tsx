import { Box, Text } from '@mantine/core';
import type {} from 'altcha/types/react';
import type { TFunction } from 'i18next';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The solved payload, or null while there is none (not yet solved, expired, failed). */
  onLoesung: (payload: string | null) => void;
  /** Changes when the payload was used: the widget solves a new challenge. */
  runde: number;
};

/** The widget's texts in one language, from the app's translations (its own footer link is left empty). */
const texteIn = (t: TFunction, lng: 'de' | 'en') => ({
  ariaLinkLabel: t('auth.captcha.ariaLinkLabel', { lng }),
  error: t('auth.captcha.error', { lng }),
  expired: t('auth.captcha.expired', { lng }),
  footer: '',
  label: t('auth.captcha.label', { lng }),
  loading: t('auth.captcha.loading', { lng }),
  reload: t('auth.captcha.reload', { lng }),
  verify: t('auth.captcha.verify', { lng }),
  verificationRequired: t('auth.captcha.verificationRequired', { lng }),
  verified: t('auth.captcha.verified', { lng }),
  verifying: t('auth.captcha.verifying', { lng }),
  waitAlert: t('auth.captcha.waitAlert', { lng }),
});

/**
 * The proof-of-work check in front of password recovery (ALTCHA, decision 076): the widget fetches a challenge
 * from this server, solves it in the browser as soon as it is shown and hands the payload to the form. It sends
 * nothing anywhere else and sets no cookie; its texts come from the app's translations.
 */
export function Sicherheitspruefung({ onLoesung, runde }: Props) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }>(null);
  const [geladen, setGeladen] = useState(false);
  const sprache = i18n.language.startsWith('en') ? 'en' : 'de';
  const onLoesungRef = useRef(onLoesung);
  onLoesungRef.current = onLoesung;

  useEffect(() => {
    let aktiv = true;
    void import('altcha').then(() => {
      if (!aktiv) return;
      const registry = (globalThis as { $altcha?: { i18n: { set: (l: string, s: object) => void } } })
        .$altcha;
      for (const lang of ['de', 'en'] as const) registry?.i18n.set(lang, texteIn(t, lang));
      setGeladen(true);
    });
    return () => {
      aktiv = false;
    };
  }, [t]);

  useEffect(() => {
    const widget = ref.current;
    if (!geladen || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onLoesungRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [geladen]);

  // a used payload is worth nothing: solve a new challenge
  useEffect(() => {
    if (runde === 0) return;
    const widget = ref.current;
    widget?.reset?.();
    void widget?.verify?.();
  }, [runde]);

  return (
    <Box>
      {geladen ? (
        <altcha-widget
          ref={ref}
          challenge="/api/captcha"
          auto="onload"
          language={sprache}
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true, minDuration: 0 })}
          style={{ '--altcha-max-width': '100%' } as CSSProperties}
        />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {t('auth.captcha.loading')}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('auth.captcha.hinweis')}
      </Text>
    </Box>
  );
}
