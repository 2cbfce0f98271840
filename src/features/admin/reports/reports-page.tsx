import { useState, type FormEvent } from 'react';
import type { BusinessReport } from '../../../../openapi/schema';
import { getBusinessReport } from '../../../api/get-business-report';
import { exportAccountsCsv } from '../../../api/export-orders-csv';
import { useRequest } from '../../../shared/use-request';
import { useToast } from '../../../shared/toasts';
import { downloadBlob } from '../../../lib/download';
import { Alert, Button, DateField, Form, Page, Select, Spinner } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { londonParts } from '../../../../domain/time/london-time';
import { dayInWords } from '../../../../domain/time/london-days';
import { StatTiles } from '../shared/stat-tiles';
import { ReportChart, type ChartColumn } from './report-chart';
import { VatReturnSection } from './vat-return-section';
import './reports-page.css';

type Period = { from: string; to: string };
type Revenue = { net: number; vat: number; gross: number };

const yearPeriod = (year: number): Period => ({ from: `${year}-01-01`, to: `${year}-12-31` });
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const revenueColumns: ReadonlyArray<ChartColumn<Revenue>> = [
  { header: 'Gross', cell: (row) => formatMoney(row.gross) },
  { header: 'Net', cell: (row) => formatMoney(row.net) },
  { header: 'VAT', cell: (row) => formatMoney(row.vat) },
];
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Issue 26 item 6: the owner's report of a period of UK dates (a year, or from–to). The figures are
 * the server's (GET /admin/reports/business); this screen only draws them, each chart with its table.
 */
export function ReportsPage() {
  const thisYear = Number(londonParts(new Date()).year);
  const [period, setPeriod] = useState<Period>(yearPeriod(thisYear));
  const [draft, setDraft] = useState<Period>(period);
  const [checked, setChecked] = useState(false);
  const dateError = (value: string) => (checked && !dayInWords(value) ? 'Enter the whole date, day, month and year, e.g. 01/03/2026' : null);
  const report = useRequest(getBusinessReport, { auto: true, params: period });
  const showToast = useToast();
  const years = Array.from({ length: 5 }, (_, index) => ({ id: thisYear - index, label: String(thisYear - index) }));
  const selectedYear = period.from.endsWith('-01-01') && period.to === `${period.from.slice(0, 4)}-12-31` ? Number(period.from.slice(0, 4)) : null;

  const show = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (dayInWords(draft.from) && dayInWords(draft.to)) setPeriod(draft);
  };
  const chooseYear = (key: unknown) => {
    if (key === null) return;
    const next = yearPeriod(Number(key));
    setDraft(next);
    setPeriod(next);
  };
  const downloadAccounts = async () => {
    try {
      downloadBlob(`accounts-${period.from}-${period.to}.csv`, await exportAccountsCsv(period));
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    }
  };

  return (
    <Page title="Reports" width="full">
      <Form onSubmit={show} className="reports-period" aria-label="Period">
        <Select label="Year" options={years} selectedKey={selectedYear} onSelectionChange={chooseYear} placeholder="Choose a year" />
        <DateField label="From" description="dd/mm/yyyy, UK date" value={draft.from} onChange={(from) => setDraft((now) => ({ ...now, from }))} errorMessage={dateError(draft.from)} isRequired />
        <DateField label="To" description="dd/mm/yyyy, UK date" value={draft.to} onChange={(to) => setDraft((now) => ({ ...now, to }))} errorMessage={dateError(draft.to)} isRequired />
        <Button type="submit">Show</Button>
        <Button variant="secondary" onPress={() => void downloadAccounts()}>Download the accounts CSV</Button>
      </Form>
      {report.loading ? <Spinner label="Loading the report" /> : null}
      {report.error ? (
        <Alert variant="error" className="load-error">
          {report.error} <Button size="sm" variant="secondary" onPress={report.retry}>Try again</Button>
        </Alert>
      ) : null}
      {report.data ? <ReportSections report={report.data} /> : null}
      <VatReturnSection />
    </Page>
  );
}

function ReportSections({ report }: { report: BusinessReport }) {
  const { totals, cancellations, customers } = report;
  return (
    <>
      <StatTiles
        label={`${report.from} to ${report.to}`}
        tiles={[
          { label: 'Revenue (gross)', value: formatMoney(totals.gross), icon: '£', tone: 'primary' },
          { label: 'Net', value: formatMoney(totals.net), icon: '£', tone: 'primary' },
          { label: 'VAT', value: formatMoney(totals.vat), icon: '%', tone: 'accent' },
          { label: 'Cancellation rate', value: percent.format(cancellations.rate), icon: '✕', tone: 'danger' },
          { label: 'Refunded', value: formatMoney(cancellations.refunded), icon: '↺', tone: 'accent' },
          { label: 'Repeat customers', value: percent.format(customers.share), icon: '☺', tone: 'success' },
        ]}
      />
      <section className="admin-section" aria-labelledby="revenue-heading">
        <h2 id="revenue-heading">Revenue</h2>
        <p>VAT invoices issued less credit notes, by UK month of issue: a month adds up like the accounts CSV.</p>
        <ReportChart caption="Revenue by month" labelHeader="Month" rows={report.months} label={(row) => row.month} value={(row) => row.gross}
          columns={[...revenueColumns, { header: 'Invoices', cell: (row) => String(row.invoices) }, { header: 'Credit notes', cell: (row) => String(row.creditNotes) }]} />
        <ReportChart caption="Revenue by service" labelHeader="Service" rows={report.services} label={(row) => row.name} value={(row) => row.gross} columns={revenueColumns} />
        <ReportChart caption="Revenue by team" labelHeader="Team" rows={report.teams} label={(row) => row.name} value={(row) => row.gross} columns={revenueColumns} />
      </section>
      <section className="admin-section" aria-labelledby="cancellations-heading">
        <h2 id="cancellations-heading">Cancellations and refunds</h2>
        <ReportChart caption="Cancellations and refunds" labelHeader="Figure"
          rows={[
            { name: 'Orders for visits in the period', count: cancellations.orders, text: String(cancellations.orders) },
            { name: 'Cancelled', count: cancellations.cancelled, text: `${cancellations.cancelled} (${percent.format(cancellations.rate)})` },
            { name: 'Refunds paid', count: cancellations.refunds, text: `${cancellations.refunds} (${formatMoney(cancellations.refunded)})` },
          ]}
          label={(row) => row.name} value={(row) => row.count} columns={[{ header: 'Value', cell: (row) => row.text }]} />
      </section>
      <section className="admin-section" aria-labelledby="busy-heading">
        <h2 id="busy-heading">Busiest days and hours (UK time)</h2>
        <ReportChart caption="Visits by day of the week" labelHeader="Day" rows={report.weekdays} label={(row) => row.day} value={(row) => row.visits}
          columns={[{ header: 'Visits', cell: (row) => String(row.visits) }]} />
        <ReportChart caption="Visits by starting hour" labelHeader="Hour" rows={report.hours} label={(row) => hourText(row.hour)} value={(row) => row.visits}
          columns={[{ header: 'Visits', cell: (row) => String(row.visits) }]} />
      </section>
      <section className="admin-section" aria-labelledby="customers-heading">
        <h2 id="customers-heading">Repeat customers</h2>
        <p>{customers.repeat} of {customers.customers} customers with a visit in the period had two or more ({percent.format(customers.share)}).</p>
        <ReportChart caption="Top customers by visits" labelHeader="Customer" rows={customers.top} label={(row) => row.name} value={(row) => row.visits}
          columns={[{ header: 'Visits', cell: (row) => String(row.visits) }]} />
      </section>
    </>
  );
}
