import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { InventoryProduct } from '#shared/contract/products';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { useCreateProduct, useUpdateProductDetails } from '../api/stock-mutations';
import { type ProductFormOutput, type ProductFormValues, productFormSchema } from '../lib/stock-forms';

export interface ProductDialogProps {
  /** 'new' to add a product, a product to edit its details, null when closed. */
  target: InventoryProduct | 'new' | null;
  categories: readonly string[];
  onClose: () => void;
  onSaved: (product: InventoryProduct, created: boolean) => void;
}

const EMPTY: ProductFormValues = {
  name: '',
  category: '',
  unit_price: '',
  space_per_unit: '',
  reorder_point: '50',
  initial_units: '0',
};

const valuesOf = (p: InventoryProduct): ProductFormValues => ({
  name: p.productName,
  category: p.category,
  unit_price: p.unitPrice.toFixed(2),
  space_per_unit: String(p.space_per_unit),
  reorder_point: String(p.reorder_point),
  initial_units: '0',
});

/** Adds a product (with its opening stock) or edits name, category, price, space and reorder point. */
export function ProductDialog({ target, categories, onClose, onSaved }: ProductDialogProps) {
  const listId = useId();
  const creating = target === 'new';
  const create = useCreateProduct();
  const update = useUpdateProductDetails();
  const mutation = creating ? create : update;
  const { register, handleSubmit, reset, formState } = useForm<ProductFormValues, unknown, ProductFormOutput>(
    {
      resolver: zodResolver(productFormSchema),
      defaultValues: EMPTY,
    },
  );
  useEffect(() => {
    if (target) reset(target === 'new' ? EMPTY : valuesOf(target));
  }, [target, reset]);

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const onSubmit = handleSubmit(({ initial_units, ...details }) => {
    if (target === 'new') {
      create.mutate(
        { ...details, initial_units },
        {
          onSuccess: (p) => {
            onSaved(p, true);
            close();
          },
        },
      );
    } else if (target) {
      update.mutate(
        { ...details, productId: target.product_id },
        {
          onSuccess: (p) => {
            onSaved(p, false);
            close();
          },
        },
      );
    }
  });

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={creating ? 'Add a product' : 'Edit product details'}
      description={
        creating
          ? 'The opening stock is recorded in the product’s stock ledger.'
          : 'A new price applies to new orders; orders already placed keep their price.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="product-form" loading={mutation.isPending}>
            {creating ? 'Add product' : 'Save details'}
          </Button>
        </>
      }
    >
      <form id="product-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {mutation.isError && (
          <Alert
            variant="error"
            title={creating ? 'Failed to add the product' : 'Failed to save the details'}
            className="sm:col-span-2"
          >
            {mutation.error.message}
          </Alert>
        )}
        <Input
          label="Name"
          required
          containerClassName="sm:col-span-2"
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Input
          label="Category"
          required
          list={listId}
          error={formState.errors.category?.message}
          {...register('category')}
        />
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Input
          label="Unit price ($)"
          inputMode="decimal"
          required
          error={formState.errors.unit_price?.message}
          {...register('unit_price')}
        />
        <Input
          label="Train space per unit"
          inputMode="decimal"
          required
          hint="Cargo space one unit takes on a train, e.g. 0.5"
          error={formState.errors.space_per_unit?.message}
          {...register('space_per_unit')}
        />
        <Input
          label="Reorder point"
          inputMode="numeric"
          required
          hint="Alerts start below this many units"
          error={formState.errors.reorder_point?.message}
          {...register('reorder_point')}
        />
        {creating && (
          <Input
            label="Opening stock"
            inputMode="numeric"
            required
            error={formState.errors.initial_units?.message}
            {...register('initial_units')}
          />
        )}
      </form>
    </Dialog>
  );
}
