import { listUsers, type UserListQuery } from '../../../api/list-users';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { startFetch } from '../../../shared/preload';
import { firstPage, pageQuery, useServerTable, type ServerPageQuery } from '../data-table/use-server-table';
import { userColumns } from './user-columns';
import type { AdminUser } from '../../../../openapi/schema';

const byName = [{ id: 'name', desc: false }];
const rowId = (user: AdminUser) => String(user.id);

/** What UsersPage asks for first, started before it renders (first-reads.ts). */
export function startUsersReads(): void {
  startFetch(listUsers, pageQuery<UserListQuery & ServerPageQuery>({}, firstPage, byName));
}

/** R-ADMIN-3 /users: the users a page at a time, sorted and paged by the server. */
export function UsersPage() {
  const users = useServerTable<AdminUser, UserListQuery & { limit: number; page: number }>(listUsers, { defaultSort: byName, rowId });
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
        data={users.rows}
        rowCount={users.total}
        columns={userColumns}
        {...users.table}
        getRowId={rowId}
        emptyMessage={users.loaded ? 'There are no users yet.' : 'Loading users…'}
      />
    </Page>
  );
}
