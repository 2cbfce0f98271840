import { useState } from 'react';
import { addCustomerNote } from '../../../api/add-customer-note';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, TextField } from '../../../components/ui';
import { formatDateTime } from '../../../lib/dates';
import './customers.css';
import type { CustomerNote } from '../../../../openapi/schema';

/** Private staff notes, oldest first: read-only on the order page, with an Add form on the customer's record. */
export function CustomerNotes({ notes, customerId, onAdded }: { notes: CustomerNote[]; customerId?: number; onAdded?: () => void }) {
  return (
    <>
      {notes.length ? (
        <ul className="customer__notes">
          {notes.map((note) => (
            <li key={note.id} className="customer__note">
              {note.body}
              <span className="customer__note-meta">
                {note.author}, {formatDateTime(note.created)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No staff notes.</p>
      )}
      {customerId !== undefined ? <AddNoteForm customerId={customerId} onAdded={onAdded} /> : null}
    </>
  );
}

function AddNoteForm({ customerId, onAdded }: { customerId: number; onAdded?: () => void }) {
  const [body, setBody] = useState('');
  const adding = useRequest(async (text: string) => {
    const note = await addCustomerNote({ id: customerId, body: text });
    setBody('');
    onAdded?.();
    return note;
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) adding.send(body.trim());
      }}
    >
      <TextField
        label="New note"
        description="Seen by staff only, on this page and on every order of this customer."
        multiline
        rows={3}
        maxLength={2000}
        value={body}
        onChange={setBody}
        isDisabled={adding.loading}
      />
      {adding.error ? <Alert variant="error">{adding.error}</Alert> : null}
      <div className="customer__actions">
        <Button type="submit" size="sm" isDisabled={!body.trim()} isPending={adding.loading}>
          Add note
        </Button>
      </div>
    </form>
  );
}
