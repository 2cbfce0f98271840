import { paths } from '../../shared/paths';
import { Page, TextLink } from '../../components/ui';
import { ContactForm } from './contact/contact-form';
import './contact-page.css';

/** `/contact`: a message to the company (POST /contact). */
export default function ContactPage() {
  return (
    <Page title="Contact us" description="Ask us anything or request a free consultation." className="contact-page">
      <div className="contact-page__grid">
        <div className="contact-page__intro">
          <p className="contact-page__lead">
            Questions about a booking, a quote for a bigger job or a free consultation: write to us and we will
            reply within one working day.
          </p>
          <ul className="contact-page__points">
            <li>Free, no-obligation advice on the right service for your home</li>
            <li>Quotes for end of tenancy, after builders and large homes</li>
            <li>Help with an existing booking</li>
          </ul>
          <p>
            Looking for a quick answer? Try our <TextLink href={paths.faqs}>frequently asked questions</TextLink>.
          </p>
          <img className="contact-page__picture" src="/images/services/house-keeping.svg" alt="" width={320} height={200} />
        </div>
        <ContactForm />
      </div>
    </Page>
  );
}
