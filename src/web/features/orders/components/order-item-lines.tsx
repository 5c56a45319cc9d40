import { Plus, Trash2 } from 'lucide-react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useFieldArray } from 'react-hook-form';
import type { Product } from '#shared/contract/products';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Select, type SelectOption } from '#web/components/ui/select';
import type { Formatters } from '#web/i18n/format';
import { type Translate, useFormat, useT } from '#web/i18n/provider';
import type { NewOrderFormValues } from '../lib/new-order-schema';
import type { OrderTotals } from '../lib/order-totals';

/** Units of a product the order being changed already holds (reserved for it: orderable again). */
export type HeldUnits = ReadonlyMap<string, number>;

function productOption(t: Translate, f: Formatters, product: Product, held: number): SelectOption {
  const price = f.money(product.unitPrice);
  const outOfStock = product.available_units <= 0;
  const stock =
    held > 0
      ? t('order.stock.held', { held, more: Math.max(product.available_units, 0) })
      : outOfStock
        ? t('order.stock.out')
        : t('order.stock.available', { count: product.available_units });
  return {
    value: String(product.product_id),
    label: `${product.productName} — ${price} (${stock})`,
    disabled: outOfStock && held <= 0,
  };
}

export interface OrderItemLinesProps {
  control: Control<NewOrderFormValues>;
  register: UseFormRegister<NewOrderFormValues>;
  errors: FieldErrors<NewOrderFormValues>;
  products: readonly Product[];
  totals: OrderTotals;
  submitted: boolean;
  /** Changing an order: what it already holds of each product (decision 0063). */
  held?: HeldUnits;
}

/** The item lines of the new-order form: product, quantity and line total, at least one line. */
export function OrderItemLines({
  control,
  register,
  errors,
  products,
  totals,
  submitted,
  held,
}: OrderItemLinesProps) {
  const t = useT();
  const f = useFormat();
  const heldOf = (product: Product) => held?.get(String(product.product_id)) ?? 0;
  const orderable = (product: Product) => product.available_units + heldOf(product);
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  // Out-of-stock products stay listed (disabled) but after the ones that can be ordered.
  const options = [...products]
    .sort((a, b) => Number(orderable(a) <= 0) - Number(orderable(b) <= 0))
    .map((product) => productOption(t, f, product, heldOf(product)));
  // Derived from the current lines: the resolver does not re-check the list-level rule on each change.
  const listError =
    submitted && totals.lines.some((line) => line.product === null) ? t('validation.productRequired') : null;

  return (
    <div className="space-y-4">
      {products.length === 0 && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('order.noProducts')}
        </p>
      )}
      {fields.map((field, index) => {
        const line = totals.lines[index];
        const missingProduct = submitted && line?.product === null;
        const overStock = line?.product && line.quantity > orderable(line.product);
        return (
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_8rem_auto] sm:items-start"
          >
            <legend className="px-1 text-xs font-medium text-slate-500">
              {t('order.itemN', { n: index + 1 })}
            </legend>
            <Select
              label={t('order.product')}
              placeholder={t('validation.selectProduct')}
              options={options}
              aria-invalid={missingProduct || undefined}
              {...register(`items.${index}.productId`)}
            />
            <Input
              label={t('order.quantity')}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              error={errors.items?.[index]?.quantity?.message}
              {...register(`items.${index}.quantity`, { valueAsNumber: true })}
            />
            <div className="flex items-end justify-between gap-3 sm:flex-col sm:items-end sm:pt-6">
              <p className="text-sm text-slate-700">
                <span className="text-slate-500">{t('order.lineTotal')} </span>
                <span className="font-medium tabular-nums">{f.money(line?.lineTotal ?? 0)}</span>
              </p>
              <Button variant="ghost" size="sm" onClick={() => remove(index)} disabled={fields.length <= 1}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('order.remove')}
                <span className="sr-only"> {t('order.itemN', { n: index + 1 })}</span>
              </Button>
            </div>
            {overStock && line.product && (
              <p className="text-xs text-amber-700 sm:col-span-3">
                {t('order.stock.only', { count: orderable(line.product), product: line.product.productName })}
              </p>
            )}
          </fieldset>
        );
      })}
      {listError && <p className="text-sm font-medium text-red-600">{listError}</p>}
      <Button
        variant="secondary"
        onClick={() => append({ productId: '', quantity: 1 })}
        disabled={products.length === 0}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('order.addItem')}
      </Button>
    </div>
  );
}
