import { removeCleaner } from '../../../api/cleaners';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Dialog, Modal } from '../../../components/ui';
import type { Cleaner } from '../../../../openapi/schema';

/**
 * Removing a cleaner asks first (decision 058): it signs them out at once and cannot be undone
 * (inviting them again makes a new account); the visits they recorded keep their name.
 */
export function RemoveCleanerDialog({ cleaner, onClose, onRemoved }: { cleaner: Cleaner | null; onClose: () => void; onRemoved: (cleaner: Cleaner) => void }) {
  return (
    <Modal isOpen={cleaner !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {cleaner ? (
        <Dialog title={`Remove ${cleaner.name}?`}>
          <RemoveCleanerForm key={cleaner.id} cleaner={cleaner} onClose={onClose} onRemoved={onRemoved} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function RemoveCleanerForm({ cleaner, onClose, onRemoved }: { cleaner: Cleaner; onClose: () => void; onRemoved: (cleaner: Cleaner) => void }) {
  const removing = useRequest(async () => {
    await removeCleaner(cleaner.id);
    onRemoved(cleaner);
  });
  return (
    <div className="team-form">
      <p>{cleaner.name} is signed out at once and can no longer sign in. The check-ins and check-outs they recorded keep their name.</p>
      {removing.error ? <Alert variant="error">{removing.error}</Alert> : null}
      <div className="team-form__actions">
        <Button variant="secondary" autoFocus onPress={onClose} isDisabled={removing.loading}>
          Keep {cleaner.name}
        </Button>
        <Button variant="danger" onPress={() => removing.send()} isPending={removing.loading}>
          Remove {cleaner.name}
        </Button>
      </div>
    </div>
  );
}
