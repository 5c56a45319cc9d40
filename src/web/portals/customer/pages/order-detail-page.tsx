import { PackageX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useOrder } from '#web/features/orders/api/get-order';
import { OrderDetailView } from '#web/features/orders/components/order-detail-view';
import { useT } from '#web/i18n/provider';
import { ApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';

function OrderNotFound() {
  const t = useT();
  return (
    <Card>
      <EmptyState
        icon={PackageX}
        title={t('order.detail.notFound')}
        description={t('order.detail.notFoundLead')}
        action={
          <Link to={paths.customer.history} className={buttonClasses('primary', 'sm')}>
            {t('order.detail.backToHistory')}
          </Link>
        }
      />
    </Card>
  );
}

function OrderDetailContent({ orderId, notice }: { orderId: number; notice: string | null }) {
  const order = useOrder(orderId);
  const t = useT();
  if (order.isPending) return <Loading label={t('order.detail.loading')} />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound />;
    return (
      <LoadError title={t('order.detail.loadFailed')} error={order.error} onRetry={() => order.refetch()} />
    );
  }
  return <OrderDetailView order={order.data} notice={notice} />;
}

export function OrderDetailPage() {
  const { orderId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // a message from the page that sent us here (a saved change), shown once: a reload drops it
  const [notice] = useState(() => (location.state as { notice?: string } | null)?.notice ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the state it was given, once
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, []);
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <OrderNotFound />;
  return <OrderDetailContent key={id} orderId={id} notice={notice} />;
}
