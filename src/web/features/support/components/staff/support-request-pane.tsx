import { Mail, Phone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { SupportRequestDetail } from '#shared/contract/support';
import { Alert } from '#web/components/ui/alert';
import { StatusBadge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { formatDate } from '#web/lib/format';
import { usePageTitle } from '#web/lib/page-title';
import { useSupportRequest } from '../../api/get-support-request';
import { SUPPORT_STATUS_META, supportTime } from '../../lib/support-status';
import { Conversation } from '../conversation';
import { MessageForm } from '../message-form';
import { SupportStatusBadge } from '../support-status-badge';
import { CloseRequestDialog } from './close-request-dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

export interface OrderLink {
  to: string;
  label: string;
}

function Customer({ c }: { c: SupportRequestDetail['customer'] }) {
  return (
    <div className="text-sm text-slate-800">
      <p className="font-medium text-slate-900">{c.name}</p>
      <p className="text-slate-600">
        {c.type} · {c.city || 'no city'}
      </p>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {c.contact_number && (
          <a
            href={`tel:${c.contact_number.replace(/\s/g, '')}`}
            className="inline-flex items-center gap-1.5 text-indigo-700 hover:underline"
          >
            <Phone aria-hidden="true" className="size-3.5" />
            {c.contact_number}
          </a>
        )}
        {c.email && (
          <a
            href={`mailto:${c.email}`}
            className="inline-flex items-center gap-1.5 text-indigo-700 hover:underline"
          >
            <Mail aria-hidden="true" className="size-3.5" />
            {c.email}
          </a>
        )}
      </div>
    </div>
  );
}

export interface SupportRequestPaneProps {
  requestId: number;
  /** Where the linked order opens in this portal. */
  orderLink: (order: NonNullable<SupportRequestDetail['order']>) => OrderLink;
}

/** A request in the staff inbox: customer, order, conversation, the answer box and Close. */
export function SupportRequestPane({ requestId, orderLink }: SupportRequestPaneProps) {
  const request = useSupportRequest(requestId);
  usePageTitle(`Request #${requestId}`);
  const [closing, setClosing] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (request.isPending) return <Loading label={`Loading request #${requestId}...`} />;
  if (request.isError) {
    return (
      <LoadError
        title={`Failed to load request #${requestId}`}
        error={request.error}
        onRetry={() => request.refetch()}
      />
    );
  }
  const r = request.data;
  const closed = r.status === 'Closed';
  const link = r.order ? orderLink(r.order) : null;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">
            #{r.request_id} · {r.subject}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Sent {supportTime(r.created_at)} · {SUPPORT_STATUS_META[r.status].staff}
          </p>
        </div>
        <SupportStatusBadge status={r.status} />
      </div>
      {done && (
        <Alert variant="success" onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Section title="Customer">
          <Customer c={r.customer} />
        </Section>
        <Section title="Order">
          {r.order && link ? (
            <div className="space-y-1 text-sm text-slate-800">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={link.to} className="font-medium text-indigo-700 hover:underline">
                  {link.label}
                </Link>
                <StatusBadge status={r.order.status} />
              </p>
              <p className="text-slate-600">
                Placed {formatDate(r.order.order_date)} · deliver by {formatDate(r.order.schedule_date)}
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-600">Not about a particular order.</p>
          )}
        </Section>
      </div>
      <Section title="Conversation">
        <Conversation messages={r.messages} viewer="staff" />
      </Section>
      {closed ? (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Closed {supportTime(r.closed_at)}
          {r.closed_by_name && ` by ${r.closed_by_name}`}. It reopens here if the customer writes again.
        </p>
      ) : (
        <div className="border-t border-slate-100 pt-4">
          <MessageForm
            requestId={r.request_id}
            label="Answer"
            submitLabel="Send answer"
            hint="The customer is notified and reads it on their Support page."
            actions={
              <Button variant="secondary" onClick={() => setClosing(true)}>
                Close request
              </Button>
            }
          />
        </div>
      )}
      <CloseRequestDialog
        requestId={r.request_id}
        open={closing}
        onOpenChange={setClosing}
        onDone={setDone}
      />
    </div>
  );
}
