import { CARDS_PER_KIT, KIT_NAME_MAX, type TestKit, testKitRequest } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../ui/field';
import { FormActions } from '../../ui/form-actions';
import { SelectField } from '../../ui/select-field';
import { useForm } from '../../ui/use-form';
import { KitQrPanel } from './kit-qr-panel';
import { missingForPlay } from './playability';
import { kitCardsQuery, useSaveKit } from './queries';

const THRESHOLDS = Array.from({ length: CARDS_PER_KIT }, (_, i) => ({
  value: i + 1,
  label: `${i + 1} of ${CARDS_PER_KIT} correct`,
}));

/** The Play Kit Info tab: code, pass threshold and, once the kit can be played, Active. */
export function KitInfoForm({
  kit,
  onSaved,
}: {
  kit: TestKit | null;
  onSaved: (id: number, created: boolean) => void;
}) {
  const save = useSaveKit();
  const cards = useQuery({ ...kitCardsQuery(kit?.id ?? 0), enabled: Boolean(kit) });
  const form = useForm({
    schema: testKitRequest,
    initial: { name: kit?.name ?? '', passThreshold: kit?.passThreshold ?? 4, isActive: kit?.isActive ?? false },
    toInput: (v) => ({ id: kit?.id ?? 0, ...v }),
    submit: (data) => save.mutateAsync(data),
    title: 'Play Kit',
    success: kit ? 'Play kit updated successfully' : 'Play kit saved successfully',
    onSuccess: ({ testKitId }) => onSaved(testKitId, !kit),
  });
  const { values } = form;
  const renamed = Boolean(kit && values.name.trim() && values.name.trim() !== kit.name);
  const missing = kit && !kit.playable && cards.data ? missingForPlay(cards.data.list) : [];
  // Active is offered once the kit can be played (or to switch an active kit off).
  const canActivate = Boolean(kit && (kit.playable || kit.isActive));

  return (
    <div className="kit-info">
      <form className="stack narrow-form" onSubmit={form.onSubmit} noValidate>
        <Field
          label="Play kit name (its code)"
          maxLength={KIT_NAME_MAX}
          pattern="[A-Za-z0-9]*"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('name')}
          // Letters and digits only, as they are typed or pasted.
          onChange={(e) => form.set('name', e.target.value.replace(/[^A-Za-z0-9]/g, ''))}
        />
        <p className="hint">Letters and digits only: it is the code printed in the kit's QR code.</p>
        {renamed && (
          <p className="notice notice-warning" role="status">
            Renaming changes the kit's QR code: codes already printed for “{kit?.name}” will stop working.
          </p>
        )}
        <SelectField
          label="Pass threshold"
          options={THRESHOLDS}
          {...form.choice('passThreshold')}
          id="pass-threshold"
          onChange={(n) => form.set('passThreshold', n ?? 4)}
        />
        {canActivate && (
          <label className="switch">
            <input type="checkbox" checked={values.isActive} onChange={(e) => form.set('isActive', e.target.checked)} />
            <span>Active (players can play it)</span>
          </label>
        )}
        {kit && !kit.playable && (
          <div className="hint" role="status">
            <p>It can be made active once it can be played. Still missing:</p>
            {missing.length > 0 && (
              <ul>
                {missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {!kit && <p className="hint">Save the kit, then add its five scent cards; it can be made active after that.</p>}
        <FormActions busy={form.busy} submit={kit ? 'Save' : 'Create'} />
      </form>
      {kit && <KitQrPanel kit={kit} />}
    </div>
  );
}
