import { BILLING_MESSAGES, type InvoiceResource } from "@nikki/core";
import { toast } from "../../../lib/toast";

const money = (invoice: InvoiceResource) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency: invoice.currency.toUpperCase() }).format(invoice.amount / 100);

/** Invoice history (spec 001 §2): number, local date, amount, status, and the PDF when Stripe has one. */
export default function Invoices({ invoices }: { invoices: InvoiceResource[] }) {
  if (invoices.length === 0) return <p className="dash-empty">{BILLING_MESSAGES.noInvoices}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">Invoices</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{invoice.number ?? "Draft"}</td>
              <td>{new Date(invoice.date).toLocaleDateString()}</td>
              <td>{money(invoice)}</td>
              <td>
                <span className={`badge ${invoice.status === "paid" ? "badge-positive" : "badge-neutral"}`}>{invoice.status}</span>
              </td>
              <td>
                {invoice.pdf_url ? (
                  <a href={invoice.pdf_url} target="_blank" rel="noopener noreferrer">
                    Download
                  </a>
                ) : (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => toast({ variant: "destructive", title: BILLING_MESSAGES.noPdf })}>
                    Download
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
