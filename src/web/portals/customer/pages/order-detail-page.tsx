export function OrderDetailPage() {
  return <h1 className="text-2xl font-semibold">Order</h1>;
}
