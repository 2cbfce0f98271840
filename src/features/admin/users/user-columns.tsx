import { paths } from '../../../shared/paths';
import { TextLink } from '../../../components/ui';
import { adminColumnHelper, timeOf } from '../data-table/table-features';
import { DateTime } from '../shared/date-time';
import type { AdminUser } from '../../../../openapi/schema';

const column = adminColumnHelper<AdminUser>();

/** R-ADMIN-3 /users: Id, FullName, Email, Created At; each sorts by its real value; a name opens the customer's record. */
export const userColumns = column.columns([
  column.accessor('id', { header: 'Id', sortFn: 'basic' }),
  column.accessor('name', {
    header: 'FullName',
    sortFn: 'text',
    cell: ({ row }) => <TextLink href={paths.admin.customer(row.original.id)}>{row.original.name}</TextLink>,
  }),
  column.accessor('email', { header: 'Email', sortFn: 'text' }),
  column.accessor((user) => timeOf(user.created), {
    id: 'created',
    header: 'Created At',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.created} empty="" />,
  }),
]);
