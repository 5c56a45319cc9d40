import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { InventoryProduct, StockChangeResponse } from '#shared/contract/products';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { useRecordReceipt } from '../api/stock-mutations';
import { type ReceiptFormOutput, type ReceiptFormValues, receiptFormSchema } from '../lib/stock-forms';

export interface ReceiptDialogProps {
  product: InventoryProduct | null;
  onClose: () => void;
  onRecorded: (result: StockChangeResponse) => void;
}

/** Records new production of a product arriving at the Kandy warehouse. */
export function ReceiptDialog({ product, onClose, onRecorded }: ReceiptDialogProps) {
  const receipt = useRecordReceipt();
  const { register, handleSubmit, reset, formState } = useForm<ReceiptFormValues, unknown, ReceiptFormOutput>(
    {
      resolver: zodResolver(receiptFormSchema),
      defaultValues: { units: '', note: '' },
    },
  );
  const close = () => {
    reset();
    receipt.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) => {
    if (!product) return;
    receipt.mutate(
      { productId: product.product_id, units: values.units, note: values.note || undefined },
      {
        onSuccess: (result) => {
          onRecorded(result);
          close();
        },
      },
    );
  });
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && close()}
      title="Record a receipt"
      description={
        product ? `${product.productName}: ${product.available_units} units available now.` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="receipt-form" loading={receipt.isPending}>
            Record receipt
          </Button>
        </>
      }
    >
      <form id="receipt-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {receipt.isError && (
          <Alert variant="error" title="Failed to record the receipt">
            {receipt.error.message}
          </Alert>
        )}
        <Input
          label="Units received"
          inputMode="numeric"
          required
          autoFocus
          error={formState.errors.units?.message}
          {...register('units')}
        />
        <Textarea
          label="Note"
          optional
          rows={2}
          placeholder="Production batch, delivery note..."
          error={formState.errors.note?.message}
          {...register('note')}
        />
      </form>
    </Dialog>
  );
}
