import { BILLING_MESSAGES } from "@nikki/core";
import type { DataOf, api } from "../../../lib/client";
import { toast } from "../../../lib/toast";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";
import StatusBadge from "../../ui/StatusBadge";
import Time from "../../ui/Time";

type Invoice = DataOf<typeof api.billing.invoices.$get>["invoices"][number];

const money = (invoice: Invoice) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency: invoice.currency.toUpperCase() }).format(invoice.amount / 100);

/** Invoice history (spec 001 §2): number, date in the business's zone, amount, status, and the PDF when Stripe has one. */
export default function Invoices({ invoices }: { invoices: Invoice[] }) {
  return (
    <DataTable
      caption="Invoices"
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      empty={<EmptyState message={BILLING_MESSAGES.noInvoices} />}
      columns={[
        { header: "Invoice", cell: (invoice) => invoice.number ?? "Draft" },
        { header: "Date", cell: (invoice) => <Time at={invoice.date} day /> },
        { header: "Amount", cell: money },
        { header: "Status", cell: (invoice) => <StatusBadge kind="invoice" status={invoice.status} /> },
        {
          header: "PDF",
          cell: (invoice) =>
            invoice.pdf_url ? (
              <a href={invoice.pdf_url} target="_blank" rel="noopener noreferrer">
                Download
              </a>
            ) : (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => toast({ variant: "destructive", title: BILLING_MESSAGES.noPdf })}>
                Download
              </button>
            ),
        },
      ]}
    />
  );
}
