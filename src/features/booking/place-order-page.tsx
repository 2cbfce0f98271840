import { Page } from '../../components/ui';

/** Placeholder so the router builds; the owner of this screen replaces this file. */
export default function PlaceholderPage() {
  return (
    <Page title="Place your order">
      <p>This page is being built.</p>
    </Page>
  );
}
