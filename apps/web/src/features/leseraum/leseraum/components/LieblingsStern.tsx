import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useSetLiebling } from '../api/leseraum-api';

function Stern({ voll }: { voll: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={voll ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A toggle that marks a place (LeseraumLieblingsPlatz) or a plan (LeseraumLieblingsGrundriss) as a favourite
 * (decision 052). A button with `aria-pressed`, named for what it marks; the star is filled when on.
 */
export function LieblingsStern(
  props:
    | { art: 'platz'; id: string; name: string; lieblinge: readonly string[] }
    | { art: 'grundriss'; id: string; name: string; liebling: string },
) {
  const { t } = useTranslation();
  const set = useSetLiebling();
  const an = props.art === 'platz' ? props.lieblinge.includes(props.id) : props.liebling === props.id;
  const label =
    props.art === 'platz'
      ? an
        ? t('leseraumLieblinge.platzEntfernen', { platz: props.name })
        : t('leseraumLieblinge.platzMerken', { platz: props.name })
      : an
        ? t('leseraumLieblinge.planEntfernen', { plan: props.name })
        : t('leseraumLieblinge.planMerken', { plan: props.name });
  const toggle = () => {
    // no `loading` on the button: it disabled the button and the keyboard focus fell to the page
    if (set.isPending) return;
    if (props.art === 'platz')
      set.mutate({
        name: 'LeseraumLieblingsPlatz',
        value: an ? props.lieblinge.filter((id) => id !== props.id) : [...props.lieblinge, props.id],
      });
    else set.mutate({ name: 'LeseraumLieblingsGrundriss', value: an ? '' : props.id });
  };
  return (
    <>
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          color={an ? 'yellow.8' : 'gray.7'}
          size="lg"
          aria-label={label}
          aria-pressed={an}
          aria-busy={set.isPending}
          onClick={toggle}
          data-liebling={an ? 'an' : 'aus'}
        >
          <Stern voll={an} />
        </ActionIcon>
      </Tooltip>
      {set.error && <ErrorAlert error={set.error} />}
    </>
  );
}
