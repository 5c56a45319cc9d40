import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';

/** Units in stock per category, with the number of products in each (tooltip and table). */
export function CategoryChart({ data }: { data: WarehouseStats['category_distribution'] }) {
  return (
    <figure>
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="category" width={110} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => [Number(value).toLocaleString('en-US'), 'Units']} />
            <Bar dataKey="total_units" fill="#6366f1" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
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
