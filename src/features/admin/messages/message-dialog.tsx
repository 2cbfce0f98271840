import { useState } from 'react';
import { replyToMessage } from '../../../api/reply-to-message';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Dialog, Modal, TextField } from '../../../components/ui';
import { formatDateTime } from '../../../lib/dates';
import type { ContactMessage } from '../../../../openapi/schema';

/** One message in full, the replies it got, and a reply form (mailed to the sender through the outbox). */
export function MessageDialog({ message, onClose, onSaved }: { message: ContactMessage | null; onClose: () => void; onSaved: (message: ContactMessage) => void }) {
  return (
    <Modal isOpen={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message ? (
        <Dialog title={`Message from ${message.name}`}>
          <MessageBody key={message.id} message={message} onClose={onClose} onSaved={onSaved} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function MessageBody({ message, onClose, onSaved }: { message: ContactMessage; onClose: () => void; onSaved: (message: ContactMessage) => void }) {
  const [body, setBody] = useState('');
  const showToast = useToast();
  const sending = useRequest(async (text: string) => {
    const saved = await replyToMessage({ id: message.id, body: text });
    setBody('');
    onSaved(saved);
    showToast(`Reply sent to ${saved.email}`, 'success');
    return saved;
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) sending.send(body.trim());
      }}
    >
      <p>
        From {message.name} &lt;{message.email}&gt;, {formatDateTime(message.created)}
      </p>
      <p className="message__text">{message.message}</p>
      {message.replies.length ? (
        <>
          <h3>Replies</h3>
          <ul className="message__replies">
            {message.replies.map((reply) => (
              <li key={reply.sent} className="customer__note">
                {reply.body}
                <span className="customer__note-meta">
                  {reply.author}, {formatDateTime(reply.sent)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <TextField label="Your reply" multiline rows={5} maxLength={5000} autoFocus value={body} onChange={setBody} isDisabled={sending.loading} />
      {sending.error ? <Alert variant="error">{sending.error}</Alert> : null}
      <div className="customer__actions">
        <Button variant="secondary" onPress={onClose} isDisabled={sending.loading}>
          Close
        </Button>
        <Button type="submit" isDisabled={!body.trim()} isPending={sending.loading}>
          Send reply
        </Button>
      </div>
    </form>
  );
}
