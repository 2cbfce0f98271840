import { useParams } from 'react-router-dom';
import { getCreditNotePdf, getReceiptPdf } from '../../api/document-pdfs';
import { getReceipt } from '../../api/get-receipt';
import { pageId } from '../../../domain/site/page-routes';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, Card, LinkButton, Page, Spinner } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../../domain/money/money';
import { orderNumberShown } from '../../../domain/orders/order-reference';
import { PdfDownloadButton } from '../../shared/pdf-download-button';
import { OrderDocumentsList } from '../../shared/order-documents-list';
import './orders.css';
import './receipt-print.css';

/** "000042": the invoice number as the mail and the page both write it. */
const invoiceLabel = (number: number) => String(number).padStart(6, '0');

/**
 * `/orders/:id/receipt`: the VAT invoice of one of my paid orders (issue 14 section 3). The server
 * issues and numbers it; the page shows the company's VAT number and net, VAT and gross.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const orderId = pageId(id) ?? 0;
  const receipt = useRequest(getReceipt, { auto: orderId > 0, params: { id: orderId } });
  const invoice = receipt.data;

  return (
    <Page title={invoice ? `VAT invoice for order ${orderNumberShown(invoice)}` : 'VAT invoice'} heading="VAT invoice" className="receipt">
      <div className="receipt__actions">
        <LinkButton href={paths.myOrders} variant="secondary" size="sm" className="receipt__back">
          <span aria-hidden="true">←</span> Back to My orders
        </LinkButton>
        {invoice ? (
          <>
            <PdfDownloadButton load={() => getReceiptPdf(invoice.order_id)}>Download invoice (PDF)</PdfDownloadButton>
            {invoice.creditNote ? <PdfDownloadButton load={() => getCreditNotePdf(invoice.order_id)}>Download credit note (PDF)</PdfDownloadButton> : null}
            <Button size="sm" variant="secondary" onPress={() => window.print()}>Print</Button>
          </>
        ) : null}
      </div>
      {receipt.loading && !invoice ? <Spinner label="Loading the invoice" /> : null}
      {receipt.failed || orderId === 0 ? (
        <Alert variant="error">
          {receipt.error ?? 'Order not found'}{' '}
          {orderId > 0 ? <Button size="sm" variant="secondary" onPress={receipt.retry}>Try again</Button> : null}
        </Alert>
      ) : null}
      {invoice ? (
        <Card as="article" className="receipt__card" aria-labelledby="receipt-number">
          <h2 id="receipt-number" className="receipt__number">Invoice number {invoiceLabel(invoice.number)}</h2>
          <dl className="receipt__facts">
            <div><dt>Issued</dt><dd>{formatDateTime(invoice.issued)} (UK time)</dd></div>
            <div><dt>Time of supply</dt><dd>{formatDateTime(invoice.supplied)} (UK time)</dd></div>
            <div><dt>From</dt><dd>{invoice.company}, {invoice.supplierAddress}</dd></div>
            <div><dt>VAT registration number</dt><dd>{invoice.vatNumber}</dd></div>
            <div><dt>Customer</dt><dd>{invoice.customer}</dd></div>
            <div><dt>Address</dt><dd>{invoice.address}</dd></div>
            <div><dt>Order</dt><dd>#{invoice.reference}: {invoice.service}</dd></div>
            {invoice.due ? <div><dt>Booking date</dt><dd>{formatDateTime(invoice.due)} (UK time)</dd></div> : null}
          </dl>
          {/* Seven columns do not fit a phone: the table scrolls inside its own region, the page never
              does (WCAG 1.4.10's exception for data tables; decision 076). Focusable, so a keyboard scrolls it. */}
          <div className="receipt__lines-scroll" role="region" aria-label="Lines of the invoice" tabIndex={0}>
          <table className="receipt__lines">
            <caption className="visually-hidden">Lines of the invoice</caption>
            <thead>
              <tr>
                <th scope="col">Description</th><th scope="col">Quantity</th><th scope="col">Unit price excl. VAT</th><th scope="col">VAT rate</th>
                <th scope="col">Net</th><th scope="col">VAT</th><th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, index) => (
                <tr key={`${line.kind}-${index}`}>
                  <td>{line.name}</td>
                  <td>{line.quantity ?? ''}</td>
                  <td>{line.unitNet === null ? '' : formatMoney(line.unitNet)}</td>
                  <td>{line.vatRate}%</td>
                  <td>{formatMoney(line.net)}</td>
                  <td>{formatMoney(line.vat)}</td>
                  <td>{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          <dl className="receipt__totals">
            {invoice.vatRates.length > 1
              ? invoice.vatRates.map((rate) => (
                  <div key={rate.rate}><dt>At {rate.rate}% VAT</dt><dd>net {formatMoney(rate.net)}, VAT {formatMoney(rate.vat)}</dd></div>
                ))
              : null}
            <div><dt>Net</dt><dd>{formatMoney(invoice.net)}</dd></div>
            <div><dt>VAT{invoice.vatRates.length === 1 ? ` (${invoice.vatRates[0]!.rate}%)` : ''}</dt><dd>{formatMoney(invoice.vat)}</dd></div>
            <div><dt>Gross</dt><dd>{formatMoney(invoice.gross)}</dd></div>
          </dl>
        </Card>
      ) : null}
      {invoice?.creditNote ? (
        <Card as="article" className="receipt__card" aria-labelledby="credit-note-number">
          <h2 id="credit-note-number" className="receipt__number">Credit note {invoice.creditNote.label}</h2>
          <dl className="receipt__facts">
            <div><dt>Issued</dt><dd>{formatDateTime(invoice.creditNote.issued)} (UK time)</dd></div>
            <div><dt>Credits VAT invoice</dt><dd>{invoiceLabel(invoice.creditNote.invoice)}</dd></div>
            <div><dt>Customer</dt><dd>{invoice.creditNote.customer}, {invoice.creditNote.address}</dd></div>
            <div><dt>Reason</dt><dd>{invoice.creditNote.reason}</dd></div>
          </dl>
          <dl className="receipt__totals">
            {invoice.creditNote.vatRates.map((rate) => (
              <div key={rate.rate}><dt>Credited at {rate.rate}% VAT</dt><dd>net {formatMoney(rate.net)}, VAT {formatMoney(rate.vat)}</dd></div>
            ))}
            <div><dt>Net credited</dt><dd>{formatMoney(invoice.creditNote.net)}</dd></div>
            <div><dt>VAT credited</dt><dd>{formatMoney(invoice.creditNote.vat)}</dd></div>
            <div><dt>Total credited</dt><dd>{formatMoney(invoice.creditNote.gross)}</dd></div>
          </dl>
        </Card>
      ) : null}
      {invoice && invoice.documents.length > 1 ? (
        <Card as="section" className="receipt__card receipt__documents" aria-labelledby="receipt-documents">
          <h2 id="receipt-documents" className="receipt__number">Every invoice and credit note of this order</h2>
          <OrderDocumentsList
            documents={invoice.documents}
            load={(document) => (document.kind === 'invoice' ? getReceiptPdf(invoice.order_id, document.number) : getCreditNotePdf(invoice.order_id, document.number))}
          />
        </Card>
      ) : null}
    </Page>
  );
}
