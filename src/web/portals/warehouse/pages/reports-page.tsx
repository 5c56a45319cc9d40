import { formatMoney } from '#shared/constants';
import type { CurrentStockRow, ProductPerformanceRow } from '#shared/contract/stock-reports';
import { PageHeader } from '#web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { ReportPanel } from '#web/features/stock-reports/components/report-panel';
import {
  currentStockColumns,
  productPerformanceColumns,
} from '#web/features/stock-reports/components/report-tables';

const sum = <Row,>(rows: readonly Row[], pick: (r: Row) => number) => rows.reduce((n, r) => n + pick(r), 0);

export function ReportsPage() {
  return (
    <div>
      <PageHeader
        title="Stock reports"
        description="Current stock and product performance, for any period, as CSV or PDF."
      />
      <Tabs defaultValue="current-stock">
        <TabsList>
          <TabsTrigger value="current-stock">Current stock</TabsTrigger>
          <TabsTrigger value="product-performance">Product performance</TabsTrigger>
        </TabsList>
        <TabsContent value="current-stock">
          <ReportPanel<CurrentStockRow>
            name="current-stock"
            title="Current stock"
            description="Units at the Kandy warehouse now, their value, and the units sold in the period."
            columns={currentStockColumns}
            rowKey={(r) => r.product_id}
            summary={(rows) =>
              `${rows.length} products · ${sum(rows, (r) => r.current_stock).toLocaleString('en-US')} units worth ${formatMoney(sum(rows, (r) => r.stock_value))}`
            }
          />
        </TabsContent>
        <TabsContent value="product-performance">
          <ReportPanel<ProductPerformanceRow>
            name="product-performance"
            title="Product performance"
            description="Units sold, revenue and orders per product in the period (cancelled orders excluded)."
            columns={productPerformanceColumns}
            rowKey={(r) => r.product_id}
            summary={(rows) =>
              `${sum(rows, (r) => r.total_quantity_sold).toLocaleString('en-US')} units sold for ${formatMoney(sum(rows, (r) => r.total_revenue))}`
            }
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
