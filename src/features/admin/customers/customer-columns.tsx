import { paths } from '../../../shared/paths';
import { TextLink } from '../../../components/ui';
import { adminColumnHelper, timeOf } from '../data-table/table-features';
import { DateTime } from '../shared/date-time';
import type { CustomerSummary } from '../../../../openapi/schema';

const column = adminColumnHelper<CustomerSummary>();

/** /customers: each name opens the customer's record; an anonymised account says so in words. */
export const customerColumns = column.columns([
  column.accessor('id', { header: 'Id', sortFn: 'basic' }),
  column.accessor('name', {
    header: 'Name',
    sortFn: 'text',
    cell: ({ row }) => <TextLink href={paths.admin.customer(row.original.id)}>{row.original.name}</TextLink>,
  }),
  column.accessor((customer) => customer.email ?? '', {
    id: 'email',
    header: 'Email',
    sortFn: 'text',
    cell: ({ row }) => (row.original.anonymised ? 'Anonymised' : row.original.email),
  }),
  column.accessor((customer) => timeOf(customer.created), {
    id: 'created',
    header: 'Customer since',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <DateTime iso={row.original.created} empty="" />,
  }),
]);
