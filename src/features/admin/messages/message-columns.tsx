import { createContext, useContext } from 'react';
import { Button } from '../../../components/ui';
import '../../../components/ui/text-link.css';
import { adminColumnHelper, timeOf } from '../data-table/table-features';
import { DateTime } from '../shared/date-time';
import { StatusBadge } from '../shared/status-badge';
import type { ContactMessage } from '../../../../openapi/schema';

/** The Open button's handler, given by the page (columns are static). */
export const OpenMessageContext = createContext<(message: ContactMessage) => void>(() => {});

const column = adminColumnHelper<ContactMessage>();

/** "Unread", "Read" or "Answered", in words (the row is also bold while unread). */
export function messageState(message: ContactMessage): 'Unread' | 'Read' | 'Answered' {
  if (message.replies.length) return 'Answered';
  return message.read ? 'Read' : 'Unread';
}

const tone = { Unread: 'waiting', Read: 'neutral', Answered: 'completed' } as const;

/** /messages: newest first (the server's order; these columns do not sort). */
export const messageColumns = column.columns([
  column.accessor((message) => timeOf(message.created), {
    id: 'created',
    header: 'Received',
    enableSorting: false,
    cell: ({ row }) => <DateTime iso={row.original.created} empty="" />,
  }),
  column.accessor('name', {
    header: 'From',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        {row.original.name}
        <br />
        <a className="text-link" href={`mailto:${row.original.email}`}>{row.original.email}</a>
      </>
    ),
  }),
  column.accessor('message', {
    header: 'Message',
    enableSorting: false,
    cell: ({ row }) => (row.original.message.length > 120 ? `${row.original.message.slice(0, 120)}…` : row.original.message),
  }),
  column.accessor((message) => messageState(message), {
    id: 'state',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => {
      const state = messageState(row.original);
      return <StatusBadge status={state} tone={tone[state]} />;
    },
  }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: ({ row }) => <OpenButton message={row.original} />,
  }),
]);

function OpenButton({ message }: { message: ContactMessage }) {
  const open = useContext(OpenMessageContext);
  return (
    <Button size="sm" variant="secondary" onPress={() => open(message)} aria-label={`Open the message from ${message.name}`}>
      Open
    </Button>
  );
}
