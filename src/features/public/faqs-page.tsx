import { listFaqs } from '../../api/list-faqs';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { Page, TextLink } from '../../components/ui';
import { FaqList } from './shared/faq-list';
import { RequestState } from './shared/request-state';
import './faqs-page.css';

/** `/faqs`: questions and answers from GET /home/faqs; each opens and closes. */
export default function FaqsPage() {
  const faqs = useRequest(listFaqs, { auto: true });
  return (
    <Page title="Frequently asked questions" description="Answers to common questions about our cleaning services." className="faqs-page">
      <p className="faqs-page__intro">
        Can’t find your answer? <TextLink href={paths.contact}>Send us a message</TextLink> and we will get back to you.
      </p>
      <RequestState request={faqs} onRetry={faqs.retry} label="Loading questions" minHeight="20rem">
        {(list) => <FaqList faqs={list} headingLevel={2} />}
      </RequestState>
    </Page>
  );
}
