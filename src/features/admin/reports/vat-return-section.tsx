import { useState } from 'react';
import type { VatReturn } from '../../../../openapi/schema';
import { exportAccountsFile, getVatReturn, type AccountsFile } from '../../../api/vat-return';
import { useRequest } from '../../../shared/use-request';
import { useToast } from '../../../shared/toasts';
import { downloadBlob } from '../../../lib/download';
import { Alert, Button, Select, Spinner } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { recentVatQuarters, staggerOf, VAT_STAGGERS, type VatStagger } from '../../../../domain/money/vat-return';
import { londonDate } from '../../../../domain/time/london-time';

const BOXES: ReadonlyArray<{ box: keyof VatReturn & `box${number}`; name: string }> = [
  { box: 'box1', name: 'VAT due on sales' },
  { box: 'box2', name: 'VAT due on acquisitions from the EU' },
  { box: 'box3', name: 'Total VAT due' },
  { box: 'box4', name: 'VAT reclaimed on purchases' },
  { box: 'box5', name: 'Net VAT to pay' },
  { box: 'box6', name: 'Total sales before VAT' },
  { box: 'box7', name: 'Total purchases before VAT' },
  { box: 'box8', name: 'Supplies of goods to the EU' },
  { box: 'box9', name: 'Acquisitions of goods from the EU' },
];
const FILES: ReadonlyArray<{ file: AccountsFile; label: string; name: (start: string) => string }> = [
  { file: 'vat-return', label: 'Download the VAT return CSV', name: (start) => `vat-return-${start}.csv` },
  { file: 'xero', label: 'Download for Xero', name: (start) => `xero-sales-${start}.csv` },
  { file: 'quickbooks', label: 'Download for QuickBooks', name: (start) => `quickbooks-invoices-${start}.csv` },
];

/**
 * Issue 38 part 3 (decision 095): the VAT return of a quarter the owner picks (in the months HMRC
 * gave them), its boxes as the server summed them from the VAT invoices and credit notes, and the
 * files for the accountant.
 */
export function VatReturnSection() {
  const today = londonDate(new Date());
  const [stagger, setStagger] = useState<VatStagger>(1);
  const quarters = recentVatQuarters(today, stagger, 8);
  const [start, setStart] = useState(quarters[0]!.start);
  const figures = useRequest(getVatReturn, { auto: true, params: { start } });
  const showToast = useToast();

  const chooseStagger = (key: unknown) => {
    if (key === null) return;
    const next = Number(key) as VatStagger;
    setStagger(next);
    setStart(recentVatQuarters(today, next, 1)[0]!.start);
  };
  const download = async (file: (typeof FILES)[number]) => {
    try {
      downloadBlob(file.name(start), await exportAccountsFile(file.file, { start }));
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    }
  };

  return (
    <section className="admin-section vat-return" aria-labelledby="vat-return-heading">
      <h2 id="vat-return-heading">VAT return</h2>
      <p>From the VAT invoices whose tax point is in the quarter, less the credit notes issued in it. The business records no purchases, so boxes 4 and 7 are 0.</p>
      <div className="reports-period">
        <Select label="VAT quarters end in" options={Object.entries(VAT_STAGGERS).map(([id, label]) => ({ id: Number(id), label }))}
          selectedKey={staggerOf(start)} onSelectionChange={chooseStagger} />
        <Select label="Quarter" options={quarters.map((quarter) => ({ id: quarter.start, label: `${quarter.from} to ${quarter.to}` }))}
          selectedKey={start} onSelectionChange={(key) => key !== null && setStart(String(key))} />
      </div>
      {figures.loading ? <Spinner label="Loading the VAT return" /> : null}
      {figures.error ? (
        <Alert variant="error" className="load-error">
          {figures.error} <Button size="sm" variant="secondary" onPress={figures.retry}>Try again</Button>
        </Alert>
      ) : null}
      {figures.data ? (
        <table className="vat-return__boxes">
          <caption>VAT return, {figures.data.from} to {figures.data.to}</caption>
          <thead>
            <tr><th scope="col">Box</th><th scope="col">Description</th><th scope="col">Amount</th></tr>
          </thead>
          <tbody>
            {BOXES.map(({ box, name }) => (
              <tr key={box}>
                <th scope="row">{box.slice(3)}</th>
                <td>{name}</td>
                <td>{formatMoney(figures.data![box])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {figures.data ? <p>{figures.data.invoices} VAT invoices and {figures.data.creditNotes} credit notes; sales before VAT to the penny {formatMoney(figures.data.netSales)}.</p> : null}
      <div className="vat-return__files">
        {FILES.map((file) => (
          <Button key={file.file} variant="secondary" onPress={() => void download(file)}>{file.label}</Button>
        ))}
      </div>
    </section>
  );
}
