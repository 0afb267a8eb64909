import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type TProfil, ZProfilInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { useSaveProfil } from '../api/customizing';

/** First and last name; the e-mail address is shown but changed by administrators only. */
export function ProfilForm({
  profil,
  details,
  onSaved,
}: {
  profil: TProfil;
  /** Further read-only data of the account (user name, employee id, tenant). */
  details: { label: string; value: string }[];
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveProfil(onSaved);
  const [vorname, setVorname] = useState(profil.vorname);
  const [nachname, setNachname] = useState(profil.nachname);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = vorname !== profil.vorname || nachname !== profil.nachname;

  const submit = async () => {
    const checked = zodFieldErrors(ZProfilInput, { vorname, nachname }, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync(checked.data);
    } catch (error) {
      const { field, message } = apiFieldError(error, t, i18n.language);
      if (field === 'vorname' || field === 'nachname') setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <MissingFieldsAlert errors={errors} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('customizing.profil.vorname')}
            required
            autoComplete="given-name"
            value={vorname}
            onChange={(e) => {
              setVorname(e.currentTarget.value);
              save.reset();
            }}
            error={errors.vorname}
            maxLength={200}
          />
          <TextInput
            label={t('customizing.profil.nachname')}
            required
            autoComplete="family-name"
            value={nachname}
            onChange={(e) => {
              setNachname(e.currentTarget.value);
              save.reset();
            }}
            error={errors.nachname}
            maxLength={200}
          />
        </SimpleGrid>
        <TextInput
          label={t('settings.personal.email')}
          description={t('customizing.profil.emailHint')}
          value={profil.email}
          readOnly
          variant="filled"
        />
        {details.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0}>
            {details.map((d) => (
              <div key={d.label}>
                <Text size="xs" c="dimmed" component="dt">
                  {d.label}
                </Text>
                <Text size="sm" component="dd" m={0}>
                  {d.value || '–'}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t('customizing.save')}
          </Button>
          <Text size="sm" c="teal.9" role="status" aria-live="polite">
            {save.isSuccess && !dirty ? t('customizing.saved') : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
