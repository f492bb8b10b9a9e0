import { useT } from '../../i18n';
import { Spinner } from '../../ui/spinner';

/** While the play route's loader looks for the kit (kept small: it is in the router's own chunk). */
export function KitLoading() {
  const t = useT();
  return (
    <p className="center">
      <Spinner label={t('kit.loading')} /> {t('kit.loading')}
    </p>
  );
}
