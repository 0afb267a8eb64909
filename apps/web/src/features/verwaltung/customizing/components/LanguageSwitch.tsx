import { Box, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage, isLanguage, type Language } from '../../../../i18n/i18n';
import { errorMessage } from '../../../../lib/error-message';
import { useSetEigenesCustomizing } from '../api/customizing';

type LanguageSwitchProps = {
  /** Signed in: the choice is saved as the user's `Sprache` setting; otherwise only in the browser. */
  signedIn: boolean;
  onSaved?: () => void;
  /** Show the "Sprache" caption above the control. */
  withLabel?: boolean;
};

export function LanguageSwitch({ signedIn, onSaved, withLabel = true }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const save = useSetEigenesCustomizing(onSaved);
  const language = currentLanguage();

  const change = async (value: string) => {
    if (!isLanguage(value) || value === language) return;
    await applyLanguage(value, { remember: true });
    if (!signedIn) return;
    save.mutate(
      { name: 'Sprache', value },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('settings.language.saveFailed'),
            message: errorMessage(error, t, value),
          }),
      },
    );
  };

  const options: { value: Language; label: string }[] = [
    { value: 'de', label: 'Deutsch' },
    { value: 'en', label: 'English' },
  ];

  return (
    <Box px={withLabel ? 'sm' : 0} py={withLabel ? 4 : 0}>
      {withLabel && (
        <Text id="language-switch-label" size="sm" mb={4}>
          {t('menu.language')}
        </Text>
      )}
      <SegmentedControl
        size="xs"
        fullWidth={withLabel}
        value={language}
        onChange={(value) => void change(value)}
        data={options}
        aria-labelledby={withLabel ? 'language-switch-label' : undefined}
        aria-label={withLabel ? undefined : t('menu.language')}
        disabled={save.isPending}
      />
    </Box>
  );
}
