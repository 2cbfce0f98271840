import { Page } from '../../components/ui';
import { IllustratedMessage } from './shared/illustrated-message';

/** `*`: any path the app does not know. */
export default function NotFoundPage() {
  return (
    <Page title="Page not found" width="narrow" className="centred-page">
      <IllustratedMessage
        picture={{ src: '/images/not-found.svg', alt: 'An empty bucket with a question mark: nothing to clean here' }}
      >
        <p>Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      </IllustratedMessage>
    </Page>
  );
}
