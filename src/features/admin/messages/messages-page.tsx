import { useCallback, useState } from 'react';
import type { Key } from 'react-aria-components';
import { listMessages, type MessageListQuery } from '../../../api/list-messages';
import { markMessageRead } from '../../../api/mark-message-read';
import { Alert, Button, Page, Select, Spinner } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { useServerTable } from '../data-table/use-server-table';
import { MessageDialog } from './message-dialog';
import { messageColumns, OpenMessageContext } from './message-columns';
import '../customers/customers.css';
import type { ContactMessage } from '../../../../openapi/schema';

const newestFirst: { id: string; desc: boolean }[] = [];
const rowId = (message: ContactMessage) => String(message.id);
const shows = [
  { id: 'all', label: 'All messages' },
  { id: 'unread', label: 'Unread only' },
] as const;

/** /messages: the contact form's messages, newest first, unread ones marked; open one to read and answer it. */
export function MessagesPage() {
  const [show, setShow] = useState<Key>('all');
  const messages = useServerTable<ContactMessage, MessageListQuery & { limit: number; page: number }>(listMessages, {
    defaultSort: newestFirst,
    rowId,
    filter: show === 'unread' ? { status: 'unread' } : {},
  });
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const { updateRow } = messages;
  const saved = useCallback(
    (message: ContactMessage) => {
      updateRow(message);
      setOpen(message);
    },
    [updateRow],
  );
  const openMessage = useCallback(
    (message: ContactMessage) => {
      setOpen(message);
      // Opening reads it; the row loses its Unread mark when the server agrees.
      if (!message.read) markMessageRead(message.id).then(saved, () => {});
    },
    [saved],
  );

  return (
    <Page title="Messages" width="full">
      <div className="customers__search">
        <Select label="Show" options={shows} selectedKey={show} onSelectionChange={(key) => setShow(key ?? 'all')} />
      </div>
      {messages.loading ? <Spinner label="Loading messages" /> : null}
      {messages.error ? (
        <Alert variant="error" className="load-error">
          {messages.error} <Button size="sm" variant="secondary" onPress={messages.retry}>Try again</Button>
        </Alert>
      ) : null}
      <OpenMessageContext.Provider value={openMessage}>
        <DataTable
          label="Contact messages, newest first"
          data={messages.rows}
          rowCount={messages.total}
          columns={messageColumns}
          {...messages.table}
          getRowId={rowId}
          rowClassName={(message) => (message.read ? undefined : 'message-row--unread')}
          emptyMessage={messages.loaded ? 'There are no messages.' : 'Loading messages…'}
        />
      </OpenMessageContext.Provider>
      <MessageDialog message={open} onClose={() => setOpen(null)} onSaved={saved} />
    </Page>
  );
}
