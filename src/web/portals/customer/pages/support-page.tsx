import { useSearchParams } from 'react-router';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { PageHeader } from '#web/components/ui/page-header';
import { useOrders } from '#web/features/orders/api/get-orders';
import { ContactCard } from '#web/features/support/components/contact-card';
import { SupportRequestForm } from '#web/features/support/components/support-request-form';
import { SupportRequestList } from '#web/features/support/components/support-request-list';
import { useT } from '#web/i18n/provider';
import { SUPPORT_CONTACT } from '../support-contact';

// The API caps a page at 100 rows: the most recent orders are the ones people ask about.
const ORDER_CHOICES = { page: 1, page_size: 100 } as const;

export function SupportPage() {
  const orders = useOrders(ORDER_CHOICES);
  const t = useT();
  // the request shown open (?request=): a notification about an answer links to it
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('request')) || null;
  const setOpen = (id: number | null) => setParams(id ? { request: String(id) } : {}, { replace: true });
  return (
    <div>
      <PageHeader title={t('nav.support')} description={t('support.lead')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title={t('support.yourRequests')} />
            <SupportRequestList openId={openId} onOpenChange={setOpen} />
          </Card>
          <Card>
            <CardHeader title={t('support.sendRequest')} />
            <CardBody>
              <SupportRequestForm orders={orders.data?.rows ?? []} onSent={setOpen} />
            </CardBody>
          </Card>
        </div>
        <div className="lg:self-start">
          <ContactCard contact={SUPPORT_CONTACT} />
        </div>
      </div>
    </div>
  );
}
