import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Alert, Button, Dialog, Modal, TextField } from '../ui';
import type { AccountDeletionRef } from './use-account-deletion';
import './account-deletion-dialog.css';

/**
 * The erasure dialog: what is deleted and what is kept (`explanation`), Continue, then — when the
 * flow needs it — the password, then the deletion itself; a failure shows its message with Try
 * again. Every step is a state of the machine; this only shows it and sends its events.
 */
export function AccountDeletionDialog({ actorRef, title, explanation, submitLabel }: {
  actorRef: AccountDeletionRef;
  title: string;
  explanation: ReactNode;
  submitLabel: string;
}) {
  const isOpen = useSelector(actorRef, (s) => !s.matches('idle') && !s.matches('deleted'));
  const step = useSelector(actorRef, (s) => s.value);
  const password = useSelector(actorRef, (s) => s.context.password);
  const error = useSelector(actorRef, (s) => s.context.error);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'deletion.submit' }));
  const deleting = step === 'deleting';
  const cancel = () => actorRef.send({ type: 'deletion.cancel' });

  return (
    <Modal isOpen={isOpen} isDismissable={!deleting} isKeyboardDismissDisabled={deleting} onOpenChange={(open) => !open && cancel()}>
      <Dialog title={title} role="alertdialog">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step === 'confirming') actorRef.send({ type: 'deletion.confirm' });
            else if (step === 'failed') actorRef.send({ type: 'deletion.retry' });
            else actorRef.send({ type: 'deletion.submit' });
          }}
        >
          <div className="account-deletion__explanation">{explanation}</div>
          {step === 'enteringPassword' || (deleting && password) ? (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              isRequired
              autoFocus
              value={password}
              isDisabled={deleting}
              onChange={(value) => actorRef.send({ type: 'password.change', value })}
            />
          ) : null}
          {step === 'failed' && error ? <Alert variant="error">{error}</Alert> : null}
          <div className="account-deletion__actions">
            <Button variant="secondary" isDisabled={deleting} onPress={cancel}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              autoFocus={step !== 'enteringPassword'}
              isDisabled={step === 'enteringPassword' && !canSubmit}
              isPending={deleting}
            >
              {step === 'confirming' ? 'Continue' : step === 'failed' ? 'Try again' : submitLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
