import { printedName } from '@scentry/shared-schema';
import { playerNameText } from '@scentry/shared-schema/result-document';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { type OrganizationChoice, rememberProvider } from '../../../lib/organizations';
import { getPlayer, isPlaceholderName, updatePlayer } from '../../../lib/player';
import { OrganizationSelect } from '../../../ui/organization-select';

/**
 * /addOrganizationPage (spec §2): the player's profile and, when they chose to send their result
 * to a provider on the start screen, the provider. Next goes on to the scanner; the result of the
 * play then carries the organization (finishPlay reads it from the player data).
 */
export function ProviderChoiceScreen() {
  const navigate = useNavigate();
  const t = useT();
  const player = getPlayer();
  const wantsProvider = player?.isAddOrganizationChecked === true;
  const [choice, setChoice] = useState<OrganizationChoice | null>(null);
  const [value, setValue] = useState<number | null>(
    typeof player?.organizationId === 'number' ? player.organizationId : null,
  );
  const fullName = playerNameText(printedName(player?.FirstName, player?.LastName), t);
  const canGoOn = !wantsProvider || value !== null;

  function next() {
    if (!canGoOn) return;
    updatePlayer({ organizationId: wantsProvider ? value : null });
    if (wantsProvider && choice) void rememberProvider(choice);
    navigate({ to: '/scanQRCode' });
  }

  return (
    <section className="provider-choice stack" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('provider.title')}</h1>
      <p className="profile-name" data-testid="profile-name">
        {fullName}
      </p>
      {isPlaceholderName(player?.FirstName, player?.LastName) && <p className="hint">{t('provider.nameLater')}</p>}
      {wantsProvider && (
        <>
          <OrganizationSelect
            label={t('provider.label')}
            value={value}
            describedBy="provider-note"
            onChange={(c) => {
              setChoice(c);
              setValue(c?.id ?? null);
            }}
          />
          <p id="provider-note" className="hint">
            {t('provider.note')}
          </p>
        </>
      )}
      <div className="form-nav">
        <button type="button" className="button button-large" disabled={!canGoOn} onClick={next}>
          {t('forms.next')}
        </button>
      </div>
    </section>
  );
}
