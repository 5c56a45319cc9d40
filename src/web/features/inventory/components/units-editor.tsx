import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { InventoryProduct } from '#shared/contract/products';
import { Button } from '#web/components/ui/button';
import { controlClasses } from '#web/components/ui/field';
import { parseUnits } from '../lib/stock-forms';

export interface UnitsEditorProps {
  product: InventoryProduct;
  saving: boolean;
  onSave: (units: number, reason: string) => void;
  onCancel: () => void;
}

/** Inline count of a product's units: a whole number of at least 0, with an optional reason. */
export function UnitsEditor({ product, saving, onSave, onCancel }: UnitsEditorProps) {
  const id = useId();
  const [text, setText] = useState(String(product.available_units));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = parseUnits(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSave(parsed.value, reason.trim());
  };

  return (
    <form
      className="flex min-w-52 flex-col gap-1.5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <div className="flex items-center gap-1.5">
        <label htmlFor={`${id}-units`} className="sr-only">
          Available units of {product.productName}
        </label>
        <input
          id={`${id}-units`}
          inputMode="numeric"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={controlClasses(Boolean(error), 'w-24 py-1 text-right tabular-nums')}
        />
        <Button type="submit" size="sm" loading={saving} aria-label="Save units">
          {!saving && <Check aria-hidden="true" className="size-4" />}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label="Cancel editing" disabled={saving}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <label htmlFor={`${id}-reason`} className="sr-only">
        Reason for the count
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        placeholder="Reason (optional)"
        onChange={(e) => setReason(e.target.value)}
        className={controlClasses(false, 'py-1 text-xs')}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
