import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { anonymiseCustomer } from '../../../api/anonymise-customer';
import { exportCustomer } from '../../../api/export-customer';
import { findCustomer } from '../../../api/get-customer';
import { pageId } from '../../../../domain/site/page-routes';
import { paths } from '../../../shared/paths';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { AccountDeletionDialog } from '../../../components/account-deletion/account-deletion-dialog';
import { useAccountDeletion } from '../../../components/account-deletion/use-account-deletion';
import { Alert, Button, LinkButton, Page, Spinner } from '../../../components/ui';
import { downloadBlob } from '../../../lib/download';
import { CustomerRecordView } from './customer-record-view';
import './customers.css';

/** /customers/:id: one customer's record; an id that names no customer is the not-found page. */
export function CustomerPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const customerId = pageId(id);
  const customer = useRequest(findCustomer, { auto: customerId !== null, params: customerId ?? 0 });
  const showToast = useToast();
  const erasure = useAccountDeletion({
    needsPassword: false,
    deleteAccount: () => anonymiseCustomer(customerId ?? 0),
    onDeleted: () => {
      showToast('The customer was anonymised', 'success');
      customer.retry();
    },
  });
  const exporting = useRequest(async (forId: number) => {
    const data = await exportCustomer(forId);
    downloadBlob(`customer-${forId}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    return true;
  });

  if (customerId === null || (customer.succeeded && customer.data === null)) return <>{notFound}</>;
  const record = customer.data;

  return (
    <Page title={record ? `Customer ${record.name}` : 'Customer'} heading={record?.name ?? 'Customer'} width="full">
      <LinkButton href={paths.admin.customers} variant="secondary" size="sm" className="order-detail__back">
        <span aria-hidden="true">←</span> Back to customers
      </LinkButton>
      {customer.loading && !record ? <Spinner label="Loading the customer" /> : null}
      {customer.error ? (
        <Alert variant="error" className="load-error">
          {customer.error} <Button size="sm" variant="secondary" onPress={customer.retry}>Try again</Button>
        </Alert>
      ) : null}
      {record ? (
        <CustomerRecordView record={record} onNoteAdded={customer.retry}>
          <div className="customer__actions">
            <Button variant="secondary" onPress={() => exporting.send(record.id)} isPending={exporting.loading}>
              Export data (JSON)
            </Button>
            {record.anonymised ? null : (
              <Button variant="danger" onPress={() => erasure.send({ type: 'deletion.start' })}>
                Anonymise
              </Button>
            )}
          </div>
          {exporting.error ? <Alert variant="error">{exporting.error}</Alert> : null}
        </CustomerRecordView>
      ) : null}
      <AccountDeletionDialog
        actorRef={erasure}
        title="Anonymise this customer?"
        submitLabel="Anonymise"
        explanation={
          <>
            <p>This cannot be undone. The customer becomes “Deleted user #{customerId}”:</p>
            <ul>
              <li>their email, phones, addresses, booking notes, staff notes and contact messages are removed;</li>
              <li>they can no longer sign in;</li>
              <li>their orders, totals and refunds are kept for the accounts.</li>
            </ul>
          </>
        }
      />
    </Page>
  );
}
