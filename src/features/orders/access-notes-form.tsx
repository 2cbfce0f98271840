import { useState } from 'react';
import { updateAccessNotes } from '../../api/update-access-notes';
import { useRequest } from '../../shared/use-request';
import { useToast } from '../../shared/toasts';
import { Alert, Button, TextField } from '../../components/ui';
import { AccessNotesRules } from '../../../openapi/rules';
import type { MyOrder } from '../../../openapi/schema';
import { shownOrderName } from '../../../domain/orders/order-reference';

/** Said under the field and on the card: who reads the notes, and when (decision 040). */
export const ACCESS_NOTES_PRIVACY = 'Only your cleaning team sees these, on the day of the job. They are never emailed.';

/**
 * How the team gets in (key safe code, alarm) on one booking, editable until the job starts (the
 * server answers whether it still is: `accessNotesEditable`). One field, one Save: a single request,
 * no flow to model. Native `<details>` keep the card short and open with the keyboard.
 */
export function AccessNotesForm({ order, onSaved }: { order: MyOrder; onSaved: () => void }) {
  const [notes, setNotes] = useState(order.accessNotes ?? '');
  const showToast = useToast();
  const saving = useRequest(async (accessNotes: string) => {
    const saved = await updateAccessNotes({ orderId: order.id, accessNotes });
    showToast(saved.accessNotes ? 'Access notes saved' : 'Access notes removed', 'success');
    onSaved();
    return saved;
  });
  if (!order.accessNotesEditable) {
    return order.accessNotes ? (
      <p className="order-card__access"><strong>Access notes:</strong> {order.accessNotes}</p>
    ) : null;
  }
  return (
    <details className="order-card__access-notes">
      <summary>{order.accessNotes ? 'Access notes (saved)' : 'Add access notes'}<span className="visually-hidden"> for {shownOrderName(order)}</span></summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          saving.send(notes);
        }}
      >
        <TextField
          label="How does the team get in?"
          description={`Key safe code, where the key is, the alarm. ${ACCESS_NOTES_PRIVACY}`}
          multiline
          rows={3}
          maxLength={AccessNotesRules.properties.accessNotes.maxLength}
          showCount
          value={notes}
          onChange={setNotes}
          isDisabled={saving.loading}
        />
        {saving.error ? <Alert variant="error">{saving.error}</Alert> : null}
        <Button type="submit" size="sm" isPending={saving.loading} aria-label={`Save the access notes of ${shownOrderName(order)}`}>
          Save access notes
        </Button>
      </form>
    </details>
  );
}
