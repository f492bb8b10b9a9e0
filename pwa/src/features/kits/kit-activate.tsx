import type { TestKit } from '@scentry/shared-schema';
import { useId, useState } from 'react';
import { invalidate } from '../../lib/query';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { useSaveKit } from './queries';
import './kits.css';

/**
 * The kit offers to activate itself the moment it can be played (5 cards, 5 options each, a
 * correct answer on each: the server's `playable`): one action, no trip to the Active switch.
 * The server still refuses a kit that is not playable (400 Warning), shown as any refusal is.
 */
export function KitActivatePrompt({ kit }: { kit: TestKit }) {
  const save = useSaveKit();
  const notify = useToast();
  const titleId = useId();
  const [activated, setActivated] = useState(false);

  async function activate() {
    try {
      await save.mutateAsync({ id: kit.id, name: kit.name, isActive: true, passThreshold: kit.passThreshold });
      setActivated(true);
      notify('success', 'Play kit activated successfully', 'Play Kit');
    } catch (err) {
      const toast = failureToast(err);
      notify(toast.kind, toast.message, 'Play Kit');
      // Refused: the kit changed since it was loaded (a card deleted elsewhere). Load it and its
      // cards again, so the prompt and the card list say what the server holds now.
      void invalidate('kits', 'cards');
    }
  }

  // Always rendered, so the prompt is announced when the kit becomes complete.
  return (
    <div aria-live="polite">
      {kit.playable && !kit.isActive && (
        <section className="kit-ready" aria-labelledby={titleId}>
          <div>
            <h2 id={titleId}>Ready to play</h2>
            <p>
              All 5 scent cards of {kit.name} have 5 options and a correct answer. Activate the kit so players can play
              it with its QR code.
            </p>
          </div>
          <button type="button" className="button" disabled={save.isPending} onClick={activate}>
            {save.isPending ? 'Activating…' : 'Activate kit'}
          </button>
        </section>
      )}
      {activated && kit.isActive && (
        <p className="notice kit-active">
          {kit.name} is active: players can play it at <code>{kit.qrCodeURL}</code>
        </p>
      )}
    </div>
  );
}
