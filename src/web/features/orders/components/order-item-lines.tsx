import { Plus, Trash2 } from 'lucide-react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useFieldArray } from 'react-hook-form';
import { formatMoney } from '#shared/constants';
import type { Product } from '#shared/contract/products';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Select, type SelectOption } from '#web/components/ui/select';
import { NEW_ORDER_MESSAGES, type NewOrderFormValues } from '../lib/new-order-schema';
import type { OrderTotals } from '../lib/order-totals';

export const NO_PRODUCTS_MESSAGE = 'No products available. Contact support or try later.';

/** Units of a product the order being changed already holds (reserved for it: orderable again). */
export type HeldUnits = ReadonlyMap<string, number>;

function productOption(product: Product, held: number): SelectOption {
  const price = formatMoney(product.unitPrice);
  const outOfStock = product.available_units <= 0;
  const stock =
    held > 0
      ? `${held} on this order, ${Math.max(product.available_units, 0)} more available`
      : outOfStock
        ? 'out of stock'
        : `${product.available_units} available`;
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
  const heldOf = (product: Product) => held?.get(String(product.product_id)) ?? 0;
  const orderable = (product: Product) => product.available_units + heldOf(product);
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  // Out-of-stock products stay listed (disabled) but after the ones that can be ordered.
  const options = [...products]
    .sort((a, b) => Number(orderable(a) <= 0) - Number(orderable(b) <= 0))
    .map((product) => productOption(product, heldOf(product)));
  // Derived from the current lines: the resolver does not re-check the list-level rule on each change.
  const listError =
    submitted && totals.lines.some((line) => line.product === null)
      ? NEW_ORDER_MESSAGES.productRequired
      : null;

  return (
    <div className="space-y-4">
      {products.length === 0 && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {NO_PRODUCTS_MESSAGE}
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
            <legend className="px-1 text-xs font-medium text-slate-500">Item {index + 1}</legend>
            <Select
              label="Product"
              placeholder="Select a product"
              options={options}
              aria-invalid={missingProduct || undefined}
              {...register(`items.${index}.productId`)}
            />
            <Input
              label="Quantity"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              error={errors.items?.[index]?.quantity?.message}
              {...register(`items.${index}.quantity`, { valueAsNumber: true })}
            />
            <div className="flex items-end justify-between gap-3 sm:flex-col sm:items-end sm:pt-6">
              <p className="text-sm text-slate-700">
                <span className="text-slate-500">Line total </span>
                <span className="font-medium tabular-nums">{formatMoney(line?.lineTotal ?? 0)}</span>
              </p>
              <Button variant="ghost" size="sm" onClick={() => remove(index)} disabled={fields.length <= 1}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove<span className="sr-only"> item {index + 1}</span>
              </Button>
            </div>
            {overStock && line.product && (
              <p className="text-xs text-amber-700 sm:col-span-3">
                Only {orderable(line.product)} units of {line.product.productName} are available right now.
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
        Add Item
      </Button>
    </div>
  );
}
