import { useState } from 'react';
import { PageHeader } from '#web/components/ui/page-header';
import { lastDays } from '#web/components/ui/period-picker';
import {
  DeliveryPerformancePanel,
  PERFORMANCE_PREVIEW_ROWS,
} from '#web/features/manager-reports/components/delivery-performance-panel';
import { DriverHoursPanel } from '#web/features/manager-reports/components/driver-hours-panel';
import { TruckUsagePanel } from '#web/features/manager-reports/components/truck-usage-panel';
import { todayIso } from '#web/lib/format';
import { paths } from '#web/lib/paths';

/** /manager/reports: truck usage, driver hours and delivery performance (first 8 rows). */
export function ManagerReportsPage() {
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  const [hoursPeriod, setHoursPeriod] = useState(() => lastDays(30));
  const [performancePeriod, setPerformancePeriod] = useState(() => lastDays(30));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        description="Fleet and crew use, and how deliveries keep their dates."
        className="mb-0"
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <TruckUsagePanel month={month} onMonthChange={setMonth} />
        <DriverHoursPanel period={hoursPeriod} onPeriodChange={setHoursPeriod} />
      </div>
      <DeliveryPerformancePanel
        period={performancePeriod}
        onPeriodChange={setPerformancePeriod}
        allLink={paths.manager.deliveryPerformance}
        pageSize={PERFORMANCE_PREVIEW_ROWS}
      />
    </div>
  );
}
