import type { TestKit } from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { markSaved, SAVED_LISTS } from '../../ui/saved-row';
import { Tabs } from '../../ui/tabs';
import { AnswerPositions } from './answer-positions';
import { KitActivatePrompt } from './kit-activate';
import { KitCards } from './kit-cards';
import { KitInfoForm } from './kit-info-form';

type Tab = 'info' | 'cards';

/** The kit editor (spec §2): tabs Play Kit Info and Scent Option Info, the second once saved. */
export function KitEditor({ kit, openCards }: { kit: TestKit | null; openCards: boolean }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(kit && openCards ? 'cards' : 'info');
  return (
    <section className="stack">
      <div className="page-head">
        <h1>{kit ? `Play Kit: ${kit.name}` : 'Create Play Kit'}</h1>
        <Link to="/admin/testKit" className="button button-ghost">
          Back to Play Kits
        </Link>
      </div>
      {kit && <KitActivatePrompt kit={kit} />}
      {kit && <AnswerPositions kit={kit} />}
      <Tabs
        label="Play kit"
        current={tab}
        onChange={setTab}
        tabs={[
          { id: 'info', label: 'Play Kit Info' },
          { id: 'cards', label: 'Scent Option Info', disabled: !kit, hint: 'Save the play kit first' },
        ]}
      >
        {tab === 'info' || !kit ? (
          <KitInfoForm
            key={kit ? `${kit.id}:${kit.version}` : 'new'}
            kit={kit}
            onSaved={(id, created) => {
              markSaved(SAVED_LISTS.kits, id, created); // the kit list shows it when the admin goes back
              // spec §4: a new kit switches to edit mode and opens the Scent Option Info tab.
              if (created) {
                navigate({ to: '/admin/managetestkit/{-$Id}/{-$ScentCardId}', params: { Id: id, ScentCardId: 0 } });
              }
            }}
          />
        ) : (
          <KitCards kit={kit} />
        )}
      </Tabs>
    </section>
  );
}
