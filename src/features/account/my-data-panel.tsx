import { deleteMyAccount } from '../../api/delete-my-account';
import { exportMyData } from '../../api/export-my-data';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { useRequest } from '../../shared/use-request';
import { AccountDeletionDialog } from '../../components/account-deletion/account-deletion-dialog';
import { useAccountDeletion } from '../../components/account-deletion/use-account-deletion';
import { Alert, Button, TextLink } from '../../components/ui';
import { downloadBlob } from '../../lib/download';

export const ACCOUNT_DELETED_TOAST = 'Your account was deleted';

/**
 * The customer's UK GDPR rights on /profile (issue 15 §7): a JSON copy of their data, and deleting
 * the account (password, anonymised, then logged out through the session machine).
 */
export function MyDataPanel() {
  const { send } = useSession();
  const showToast = useToast();
  const download = useRequest(async () => {
    const data = await exportMyData();
    downloadBlob('my-data.json', new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    return true;
  });
  const deletion = useAccountDeletion({
    needsPassword: true,
    deleteAccount: (password) => deleteMyAccount({ password }),
    onDeleted: () => {
      showToast(ACCOUNT_DELETED_TOAST, 'success');
      send({ type: 'session.logout' });
    },
  });

  return (
    <section className="my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>
        Download a copy of everything we hold about you, or delete your account. The{' '}
        <TextLink href={paths.privacy}>privacy policy</TextLink> says what each does.
      </p>
      <div className="my-data__actions">
        <Button variant="secondary" onPress={() => download.send()} isPending={download.loading}>
          Download my data
        </Button>
        <Button variant="danger" onPress={() => deletion.send({ type: 'deletion.start' })}>
          Delete my account
        </Button>
      </div>
      {download.error ? <Alert variant="error">{download.error}</Alert> : null}
      <AccountDeletionDialog
        actorRef={deletion}
        title="Delete your account?"
        submitLabel="Delete my account"
        explanation={
          <>
            <p>This cannot be undone.</p>
            <ul>
              <li>Your name, email, phone numbers, addresses and messages to us are deleted, and you can no longer sign in.</li>
              <li>Your orders and what was paid are kept, without your name, because the law requires us to keep accounts.</li>
            </ul>
            <p>Enter your password on the next step to confirm.</p>
          </>
        }
      />
    </section>
  );
}
