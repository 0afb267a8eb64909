import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** Lets keyboard users jump past the header and menu. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skip} href="#main-content">
      {t('layout.skipToContent')}
    </a>
  );
}
