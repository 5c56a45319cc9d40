import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { BarChart } from '#web/components/ui/bar-chart';

/** Units in stock per category, with the number of products in each (tooltip and table). */
export function CategoryChart({ data }: { data: WarehouseStats['category_distribution'] }) {
  return (
    <figure>
      <div aria-hidden="true">
        <BarChart
          layout="horizontal"
          data={data}
          label={(c) => c.category}
          series={[{ name: 'Units', color: 'bg-indigo-500', value: (c) => c.total_units }]}
        />
      </div>
      <figcaption className="sr-only">Units per category</figcaption>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Category distribution</caption>
        <thead className="text-left text-xs text-slate-500 uppercase">
          <tr>
            <th className="py-1 font-semibold">Category</th>
            <th className="py-1 text-right font-semibold">Products</th>
            <th className="py-1 text-right font-semibold">Units</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.map((c) => (
            <tr key={c.category}>
              <td className="py-1.5 text-slate-700">{c.category}</td>
              <td className="py-1.5 text-right tabular-nums">{c.product_count}</td>
              <td className="py-1.5 text-right tabular-nums">{c.total_units.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
