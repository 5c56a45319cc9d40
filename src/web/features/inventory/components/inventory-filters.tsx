import { Search } from 'lucide-react';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';

export interface InventoryFiltersProps {
  search: string;
  category: string;
  categories: readonly string[];
  onSearch: (value: string) => void;
  onCategory: (value: string) => void;
}

/** Text search on product name or category, and a category filter. */
export function InventoryFilters({
  search,
  category,
  categories,
  onSearch,
  onCategory,
}: InventoryFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
        />
        <Input
          label="Search products"
          type="search"
          placeholder="Product name or category"
          className="pl-9"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <Select
        label="Category"
        value={category}
        onChange={(e) => onCategory(e.target.value)}
        options={[{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c, label: c }))]}
      />
    </div>
  );
}
