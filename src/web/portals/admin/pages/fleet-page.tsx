import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { PageHeader } from '#web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { RoutesTab } from '#web/features/fleet/components/routes-tab';
import { StoresTab } from '#web/features/fleet/components/stores-tab';
import { TrucksTab } from '#web/features/fleet/components/trucks-tab';

const TABS = ['trucks', 'routes', 'stores'] as const;

/** /admin/fleet: the trucks, routes and stores, each added, edited and deleted (`?tab=`). */
export function FleetPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'trucks';
  const [message, setMessage] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const notify = (variant: 'success' | 'error', text: string) => setMessage({ variant, text });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Fleet"
        description="The trucks of each store, the routes they take and the stores near the stations. Every change is in the audit log."
      />
      {message && (
        <Alert variant={message.variant} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Tabs
        value={tab}
        onValueChange={(next) => {
          setMessage(null);
          setParams(next === 'trucks' ? {} : { tab: next }, { replace: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="trucks">Trucks</TabsTrigger>
          <TabsTrigger value="routes">Routes</TabsTrigger>
          <TabsTrigger value="stores">Stores</TabsTrigger>
        </TabsList>
        <TabsContent value="trucks">
          <TrucksTab notify={notify} />
        </TabsContent>
        <TabsContent value="routes">
          <RoutesTab notify={notify} />
        </TabsContent>
        <TabsContent value="stores">
          <StoresTab notify={notify} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
