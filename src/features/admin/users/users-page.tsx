import { listUsers, type AdminUser } from '../../../api/list-users';
import { useRequest } from '../../../app/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { userColumns } from './user-columns';

const noUsers: AdminUser[] = [];
const byName = [{ id: 'name', desc: false }];
const rowId = (user: AdminUser) => String(user.id);

/** SPEC 2 /users: every user, sortable and paged in the browser. */
export function UsersPage() {
  const users = useRequest(listUsers, { auto: true });
  return (
    <Page title="User" width="full">
      {users.loading ? <Spinner label="Loading users" /> : null}
      {users.error ? (
        <Alert variant="error" className="load-error">
          {users.error} <Button size="sm" variant="secondary" onPress={users.retry}>Try again</Button>
        </Alert>
      ) : null}
      <DataTable
        label="Users"
        data={users.data ?? noUsers}
        columns={userColumns}
        defaultSort={byName}
        getRowId={rowId}
        emptyMessage={users.loading ? 'Loading users…' : 'There are no users yet.'}
      />
    </Page>
  );
}
